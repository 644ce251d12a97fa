// The login page (spec 01 §2 "Login page", §4, §5, §8).
import { useEffect, type KeyboardEvent } from 'react';
import { Alert, Button, Checkbox, Divider, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { BACKEND_MESSAGES, MAX_TEXT_LENGTH, STORAGE_KEYS, type SsoProvider } from '@showfloor/contracts';
import { env } from '../../../config/env.ts';
import { infoPath, useEventClosed } from '../../../hooks/use-event-closed.ts';
import { mentionsAccessCode, parseAppError } from '../../../lib/api/app-error.ts';
import { browser } from '../../../lib/browser.ts';
import { afterSignInPath, leftInfoOf, rememberReturnTo } from '../../../lib/session/redirect.ts';
import { oauth2StartUrl } from '../api/oauth2-start-url.ts';
import { useSignIn } from '../api/use-sign-in.ts';
import { useSignInProviders } from '../api/use-sign-in-providers.ts';
import { AccessCodeDialog } from '../components/access-code-dialog.tsx';
import { EventCodeInput } from '../components/event-code-input.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { ServerErrorAlert } from '../components/server-error-alert.tsx';
import { useReportAuthEvent } from '../components/auth-event-context.ts';
import { PolicyLink } from '../components/policy-text.tsx';
import { SsoButtons } from '../components/sso-buttons.tsx';
import { useAccessCodeDialog } from '../hooks/use-access-code-dialog.ts';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in.ts';
import { useLoginForm } from '../hooks/use-login-form.ts';
import { useServerError } from '../hooks/use-server-error.ts';
import { isSpecialEvent } from '../special-event.ts';
import { rememberSsoAccessCode } from '../sso-access-code.ts';
import { isValidEventCode } from '../validation.ts';
import { FRONTEND } from '../../../config/frontend.ts';

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const queryEvent = (params.get('event') ?? '').trim();
  const queryAccessCode = (params.get('access_code') ?? '').trim();

  const form = useLoginForm(queryEvent);
  const { email, password, eventCode, consents, hasConsents, canSubmit } = form;
  const { serverError, clear: clearServerError, show: showServerError } = useServerError();
  const dialog = useAccessCodeDialog();

  const [debouncedEvent] = useDebouncedValue(eventCode, queryEvent ? 0 : 400);
  const isLookupEnabled = isValidEventCode(debouncedEvent);

  const providersQuery = useSignInProviders(debouncedEvent, isLookupEnabled);
  const isClosed = useEventClosed(debouncedEvent, isLookupEnabled);
  const signIn = useSignIn();
  const completeSignIn = useCompleteSignIn();

  // Outside the event's open hours the user goes to the info page (spec 01 §2), unless they just came from it.
  const cameFromInfoOf = leftInfoOf(location.state);
  useEffect(() => {
    if (isClosed && debouncedEvent !== cameFromInfoOf)
      void navigate(infoPath(debouncedEvent), { replace: true });
  }, [isClosed, debouncedEvent, cameFromInfoOf, navigate]);

  // An event code no event has says so at once (the event's sign-in ways answer 404), not after a sign-in.
  const isEventUnknown =
    providersQuery.error !== null && parseAppError(providersQuery.error).httpStatus === 404;
  const unknownEventText = t('common:serverMessages.eventUnknown');
  const hasUserPassLogin = providersQuery.data?.user_pass_login ?? true;
  const providers = providersQuery.data?.providers ?? [];
  const target = afterSignInPath(location.state);

  async function attempt(accessCode?: string) {
    clearServerError();
    const code = accessCode ?? (queryAccessCode || undefined);
    try {
      const answer = await signIn.mutateAsync({
        email: email.trim(),
        password,
        event_code: eventCode,
        ...(code ? { access_code: code } : {}),
        frontend: FRONTEND,
        // A newer sign-in ends an older session elsewhere; that tab hears 'logout' (spec 01 §8).
        force_login: true,
      });
      dialog.close();
      await completeSignIn(answer.user_data, target, code);
    } catch (err) {
      const error = parseAppError(err);
      if (mentionsAccessCode(error)) {
        dialog.ask(code);
        return;
      }
      dialog.close();
      if (error.message === BACKEND_MESSAGES.EVENT_CLOSED) {
        void navigate(infoPath(eventCode));
        return;
      }
      showServerError(error);
    }
  }

  // Enter submits only with both consents; otherwise the consent errors are highlighted (spec 01 §5).
  function onKeyDown(e: KeyboardEvent<HTMLFormElement>) {
    if (e.key !== 'Enter' || !(e.target instanceof HTMLInputElement) || e.target.type === 'checkbox') return;
    e.preventDefault();
    if (!hasConsents) {
      form.showConsentError();
      return;
    }
    if (!canSubmit) {
      form.touchAll();
      return;
    }
    void attempt();
  }

  function chooseProvider(provider: SsoProvider) {
    if (!hasConsents) {
      form.showConsentError();
      return;
    }
    if (!form.isValid.eventCode) {
      form.touch('eventCode');
      return;
    }
    window.localStorage.setItem(STORAGE_KEYS.EVENT_CODE, eventCode);
    rememberReturnTo(target);
    // The link's access_code comes back with the callback page's first attempt.
    rememberSsoAccessCode(queryAccessCode || undefined);
    browser.assign(oauth2StartUrl(provider.name, eventCode));
  }

  // The welcome text and the footer's terms-of-use link follow the same event code.
  useReportAuthEvent(eventCode);
  const welcome = isSpecialEvent(eventCode)
    ? t('login.specialWelcome')
    : queryEvent
      ? t('login.welcomeEventGiven')
      : t('login.welcome');
  const consentErrorText = t('login.consentRequired');

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('login.title')}
      </Title>
      <Text>{welcome}</Text>
      <form
        noValidate
        aria-label={t('login.formLabel')}
        onKeyDown={onKeyDown}
        onSubmit={(e) => {
          e.preventDefault();
          if (canSubmit) void attempt();
          else if (!hasConsents) form.showConsentError();
          else form.touchAll();
        }}
      >
        <Stack gap="sm">
          {hasUserPassLogin ? (
            <>
              <TextInput
                label={t('login.email')}
                type="email"
                autoComplete="username"
                required
                maxLength={MAX_TEXT_LENGTH}
                value={email}
                onChange={(e) => form.setEmail(e.currentTarget.value)}
                onBlur={() => form.leave('email')}
                error={form.showsError('email') ? t('errors.email') : undefined}
              />
              <PasswordField
                label={t('login.password')}
                autoComplete="current-password"
                value={password}
                onChange={(e) => form.setPassword(e.currentTarget.value)}
                onBlur={() => form.leave('password')}
                error={form.showsError('password') ? t('errors.password') : undefined}
              />
            </>
          ) : null}
          {queryEvent ? null : (
            <EventCodeInput
              value={form.eventInput}
              onChange={(e) => form.setEventInput(e.currentTarget.value)}
              onBlur={() => form.leave('eventCode')}
              error={
                form.showsError('eventCode')
                  ? t('errors.eventCode')
                  : isEventUnknown && eventCode === debouncedEvent
                    ? unknownEventText
                    : undefined
              }
            />
          )}
          {/* `required` lets assistive technology announce the consents as required; the form is noValidate,
              so the browser's own message never replaces the spec's consent error. */}
          <Checkbox
            label={<PolicyLink text={t('login.consentPrivacy')} href={env.privacyPolicyUrl} />}
            required
            checked={consents.privacy}
            onChange={(e) => form.setConsent('privacy', e.currentTarget.checked)}
            error={form.isConsentErrorShown && !consents.privacy ? consentErrorText : undefined}
          />
          <Checkbox
            label={t('login.consentStorage')}
            required
            checked={consents.storage}
            onChange={(e) => form.setConsent('storage', e.currentTarget.checked)}
            error={form.isConsentErrorShown && !consents.storage ? consentErrorText : undefined}
          />
          {queryEvent && isEventUnknown ? (
            <Alert color="red" variant="light">
              {unknownEventText}
            </Alert>
          ) : null}
          <ServerErrorAlert error={serverError} />
          {hasUserPassLogin ? (
            <Button type="submit" disabled={!canSubmit} loading={signIn.isPending} fullWidth>
              {t('login.submit')}
            </Button>
          ) : null}
        </Stack>
      </form>
      {providers.length > 0 ? (
        <>
          {hasUserPassLogin ? (
            <Divider
              label={t('login.ssoDivider')}
              labelPosition="center"
              styles={{ label: { color: 'var(--mantine-color-gray-7)' } }}
            />
          ) : null}
          <SsoButtons providers={providers} eventCode={eventCode} onChoose={chooseProvider} />
        </>
      ) : null}
      <Text size="xs" c="gray.7">
        <PolicyLink text={t('login.cookieNotice')} href={env.cookiePolicyUrl} />
      </Text>
      <Text size="xs" c="gray.7">
        {t('login.personalDataNotice')}
      </Text>
      <AccessCodeDialog
        {...dialog.props}
        pending={signIn.isPending}
        onConfirm={(code) => void attempt(code)}
      />
    </Stack>
  );
}
