// The two success pages of the profile settings (spec 02 §2.3, §4.8): password changed (back to the profile),
// and account deleted, which replaces everything else and signs the user out after a moment (or at once).
import { useEffect } from 'react';
import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TIMINGS } from '@showfloor/contracts';

function Tick() {
  return (
    <ThemeIcon size={56} radius={56} color="green" variant="light" aria-hidden>
      <svg width="30" height="30" viewBox="0 0 24 24" focusable="false">
        <path
          d="M5 12.5l4.5 4.5L19 7.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </ThemeIcon>
  );
}

export function PasswordChanged({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('profile');
  return (
    <Stack gap="md" align="flex-start">
      <Tick />
      <Text fw={600} size="lg" role="status">
        {t('passwordChanged.message')}
      </Text>
      <Text size="sm">{t('passwordChanged.hint')}</Text>
      <Button onClick={onDone}>{t('passwordChanged.back')}</Button>
    </Stack>
  );
}

export function AccountDeleted({ signOut }: { signOut: () => void }) {
  const { t } = useTranslation('profile');
  useEffect(() => {
    const timer = setTimeout(signOut, TIMINGS.ACCOUNT_DELETED_SIGN_OUT_MS);
    return () => clearTimeout(timer);
  }, [signOut]);
  return (
    <Stack gap="md" align="flex-start">
      <Tick />
      <Text fw={600} size="lg" role="status">
        {t('accountDeleted.message')}
      </Text>
      <Text size="sm">
        {t('accountDeleted.signingOut', { seconds: TIMINGS.ACCOUNT_DELETED_SIGN_OUT_MS / 1000 })}
      </Text>
      <Button onClick={signOut}>{t('accountDeleted.signOutNow')}</Button>
    </Stack>
  );
}
