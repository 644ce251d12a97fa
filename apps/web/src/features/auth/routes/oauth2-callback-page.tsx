// The single-sign-on return page (spec 01 §2 "OAuth2 page", §4): the provider is the last path segment, the
// code comes in the query; an event-code field when the query has none, a login button and the access-code
// dialog. A retry_token from an error answer is sent with the next attempt; 'Login session expired.' or 401.2
// goes back to login after 4 s.
import { useState } from 'react';
import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { STORAGE_KEYS, TIMINGS } from '@showfloor/contracts';
import { isSessionExpired, mentionsAccessCode, parseAppError } from '../../../lib/app-error.ts';
import { takeReturnTo } from '../../../lib/redirect.ts';
import { loginPath } from '../../../lib/session.ts';
import { trpc } from '../../../lib/trpc.ts';
import { AccessCodeDialog } from '../components/access-code-dialog.tsx';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in.ts';
import { useDelayedRedirect } from '../hooks/use-delayed-redirect.ts';
import { isValidEventCode } from '../validation.ts';

export default function OAuth2CallbackPage() {
  const { t } = useTranslation('auth');
  const { provider = '' } = useParams();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const queryEvent = (params.get('event') ?? '').trim();
  const [eventInput, setEventInput] = useState(
    () => (queryEvent ? '' : window.localStorage.getItem(STORAGE_KEYS.EVENT_CODE)) ?? '',
  );
  const [eventTouched, setEventTouched] = useState(false);
  const [retryToken, setRetryToken] = useState<string>();
  const [serverError, setServerError] = useState<string>();
  const [dialog, setDialog] = useState<{ opened: boolean; error?: string }>({ opened: false });
  const callback = trpc.auth.oauth2Callback.useMutation();
  const completeSignIn = useCompleteSignIn();
  const redirectLater = useDelayedRedirect();
  const eventCode = queryEvent || eventInput.trim();
  const eventValid = isValidEventCode(eventCode);

  async function attempt(accessCode?: string) {
    setServerError(undefined);
    try {
      const answer = await callback.mutateAsync({
        code,
        frontend: 'visitor',
        provider,
        event_code: eventCode,
        ...(accessCode ? { access_code: accessCode } : {}),
        ...(retryToken ? { retry_token: retryToken } : {}),
      });
      setDialog({ opened: false });
      await completeSignIn(answer.user_data, takeReturnTo(), accessCode);
    } catch (err) {
      const error = parseAppError(err);
      if (error.retryToken) setRetryToken(error.retryToken);
      if (isSessionExpired(error)) {
        setDialog({ opened: false });
        setServerError(error.message);
        redirectLater(loginPath(eventCode), TIMINGS.SESSION_EXPIRED_REDIRECT_MS);
        return;
      }
      if (mentionsAccessCode(error) && (error.retryToken || retryToken)) {
        setDialog(accessCode ? { opened: true, error: t('errors.invalidAccessCode') } : { opened: true });
        return;
      }
      setDialog({ opened: false });
      setServerError(error.message);
    }
  }

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('oauth2.title')}
      </Title>
      {code ? (
        <Text>{t('oauth2.description', { provider })}</Text>
      ) : (
        <Alert color="red" variant="light">
          {t('oauth2.missingCode')}
        </Alert>
      )}
      <form
        noValidate
        aria-label={t('oauth2.formLabel')}
        onSubmit={(e) => {
          e.preventDefault();
          setEventTouched(true);
          if (code && eventValid) void attempt();
        }}
      >
        <Stack gap="sm">
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
          <Button type="submit" disabled={!code || !eventValid} loading={callback.isPending} fullWidth>
            {t('oauth2.login')}
          </Button>
        </Stack>
      </form>
      <AccessCodeDialog
        key={dialog.opened ? 'open' : 'closed'}
        opened={dialog.opened}
        error={dialog.error}
        pending={callback.isPending}
        onCancel={() => setDialog({ opened: false })}
        onConfirm={(accessCode) => void attempt(accessCode)}
      />
    </Stack>
  );
}
