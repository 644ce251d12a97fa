// The single-sign-on return page (spec 01 §2 "OAuth2 page", §4): the provider is the last path segment, the
// code comes in the query; an event-code field when the query has none, a login button and the access-code
// dialog. The login link's access_code (kept across the round trip) is sent with the attempts; a retry_token
// from an error answer is sent with the next attempt; 'Login session expired.' or 401.2 goes back to login
// after 4 s. The page finishes by itself when the event is known (query, or this browser's last event): the
// visitor already chose the provider, so no second click; the button stays for a typed event code and retries.
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { STORAGE_KEYS } from '@showfloor/contracts';
import { isSessionExpired, mentionsAccessCode, parseAppError } from '../../../lib/api/app-error.ts';
import { takeReturnTo } from '../../../lib/session/redirect.ts';
import { useOAuth2Callback } from '../api/use-oauth2-callback.ts';
import { AccessCodeDialog } from '../components/access-code-dialog.tsx';
import { EventCodeInput } from '../components/event-code-input.tsx';
import { ServerErrorAlert } from '../components/server-error-alert.tsx';
import { useAccessCodeDialog } from '../hooks/use-access-code-dialog.ts';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in.ts';
import { useEventCodeField } from '../hooks/use-event-code-field.ts';
import { useServerError } from '../hooks/use-server-error.ts';
import { forgetSsoAccessCode, keptSsoAccessCode } from '../sso-access-code.ts';
import { FRONTEND } from '../../../config/frontend.ts';

export default function OAuth2CallbackPage() {
  const { t } = useTranslation('auth');
  const { provider = '' } = useParams();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const event = useEventCodeField(() => window.localStorage.getItem(STORAGE_KEYS.EVENT_CODE) ?? '');
  const [retryToken, setRetryToken] = useState<string>();
  const callback = useOAuth2Callback();
  const completeSignIn = useCompleteSignIn();
  const { serverError, clear: clearServerError, showFailure } = useServerError();
  const dialog = useAccessCodeDialog();
  const { eventCode } = event;

  /** `dialogCode` is the access-code dialog's; without it the login link's access_code is sent, if any. */
  async function attempt(dialogCode?: string) {
    clearServerError();
    const accessCode = dialogCode ?? keptSsoAccessCode();
    try {
      const answer = await callback.mutateAsync({
        code,
        frontend: FRONTEND,
        provider,
        event_code: eventCode,
        ...(accessCode ? { access_code: accessCode } : {}),
        ...(retryToken ? { retry_token: retryToken } : {}),
      });
      dialog.close();
      forgetSsoAccessCode();
      await completeSignIn(answer.user_data, takeReturnTo(), accessCode);
    } catch (err) {
      const error = parseAppError(err);
      if (error.retryToken) setRetryToken(error.retryToken);
      // An expired session wins over an access-code request: it goes back to login (spec 01 §4).
      if (!isSessionExpired(error) && mentionsAccessCode(error) && (error.retryToken || retryToken)) {
        dialog.ask(accessCode);
        return;
      }
      dialog.close();
      showFailure(error, eventCode);
    }
  }

  // Only with the event known when the page opens (a typed code waits for the button), and once per page: a
  // provider's code is good for one exchange (React's strict mode runs effects twice).
  const [startsByItself] = useState(() => code !== '' && event.isValid);
  const hasStarted = useRef(false);
  const start = useEffectEvent(() => void attempt());
  useEffect(() => {
    if (hasStarted.current || !startsByItself) return;
    hasStarted.current = true;
    start();
  }, [startsByItself]);

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
          event.touch();
          if (code && event.isValid) void attempt();
        }}
      >
        <Stack gap="sm">
          {event.inputProps ? <EventCodeInput {...event.inputProps} /> : null}
          <ServerErrorAlert error={serverError} />
          <Button type="submit" disabled={!code || !event.isValid} loading={callback.isPending} fullWidth>
            {t('oauth2.login')}
          </Button>
        </Stack>
      </form>
      <AccessCodeDialog
        {...dialog.props}
        pending={callback.isPending}
        onConfirm={(accessCode) => void attempt(accessCode)}
      />
    </Stack>
  );
}
