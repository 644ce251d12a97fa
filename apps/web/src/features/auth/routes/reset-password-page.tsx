// Reset password (spec 01 §2, §4, §5): reads the username from the query; new and confirm password are both
// required; success and failure both lead to the reset-success page.
import { useState } from 'react';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { MIN_PASSWORD_LENGTH } from '@showfloor/contracts';
import { useEventCode } from '../../../hooks/use-event-code.ts';
import { usePasswordRequest } from '../api/use-password-request.ts';
import { PasswordField } from '../../../components/password-field.tsx';
import { isValidNewPassword } from '../validation.ts';

export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const username = (params.get('username') ?? '').trim();
  const eventCode = useEventCode();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState({ password: false, confirm: false });
  const request = usePasswordRequest();

  const passwordError = !password
    ? t('errors.required')
    : !isValidNewPassword(password)
      ? t('errors.passwordTooShort', { min: MIN_PASSWORD_LENGTH })
      : undefined;
  const confirmError = !confirm
    ? t('errors.required')
    : confirm !== password
      ? t('errors.passwordsMismatch')
      : undefined;
  const success = `/auth/reset-password-success${eventCode ? `?event=${encodeURIComponent(eventCode)}` : ''}`;

  async function submit() {
    try {
      await request.mutateAsync({ type: 'reset', username, event_code: eventCode, new_password: password });
    } catch {
      // Spec 01 §4: success and error both lead to the reset-success page.
    }
    await navigate(success);
  }

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('reset.title')}
      </Title>
      {username ? <Text>{t('reset.forUser', { username })}</Text> : null}
      <form
        noValidate
        aria-label={t('reset.formLabel')}
        onSubmit={(e) => {
          e.preventDefault();
          setTouched({ password: true, confirm: true });
          if (!passwordError && !confirmError) void submit();
        }}
      >
        <Stack gap="sm">
          <PasswordField
            label={t('reset.newPassword')}
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            onBlur={() => setTouched((s) => ({ ...s, password: true }))}
            error={touched.password ? passwordError : undefined}
          />
          <PasswordField
            label={t('reset.confirmPassword')}
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
            onBlur={() => setTouched((s) => ({ ...s, confirm: true }))}
            error={touched.confirm ? confirmError : undefined}
          />
          <Button type="submit" disabled={!password || !confirm} loading={request.isPending} fullWidth>
            {t('reset.submit')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
