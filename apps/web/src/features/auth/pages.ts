// The auth feature's routed pages, for src/app's route table. Only lazy loaders live here: this file is part of
// the first bundle, so each page stays in its own chunk (apps/web/README.md "The login route's weight").
export const authPages = {
  layout: () => import('./components/auth-layout.tsx').then((m) => ({ default: m.AuthLayout })),
  login: () => import('./routes/login-page.tsx'),
  registration: () => import('./routes/registration-page.tsx'),
  registrationSuccess: () => import('./routes/registration-success-page.tsx'),
  forgotPassword: () => import('./routes/forgot-password-page.tsx'),
  forgotPasswordSuccess: () => import('./routes/forgot-password-success-page.tsx'),
  resetPassword: () => import('./routes/reset-password-page.tsx'),
  resetPasswordSuccess: () => import('./routes/reset-password-success-page.tsx'),
  oauth2Callback: () => import('./routes/oauth2-callback-page.tsx'),
};
