// Change password (spec 02 §5, §4.8): the current, the new and the confirmed password, all needed; the new one
// differs from the current, has at least 8 characters (numbers and capitals not required) and equals the
// confirmation. A success opens the password-changed page; the server's message shows in red.
import { useState, type FormEvent } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MIN_PASSWORD_LENGTH, PasswordChangeFormSchema } from '@showfloor/contracts';
import { PasswordField } from '../../../components/password-field.tsx';
import { FeedbackMessage } from '../../../components/feedback-message.tsx';
import { useTimedFeedback } from '../../../hooks/use-timed-feedback.ts';
import { parseAppError } from '../../../lib/api/app-error.ts';
import { serverErrorText } from '../../../lib/api/server-messages.ts';
import { useChangePassword } from '../api/use-change-password.ts';
import { ruleMessage } from '../rule-messages.ts';

const FIELDS = ['oldPassword', 'newPassword', 'confirmPassword'] as const;
type Field = (typeof FIELDS)[number];
const AUTOCOMPLETE: Record<Field, string> = {
  oldPassword: 'current-password',
  newPassword: 'new-password',
  confirmPassword: 'new-password',
};

/** The first message per field of the contracts' form rule. */
export function passwordFormIssues(
  username: string,
  values: Record<Field, string>,
): Partial<Record<Field, string>> {
  const result = PasswordChangeFormSchema.safeParse({ username, ...values });
  const issues: Partial<Record<Field, string>> = {};
  if (result.success) return issues;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field;
    issues[field] ??= issue.message;
  }
  return issues;
}

export function ChangePassword({ username, onChanged }: { username: string; onChanged: () => void }) {
  const { t } = useTranslation('profile');
  const [values, setValues] = useState<Record<Field, string>>({
    oldPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const { feedback, show, clear } = useTimedFeedback();
  const change = useChangePassword();
  const issues = passwordFormIssues(username, values);
  const isValid = FIELDS.every((field) => issues[field] === undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ oldPassword: true, newPassword: true, confirmPassword: true });
    if (!isValid || change.isPending) return;
    clear();
    change.mutate(
      { type: 'change', username, password: values.oldPassword, new_password: values.newPassword },
      {
        onSuccess: onChanged,
        onError: (error) => show({ tone: 'error', text: serverErrorText(t, parseAppError(error)) }),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('password.description', { min: MIN_PASSWORD_LENGTH })}</Text>
        {FIELDS.map((field) => {
          const issue = touched[field] ? issues[field] : undefined;
          return (
            <PasswordField
              key={field}
              label={t(`password.fields.${field}`)}
              value={values[field]}
              autoComplete={AUTOCOMPLETE[field]}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setValues((current) => ({ ...current, [field]: value }));
              }}
              onBlur={() => setTouched((current) => ({ ...current, [field]: true }))}
              error={issue ? ruleMessage(t, issue) : undefined}
            />
          );
        })}
        <FeedbackMessage feedback={feedback} />
        <Button
          type="submit"
          disabled={!isValid}
          loading={change.isPending}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('password.submit')}
        </Button>
      </Stack>
    </form>
  );
}
