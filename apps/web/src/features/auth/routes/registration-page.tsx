// The registration page (spec 01 §2 "Registration page", §4, §5): fields, labels and mandatory flags from the
// event's form preferences; success only on 'Sign up successful!'.
import { useState } from 'react';
import { Button, Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  DEFAULT_LANGUAGE,
  MAX_TEXT_LENGTH,
  MIN_PASSWORD_LENGTH,
  findPreference,
  isSignUpSuccess,
} from '@showfloor/contracts';
import { useEventCode } from '../../../hooks/use-event-code.ts';
import { useEventPreferences } from '../../../hooks/use-event-preferences.ts';
import { parseAppError } from '../../../lib/api/app-error.ts';
import { startSession } from '../../../lib/session/session.ts';
import { useSignUp } from '../api/use-sign-up.ts';
import { EventCodeInput } from '../components/event-code-input.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { ServerErrorAlert } from '../components/server-error-alert.tsx';
import { useServerError } from '../hooks/use-server-error.ts';
import { isValidEmail, isValidEventCode, isValidNewPassword } from '../validation.ts';

type RegistrationLabel = 'Firstname_Label' | 'Lastname_Label' | 'EMail_Label' | 'MainTitle_Label';

type Field = 'firstname' | 'lastname' | 'email' | 'password' | 'confirm' | 'eventCode';

export default function RegistrationPage() {
  const { t, i18n } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryEvent = (params.get('event') ?? '').trim();
  const knownEvent = useEventCode();
  const [values, setValues] = useState<Record<Field, string>>({
    firstname: '',
    lastname: '',
    email: '',
    password: '',
    confirm: '',
    eventCode: queryEvent ? '' : knownEvent,
  });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const { serverError, clear: clearServerError, show: showServerError } = useServerError();
  const eventCode = queryEvent || values.eventCode.trim();
  const { preferences } = useEventPreferences(isValidEventCode(eventCode) ? eventCode : undefined);
  const signUp = useSignUp();

  // Form preferences: absent means shown, optional, default label.
  const showFirst = findPreference(preferences, 'Firstname_Display') !== 'no';
  const showLast = findPreference(preferences, 'Lastname_Display') !== 'no';
  const firstRequired = showFirst && findPreference(preferences, 'Firstname_Mandatory') === 'yes';
  const lastRequired = showLast && findPreference(preferences, 'Lastname_Mandatory') === 'yes';
  // The event's labels (Firstname_Label, Lastname_Label, EMail_Label, MainTitle_Label) are one text, written
  // for the default language: they replace the catalogue's text only while the UI is in English. In any other
  // language (Deutsch) the catalogue's translation is shown, so a German visitor never sees English labels.
  const eventLabelsApply = (i18n.resolvedLanguage ?? i18n.language) === DEFAULT_LANGUAGE;
  const label = (name: RegistrationLabel, key: string): string =>
    (eventLabelsApply ? findPreference(preferences, name) : undefined) || t(key);
  const firstLabel = label('Firstname_Label', 'registration.firstName');
  const lastLabel = label('Lastname_Label', 'registration.lastName');
  const emailLabel = label('EMail_Label', 'registration.email');
  const title = label('MainTitle_Label', 'registration.title');

  const v = {
    firstname: values.firstname.trim(),
    lastname: values.lastname.trim(),
    email: values.email.trim(),
  };
  const errors: Partial<Record<Field, string>> = {};
  if (firstRequired && !v.firstname) errors.firstname = t('errors.required');
  if (lastRequired && !v.lastname) errors.lastname = t('errors.required');
  if (!isValidEmail(v.email)) errors.email = t('errors.email');
  if (!values.password) errors.password = t('errors.password');
  else if (!isValidNewPassword(values.password))
    errors.password = t('errors.passwordTooShort', { min: MIN_PASSWORD_LENGTH });
  if (values.confirm !== values.password) errors.confirm = t('errors.passwordsMismatch');
  if (!queryEvent && !isValidEventCode(values.eventCode.trim())) errors.eventCode = t('errors.eventCode');

  // The button needs every shown field filled (spec 01 §5); the rules above decide whether the input is valid.
  const allFilled =
    (!showFirst || v.firstname !== '') &&
    (!showLast || v.lastname !== '') &&
    v.email !== '' &&
    values.password !== '' &&
    values.confirm !== '' &&
    eventCode !== '';
  const isValid = Object.keys(errors).length === 0;

  const set = (field: Field) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setValues((s) => ({ ...s, [field]: value }));
  };
  const touch = (field: Field) => () => setTouched((s) => ({ ...s, [field]: true }));
  // Value, handlers and the error once the field was left: what every input below takes.
  const bind = (field: Field) => ({
    value: values[field],
    onChange: set(field),
    onBlur: touch(field),
    error: touched[field] ? errors[field] : undefined,
  });

  async function submit() {
    clearServerError();
    try {
      const answer = await signUp.mutateAsync({
        ...(showFirst && v.firstname ? { firstname: v.firstname } : {}),
        ...(showLast && v.lastname ? { lastname: v.lastname } : {}),
        email: v.email,
        password: values.password,
        active: true,
        event_code: eventCode,
      });
      if (!isSignUpSuccess(answer)) {
        showServerError({ message: answer.message, fromServer: true });
        return;
      }
      await startSession(answer.user_data);
      void navigate(`/auth/registration-success?event=${encodeURIComponent(eventCode)}`);
    } catch (err) {
      showServerError(parseAppError(err));
    }
  }

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      <form
        noValidate
        aria-label={t('registration.formLabel')}
        onSubmit={(e) => {
          e.preventDefault();
          setTouched({
            firstname: true,
            lastname: true,
            email: true,
            password: true,
            confirm: true,
            eventCode: true,
          });
          if (allFilled && isValid) void submit();
        }}
      >
        <Stack gap="sm">
          {showFirst ? (
            <TextInput
              label={firstLabel}
              required={firstRequired}
              autoComplete="given-name"
              maxLength={100}
              {...bind('firstname')}
            />
          ) : null}
          {showLast ? (
            <TextInput
              label={lastLabel}
              required={lastRequired}
              autoComplete="family-name"
              maxLength={100}
              {...bind('lastname')}
            />
          ) : null}
          <TextInput
            label={emailLabel}
            type="email"
            required
            autoComplete="email"
            maxLength={MAX_TEXT_LENGTH}
            {...bind('email')}
          />
          <PasswordField
            label={t('registration.password')}
            autoComplete="new-password"
            {...bind('password')}
          />
          <PasswordField
            label={t('registration.confirmPassword')}
            autoComplete="new-password"
            {...bind('confirm')}
          />
          {queryEvent ? null : <EventCodeInput label={t('registration.eventCode')} {...bind('eventCode')} />}
          <ServerErrorAlert error={serverError} />
          <Button type="submit" disabled={!allFilled} loading={signUp.isPending} fullWidth>
            {t('registration.submit')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
