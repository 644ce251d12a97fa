import { useTranslation } from 'react-i18next';
import { AuthResult } from '../components/auth-result.tsx';

export default function ResetPasswordSuccessPage() {
  const { t } = useTranslation('auth');
  return <AuthResult title={t('resetSuccess.title')} message={t('resetSuccess.message')} />;
}
