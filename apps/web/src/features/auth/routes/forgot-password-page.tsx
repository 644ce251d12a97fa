// Forgot password (spec 01 §2, §4, §5): an e-mail field and a send button (disabled while empty); 200 goes to
// the success page, 401.2 back to login after 4 s, other failures show the server's message.
import { useState } from 'react';
import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { MAX_TEXT_LENGTH } from '@showfloor/contracts';
import { useEventCode } from '../../../hooks/use-event-code.ts';
import { parseAppError } from '../../../lib/api/app-error.ts';
import { usePasswordRequest } from '../api/use-password-request.ts';
import { EventCodeInput } from '../components/event-code-input.tsx';
import { ServerErrorAlert } from '../components/server-error-alert.tsx';
import { useEventCodeField } from '../hooks/use-event-code-field.ts';
import { useServerError } from '../hooks/use-server-error.ts';

export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const knownEvent = useEventCode();
  const [email, setEmail] = useState('');
  const event = useEventCodeField(() => knownEvent);
  const request = usePasswordRequest();
  const { serverError, clear: clearServerError, showFailure } = useServerError();
  const { eventCode } = event;

  async function submit() {
    clearServerError();
    try {
      await request.mutateAsync({ type: 'reset', username: email.trim(), event_code: eventCode });
      void navigate(`/auth/forgot-password-success?event=${encodeURIComponent(eventCode)}`);
    } catch (err) {
      showFailure(parseAppError(err), eventCode);
    }
  }

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('forgot.title')}
      </Title>
      <Text>{t('forgot.description')}</Text>
      <form
        noValidate
        aria-label={t('forgot.formLabel')}
        onSubmit={(e) => {
          e.preventDefault();
          event.touch();
          if (email.trim() && event.isValid) void submit();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('forgot.email')}
            type="email"
            required
            autoComplete="email"
            maxLength={MAX_TEXT_LENGTH}
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            onBlur={() => setEmail((v) => v.trim())}
          />
          {event.inputProps ? <EventCodeInput {...event.inputProps} /> : null}
          <ServerErrorAlert error={serverError} />
          <Button type="submit" disabled={email.trim() === ''} loading={request.isPending} fullWidth>
            {t('forgot.send')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
