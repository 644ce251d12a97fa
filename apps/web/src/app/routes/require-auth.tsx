// The guard (spec 01 §2): an unauthenticated user goes to /auth/login, and the requested location is kept so
// the login returns there. The login page names the event: the link's own `event` query, else the last (or the
// only) event (lib/session/session.ts lastEventCode), so the visitor is not asked for a code they may not know.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { GuardState } from '../../lib/session/redirect.ts';
import { loginPath, useCurrentUser } from '../../lib/session/session.ts';

export function RequireAuth({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const location = useLocation();
  if (!user) {
    const state: GuardState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    const linkEvent = new URLSearchParams(location.search).get('event')?.trim();
    return <Navigate to={loginPath(linkEvent || undefined)} replace state={state} />;
  }
  return children;
}
