// Registration success (spec 01 §2): back to login; a visitor who is signed in already (a sign-up signs in,
// or another tab did) is offered the lobby instead of a login they do not need.
import { useTranslation } from 'react-i18next';
import { DEFAULT_AFTER_SIGN_IN } from '../../../lib/session/redirect.ts';
import { useCurrentUser } from '../../../lib/session/session.ts';
import { AuthResult } from '../components/auth-result.tsx';

export default function RegistrationSuccessPage() {
  const { t } = useTranslation('auth');
  const isSignedIn = useCurrentUser() !== null;
  return isSignedIn ? (
    <AuthResult
      title={t('registrationSuccess.title')}
      message={t('registrationSuccess.signedInMessage')}
      action={{ label: t('registrationSuccess.toLobby'), to: DEFAULT_AFTER_SIGN_IN }}
    />
  ) : (
    <AuthResult title={t('registrationSuccess.title')} message={t('registrationSuccess.message')} />
  );
}
