// The server's message under an auth form (spec 01 §4): shown as the server gives it; 'Login session expired.'
// or 401.2 also sends the user back to the login page after 4 s (spec 01 §4, §8).
import { useCallback, useState } from 'react';
import { TIMINGS } from '@showfloor/contracts';
import { isSessionExpired, type AppError } from '../../../lib/app-error.ts';
import { loginPath } from '../../../lib/session.ts';
import { useDelayedRedirect } from './use-delayed-redirect.ts';

export function useServerError() {
  const [serverError, setServerError] = useState<string>();
  const redirectLater = useDelayedRedirect();
  const clear = useCallback(() => setServerError(undefined), []);
  const show = useCallback((message: string) => setServerError(message), []);
  const showFailure = useCallback(
    (error: AppError, eventCode: string) => {
      setServerError(error.message);
      if (isSessionExpired(error)) redirectLater(loginPath(eventCode), TIMINGS.SESSION_EXPIRED_REDIRECT_MS);
    },
    [redirectLater],
  );
  return { serverError, clear, show, showFailure };
}
