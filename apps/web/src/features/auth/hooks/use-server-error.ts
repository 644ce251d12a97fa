// The failure under an auth form (spec 01 §4, §8), shown by ServerErrorAlert; 'Login session expired.' or
// 401.2 also sends the user back to the login page after 4 s.
import { useCallback, useState } from 'react';
import { TIMINGS } from '@showfloor/contracts';
import { isSessionExpired, type AppError } from '../../../lib/api/app-error.ts';
import { loginPath } from '../../../lib/session/session.ts';
import { useDelayedRedirect } from './use-delayed-redirect.ts';

export function useServerError() {
  const [serverError, setServerError] = useState<AppError>();
  const redirectLater = useDelayedRedirect();
  const clear = useCallback(() => setServerError(undefined), []);
  const show = useCallback((error: AppError) => setServerError(error), []);
  const showFailure = useCallback(
    (error: AppError, eventCode: string) => {
      setServerError(error);
      if (isSessionExpired(error)) redirectLater(loginPath(eventCode), TIMINGS.SESSION_EXPIRED_REDIRECT_MS);
    },
    [redirectLater],
  );
  return { serverError, clear, show, showFailure };
}
