// The 'logged out' dialog (spec 01 §4, §8): the session ended elsewhere; confirm returns to /auth/login.
import { Suspense, lazy, useState } from 'react';
import { useLoggedOutNotice } from '../../../lib/session/logged-out-notice.ts';

// The modal's code loads with the first notice: routes where no session ends (like login) never fetch it.
const LoggedOutModal = lazy(() => import('./logged-out-modal.tsx'));

export function LoggedOutDialog() {
  const notice = useLoggedOutNotice();
  // Once shown, the modal stays mounted so its closing transition still plays.
  const [wanted, setWanted] = useState(notice !== null);
  if (notice !== null && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LoggedOutModal />
    </Suspense>
  );
}
