// The access-code dialog (spec 01 §2, §4): cancel and confirm; confirm is disabled while the field is empty.
import { Suspense, lazy, useState } from 'react';

// The modal's code loads the first time the dialog opens, so the login route's first paint skips it.
const AccessCodeModal = lazy(() => import('./access-code-modal.tsx'));

export interface AccessCodeDialogProps {
  opened: boolean;
  /** Shown under the field, e.g. 'Invalid access code. Please use a different code.' */
  error?: string | undefined;
  pending?: boolean;
  onCancel: () => void;
  onConfirm: (code: string) => void;
}

export function AccessCodeDialog(props: AccessCodeDialogProps) {
  // Once opened, the modal stays mounted so its closing transition still plays.
  const [wanted, setWanted] = useState(props.opened);
  if (props.opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      {/* Remounting on open and close clears the code typed for an earlier attempt. */}
      <AccessCodeModal key={props.opened ? 'open' : 'closed'} {...props} />
    </Suspense>
  );
}
