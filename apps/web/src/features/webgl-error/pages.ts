// The graphics-error scene page, lazily loaded by src/app/scene-routes.tsx.
export const webglErrorPage = () => import('./routes/webgl-error-page.tsx');
