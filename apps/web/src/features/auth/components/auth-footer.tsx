// The auth footer (spec 01 §2): register, login, forgot password, terms of use, privacy policy, helpdesk e-mail.
// The page being shown is not linked to itself.
import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { env } from '../../../config/env.ts';
import { termsOfUseUrl } from '../special-event.ts';

export interface AuthFooterProps {
  /** The event the page links carry. */
  eventCode: string;
  /** The event whose terms of use apply: the page's effective one (e.g. the code typed on the login page). */
  termsEventCode: string;
  helpdeskEmail: string;
}

const PAGE_LINKS = [
  { path: '/auth/registration', labelKey: 'footer.register' },
  { path: '/auth/login', labelKey: 'footer.login' },
  { path: '/auth/forgot-password', labelKey: 'footer.forgotPassword' },
] as const;

export function AuthFooter({ eventCode, termsEventCode, helpdeskEmail }: AuthFooterProps) {
  const { t } = useTranslation('auth');
  const { pathname } = useLocation();
  const query = eventCode ? `?event=${encodeURIComponent(eventCode)}` : '';
  const current = pathname.replace(/\/+$/, '');
  return (
    <Group component="nav" aria-label={t('footer.label')} gap="md" justify="center" wrap="wrap" mt="xl">
      {PAGE_LINKS.filter((link) => link.path !== current).map((link) => (
        <Anchor key={link.path} component={Link} to={`${link.path}${query}`} size="sm">
          {t(link.labelKey)}
        </Anchor>
      ))}
      <Anchor href={termsOfUseUrl(termsEventCode)} target="_blank" rel="noopener noreferrer" size="sm">
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
