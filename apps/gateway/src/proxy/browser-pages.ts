/**
 * Provider pages a browser navigates to during single sign-on that are not catalogue calls (the mock
 * provider's fake identity page and its form). Passed through the file proxy as public.
 */
export const OAUTH2_BROWSER_PAGES: ReadonlyArray<{ method: string; path: string }> = [];
