/**
 * Provider pages a browser navigates to during single sign-on that are not catalogue calls: the demo SSO
 * provider's fake identity page (GET shows the form, POST answers a redirect to the app's relative
 * /auth/callback/oauth2/{provider}?code=...). Passed through the file proxy as public.
 */
export const OAUTH2_IDENTITY_PAGE = '/api/v1/auth/oauth2/identity';

export const OAUTH2_BROWSER_PAGES: ReadonlyArray<{ method: string; path: string }> = [
  { method: 'GET', path: OAUTH2_IDENTITY_PAGE },
  { method: 'POST', path: OAUTH2_IDENTITY_PAGE },
];
