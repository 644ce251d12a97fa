// The auth footer (spec 01 §2): register, login, forgot password, terms of use, privacy policy, helpdesk e-mail.
import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { env } from '../../../config/env.ts';

export interface AuthFooterProps {
  eventCode: string;
  helpdeskEmail: string;
}

export function AuthFooter({ eventCode, helpdeskEmail }: AuthFooterProps) {
  const { t } = useTranslation('auth');
  const query = eventCode ? `?event=${encodeURIComponent(eventCode)}` : '';
  const termsUrl = eventCode === env.specialEventCode ? env.specialEventTermsUrl : env.termsOfUseUrl;
  return (
    <Group component="nav" aria-label={t('footer.label')} gap="md" justify="center" wrap="wrap" mt="xl">
      <Anchor component={Link} to={`/auth/registration${query}`} size="sm">
        {t('footer.register')}
      </Anchor>
      <Anchor component={Link} to={`/auth/login${query}`} size="sm">
        {t('footer.login')}
      </Anchor>
      <Anchor component={Link} to={`/auth/forgot-password${query}`} size="sm">
        {t('footer.forgotPassword')}
      </Anchor>
      <Anchor href={termsUrl} target="_blank" rel="noopener noreferrer" size="sm">
        {t('footer.terms')}
      </Anchor>
      <Anchor href={env.privacyPolicyUrl} target="_blank" rel="noopener noreferrer" size="sm">
        {t('footer.privacy')}
      </Anchor>
      <Anchor href={`mailto:${helpdeskEmail}`} size="sm">
        {t('footer.helpdesk')}
      </Anchor>
    </Group>
  );
}
