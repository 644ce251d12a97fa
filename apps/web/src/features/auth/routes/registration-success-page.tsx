import { useTranslation } from 'react-i18next';
import { AuthResult } from '../components/auth-result.tsx';

export default function RegistrationSuccessPage() {
  const { t } = useTranslation('auth');
  return <AuthResult title={t('registrationSuccess.title')} message={t('registrationSuccess.message')} />;
}
