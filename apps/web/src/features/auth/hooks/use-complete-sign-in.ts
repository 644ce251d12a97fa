// A successful sign-in (login, SSO): store the user with the sign-in defaults, remember the event and access
// code, then go where the user wanted to go.
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { STORAGE_KEYS, type CurrentUser } from '@showfloor/contracts';
import { startSession } from '../../../lib/session/session.ts';

export function useCompleteSignIn() {
  const navigate = useNavigate();
  return useCallback(
    async (user: CurrentUser, target: string, accessCode?: string) => {
      await startSession(user);
      if (accessCode) window.localStorage.setItem(STORAGE_KEYS.ACCESS_CODE, accessCode);
      await navigate(target, { replace: true });
    },
    [navigate],
  );
}
