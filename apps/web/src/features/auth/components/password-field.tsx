// A required password field with the auth forms' length limit and a translated show/hide toggle (spec 01 §5).
import type { ComponentProps } from 'react';
import { PasswordInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MAX_TEXT_LENGTH } from '@showfloor/contracts';

export function PasswordField(props: ComponentProps<typeof PasswordInput>) {
  const { t } = useTranslation('auth');
  return (
    <PasswordInput
      required
      maxLength={MAX_TEXT_LENGTH}
      visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
      {...props}
    />
  );
}
