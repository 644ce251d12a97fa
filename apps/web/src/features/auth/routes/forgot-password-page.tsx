// Forgot password (spec 01 §2, §4, §5): an e-mail field and a send button (disabled while empty); 200 goes to
// the success page, 401.2 back to login after 4 s, other failures show the server's message.
import { useState } from 'react';
import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { MAX_TEXT_LENGTH, TIMINGS } from '@showfloor/contracts';
import { useEventCode } from '../../../hooks/use-event-code.ts';
import { isSessionExpired, parseAppError } from '../../../lib/app-error.ts';
import { loginPath } from '../../../lib/session.ts';
import { trpc } from '../../../lib/trpc.ts';
import { useDelayedRedirect } from '../hooks/use-delayed-redirect.ts';
import { isValidEventCode } from '../validation.ts';

export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryEvent = (params.get('event') ?? '').trim();
  const knownEvent = useEventCode();
  const [email, setEmail] = useState('');
  const [eventInput, setEventInput] = useState(queryEvent ? '' : knownEvent);
  const [eventTouched, setEventTouched] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const request = trpc.auth.password.useMutation();
  const redirectLater = useDelayedRedirect();
  const eventCode = queryEvent || eventInput.trim();
  const eventValid = isValidEventCode(eventCode);

  async function submit() {
    setServerError(undefined);
    try {
      await request.mutateAsync({ type: 'reset', username: email.trim(), event_code: eventCode });
      void navigate(`/auth/forgot-password-success?event=${encodeURIComponent(eventCode)}`);
    } catch (err) {
      const error = parseAppError(err);
      setServerError(error.message);
      if (isSessionExpired(error)) redirectLater(loginPath(eventCode), TIMINGS.SESSION_EXPIRED_REDIRECT_MS);
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
          setEventTouched(true);
          if (email.trim() && eventValid) void submit();
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
          {queryEvent ? null : (
            <TextInput
              label={t('login.eventCode')}
              required
              maxLength={64}
              value={eventInput}
              onChange={(e) => setEventInput(e.currentTarget.value)}
              onBlur={() => setEventTouched(true)}
              error={eventTouched && !eventValid ? t('errors.eventCode') : undefined}
            />
          )}
          {serverError ? (
            <Alert color="red" variant="light">
              {serverError}
            </Alert>
          ) : null}
          <Button type="submit" disabled={email.trim() === ''} loading={request.isPending} fullWidth>
            {t('forgot.send')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
