// A required password field with the forms' length limit and a translated, keyboard-reachable show/hide
// toggle (spec 01 §5).
import type { ComponentProps } from 'react';
import { PasswordInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MAX_TEXT_LENGTH } from '@showfloor/contracts';

export function PasswordField(props: ComponentProps<typeof PasswordInput>) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      required
      maxLength={MAX_TEXT_LENGTH}
      // Reachable with Tab (Mantine leaves it out of the tab order by default); Mantine sets aria-pressed while
      // the password is shown, so the label stays 'Show password'.
      visibilityToggleButtonProps={{ tabIndex: 0, 'aria-label': t('actions.showPassword') }}
      {...props}
    />
  );
}
