// Everything inside the shell: the guard, the tab's one socket with its session events and announcements, and
// the shell with the registered menu pages. Loaded only after sign-in.
import { AppShell } from '../../features/shell/components/app-shell.tsx';
import { useAnnouncements } from '../../features/announcements/hooks/use-announcements.ts';
import { useSessionEvents } from '../../features/session/hooks/use-session-events.ts';
import { useCurrentUser } from '../../lib/session.ts';
import { signOut } from '../../lib/sign-out.ts';
import { useSocketConnection } from '../../lib/socket.ts';
import { MENU_PAGES } from '../menu-pages.ts';
import { RequireAuth } from './require-auth.tsx';

export function SignedInRoot() {
  const user = useCurrentUser();
  useSocketConnection(user);
  useSessionEvents();
  useAnnouncements();
  return (
    <RequireAuth>
      {user ? <AppShell user={user} menuPages={MENU_PAGES} signOut={signOut} /> : null}
    </RequireAuth>
  );
}
