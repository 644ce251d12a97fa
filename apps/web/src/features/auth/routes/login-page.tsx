// The login page (spec 01 §2 "Login page", §4, §5, §8).
import { useEffect, useState, type KeyboardEvent } from 'react';
import { Anchor, Button, Checkbox, Divider, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Trans, useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { BACKEND_MESSAGES, MAX_TEXT_LENGTH, STORAGE_KEYS, type SsoProvider } from '@showfloor/contracts';
import { env } from '../../../config/env.ts';
import { infoPath, useEventClosed } from '../../../hooks/use-event-closed.ts';
import { mentionsAccessCode, parseAppError } from '../../../lib/api/app-error.ts';
import { browser } from '../../../lib/browser.ts';
import { afterSignInPath, rememberReturnTo } from '../../../lib/session/redirect.ts';
import { trpc } from '../../../lib/api/trpc.ts';
import { oauth2StartUrl } from '../api/oauth2-start-url.ts';
import { AccessCodeDialog } from '../components/access-code-dialog.tsx';
import { EventCodeInput } from '../components/event-code-input.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { ServerErrorAlert } from '../components/server-error-alert.tsx';
import { useReportAuthEvent } from '../components/auth-event-context.ts';
import { SsoButtons } from '../components/sso-buttons.tsx';
import { useAccessCodeDialog } from '../hooks/use-access-code-dialog.ts';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in.ts';
import { useServerError } from '../hooks/use-server-error.ts';
import { isSpecialEvent } from '../special-event.ts';
import { rememberSsoAccessCode } from '../sso-access-code.ts';
import { isValidEmail, isValidEventCode, isValidPassword } from '../validation.ts';
import { FRONTEND } from '../../../config/frontend.ts';

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const queryEvent = (params.get('event') ?? '').trim();
  const queryAccessCode = (params.get('access_code') ?? '').trim();

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [eventInput, setEventInput] = useState(() =>
    queryEvent ? '' : (window.localStorage.getItem(STORAGE_KEYS.EVENT_CODE) ?? ''),
  );
  const [touched, setTouched] = useState({ email: false, password: false, eventCode: false });
  const [consents, setConsents] = useState({ privacy: false, storage: false });
  const [consentError, setConsentError] = useState(false);
  const { serverError, clear: clearServerError, show: showServerError } = useServerError();
  const dialog = useAccessCodeDialog();

  const eventCode = queryEvent || eventInput.trim();
  const [debouncedEvent] = useDebouncedValue(eventCode, queryEvent ? 0 : 400);
  const lookupEnabled = isValidEventCode(debouncedEvent);

  const providersQuery = trpc.auth.providers.useQuery(
    { frontend: FRONTEND, event_code: debouncedEvent },
    { enabled: lookupEnabled, retry: false },
  );
  const closed = useEventClosed(debouncedEvent, lookupEnabled);
  const signIn = trpc.auth.signin.useMutation();
  const completeSignIn = useCompleteSignIn();

  // Outside the event's open hours the user goes to the info page (spec 01 §2).
  useEffect(() => {
    if (closed) void navigate(infoPath(debouncedEvent), { replace: true });
  }, [closed, debouncedEvent, navigate]);

  const userPassLogin = providersQuery.data?.user_pass_login ?? true;
  const providers = providersQuery.data?.providers ?? [];
  const valid = {
    email: isValidEmail(email),
    password: isValidPassword(password),
    eventCode: isValidEventCode(eventCode),
  };
  const consentsGiven = consents.privacy && consents.storage;
  const canSubmit = valid.email && valid.password && valid.eventCode && consentsGiven;
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

  function touchAll() {
    setTouched({ email: true, password: true, eventCode: true });
  }

  // Enter submits only with both consents; otherwise the consent errors are highlighted (spec 01 §5).
  function onKeyDown(e: KeyboardEvent<HTMLFormElement>) {
    if (e.key !== 'Enter' || !(e.target instanceof HTMLInputElement) || e.target.type === 'checkbox') return;
    e.preventDefault();
    if (!consentsGiven) {
      setConsentError(true);
      return;
    }
    if (!canSubmit) {
      touchAll();
      return;
    }
    void attempt();
  }

  function chooseProvider(provider: SsoProvider) {
    if (!consentsGiven) {
      setConsentError(true);
      return;
    }
    if (!valid.eventCode) {
      setTouched((s) => ({ ...s, eventCode: true }));
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
          else if (!consentsGiven) setConsentError(true);
          else touchAll();
        }}
      >
        <Stack gap="sm">
          {userPassLogin ? (
            <>
              <TextInput
                label={t('login.email')}
                type="email"
                autoComplete="username"
                required
                maxLength={MAX_TEXT_LENGTH}
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                onBlur={() => {
                  setEmail((v) => v.trim());
                  setTouched((s) => ({ ...s, email: true }));
                }}
                error={touched.email && !valid.email ? t('errors.email') : undefined}
              />
              <PasswordField
                label={t('login.password')}
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                onBlur={() => setTouched((s) => ({ ...s, password: true }))}
                error={touched.password && !valid.password ? t('errors.password') : undefined}
              />
            </>
          ) : null}
          {queryEvent ? null : (
            <EventCodeInput
              value={eventInput}
              onChange={(e) => setEventInput(e.currentTarget.value)}
              onBlur={() => {
                setEventInput((v) => v.trim());
                setTouched((s) => ({ ...s, eventCode: true }));
              }}
              error={touched.eventCode && !valid.eventCode ? t('errors.eventCode') : undefined}
            />
          )}
          {/* `required` lets assistive technology announce the consents as required; the form is noValidate,
              so the browser's own message never replaces the spec's consent error. */}
          <Checkbox
            label={
              <Trans
                t={t}
                i18nKey="login.consentPrivacy"
                components={{
                  policy: (
                    <Anchor
                      href={env.privacyPolicyUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      underline="always"
                      inherit
                    />
                  ),
                }}
              />
            }
            required
            checked={consents.privacy}
            onChange={(e) => {
              const checked = e.currentTarget.checked;
              setConsents((s) => ({ ...s, privacy: checked }));
            }}
            error={consentError && !consents.privacy ? consentErrorText : undefined}
          />
          <Checkbox
            label={t('login.consentStorage')}
            required
            checked={consents.storage}
            onChange={(e) => {
              const checked = e.currentTarget.checked;
              setConsents((s) => ({ ...s, storage: checked }));
            }}
            error={consentError && !consents.storage ? consentErrorText : undefined}
          />
          <ServerErrorAlert error={serverError} />
          {userPassLogin ? (
            <Button type="submit" disabled={!canSubmit} loading={signIn.isPending} fullWidth>
              {t('login.submit')}
            </Button>
          ) : null}
        </Stack>
      </form>
      {providers.length > 0 ? (
        <>
          {userPassLogin ? (
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
        <Trans
          t={t}
          i18nKey="login.cookieNotice"
          components={{
            policy: (
              <Anchor
                href={env.cookiePolicyUrl}
                target="_blank"
                rel="noopener noreferrer"
                underline="always"
                inherit
              />
            ),
          }}
        />
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
