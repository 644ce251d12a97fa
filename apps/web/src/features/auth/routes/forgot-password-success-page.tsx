import { useTranslation } from 'react-i18next';
import { AuthResult } from '../components/auth-result.tsx';

export default function ForgotPasswordSuccessPage() {
  const { t } = useTranslation('auth');
  return <AuthResult title={t('forgotSuccess.title')} message={t('forgotSuccess.message')} />;
}
