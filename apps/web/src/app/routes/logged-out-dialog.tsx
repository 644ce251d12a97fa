// The 'logged out' dialog (spec 01 §4, §8): the session ended elsewhere; confirm returns to /auth/login.
import { Suspense, lazy, useState } from 'react';
import { useLoggedOutNotice } from '../../lib/session/logged-out-notice.ts';

// The session feature's modal loads with the first notice: routes where no session ends (like login) never fetch
// it, so the login route's first bundle stays small.
const LoggedOutModal = lazy(() =>
  import('../../features/session/index.ts').then((m) => ({ default: m.LoggedOutModal })),
);

export function LoggedOutDialog() {
  const notice = useLoggedOutNotice();
  // Once shown, the modal stays mounted so its closing transition still plays.
  const [isWanted, setWanted] = useState(notice !== null);
  if (notice !== null && !isWanted) setWanted(true);
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <LoggedOutModal />
    </Suspense>
  );
}
