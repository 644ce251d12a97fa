// The access-code dialog's state for the sign-in pages (spec 01 §4): asked for on a failure that mentions an
// access code; a code that was already tried opens it with the 'invalid access code' hint.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface DialogState {
  opened: boolean;
  error?: string;
}

export function useAccessCodeDialog() {
  const { t } = useTranslation('auth');
  const [state, setState] = useState<DialogState>({ opened: false });
  const close = useCallback(() => setState({ opened: false }), []);
  const ask = useCallback(
    (triedCode?: string) =>
      setState(triedCode ? { opened: true, error: t('errors.invalidAccessCode') } : { opened: true }),
    [t],
  );
  return { ask, close, props: { opened: state.opened, error: state.error, onCancel: close } };
}
