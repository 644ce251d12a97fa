// Profile information (spec 02 §2.10, §5, §8): Name, Last Name, Job Title, Company, Phone, Email, Webpage and
// Linkedin, each checked as it is typed with the contracts' rule (ProfileUpdateSchema, the same the provider
// applies) and its message; Save is disabled while any message shows or nothing changed. The server's message
// shows in red under the form; a success replaces it and goes after 3.5 s.
import { useState, type FormEvent } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MAX_PROFILE_FIELD_LENGTH, TIMINGS, type UserProfile } from '@showfloor/contracts';
import { FeedbackMessage } from '../../../components/feedback-message.tsx';
import { useTimedFeedback } from '../../../hooks/use-timed-feedback.ts';
import { parseAppError } from '../../../lib/api/app-error.ts';
import { serverErrorText } from '../../../lib/api/server-messages.ts';
import { useUpdateProfile } from '../api/use-update-profile.ts';
import { PROFILE_FIELDS, profileFieldIssue, ruleMessage, type ProfileField } from '../rule-messages.ts';

type Values = Record<ProfileField, string>;

const REQUIRED: ReadonlySet<ProfileField> = new Set(['firstname', 'lastname', 'email']);

/** Input attributes that help browsers and phones fill each field. */
const INPUT_HINTS: Record<ProfileField, { type?: string; autoComplete: string }> = {
  firstname: { autoComplete: 'given-name' },
  lastname: { autoComplete: 'family-name' },
  job_title: { autoComplete: 'organization-title' },
  company: { autoComplete: 'organization' },
  phone_number: { type: 'tel', autoComplete: 'tel' },
  email: { type: 'email', autoComplete: 'email' },
  webpage: { type: 'url', autoComplete: 'url' },
  linkedin: { autoComplete: 'off' },
};

function valuesOf(profile: UserProfile): Values {
  return Object.fromEntries(PROFILE_FIELDS.map((field) => [field, profile[field] ?? ''])) as Values;
}

export function ProfileInformation({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation('profile');
  const [saved, setSaved] = useState<Values>(() => valuesOf(profile));
  const [values, setValues] = useState<Values>(saved);
  const { feedback, show, clear } = useTimedFeedback();
  const update = useUpdateProfile();

  const issues = Object.fromEntries(
    PROFILE_FIELDS.map((field) => [field, profileFieldIssue(field, values[field])]),
  ) as Record<ProfileField, string | undefined>;
  const hasIssue = PROFILE_FIELDS.some((field) => issues[field] !== undefined);
  const isChanged = PROFILE_FIELDS.some((field) => values[field] !== saved[field]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (hasIssue || !isChanged || update.isPending) return;
    clear();
    const trimmed = Object.fromEntries(
      PROFILE_FIELDS.map((field) => [field, values[field].trim()]),
    ) as Values;
    update.mutate(
      { id: profile.id, ...trimmed },
      {
        onSuccess: (answer) => {
          const next = valuesOf(answer.user);
          setSaved(next);
          setValues(next);
          show({ tone: 'success', text: t('information.saved') }, TIMINGS.PROFILE_SUCCESS_MS);
        },
        onError: (error) => show({ tone: 'error', text: serverErrorText(t, parseAppError(error)) }),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {PROFILE_FIELDS.map((field) => {
          const issue = issues[field];
          return (
            <TextInput
              key={field}
              label={t(`information.fields.${field}`)}
              withAsterisk={REQUIRED.has(field)}
              required={REQUIRED.has(field)}
              value={values[field]}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setValues((current) => ({ ...current, [field]: value }));
              }}
              // One character over the limit is allowed so the rule's message can say what is wrong.
              maxLength={MAX_PROFILE_FIELD_LENGTH + 1}
              error={issue ? ruleMessage(t, issue) : undefined}
              name={field}
              {...INPUT_HINTS[field]}
            />
          );
        })}
        <FeedbackMessage feedback={feedback} />
        <Button
          type="submit"
          disabled={hasIssue || !isChanged}
          loading={update.isPending}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('information.save')}
        </Button>
      </Stack>
    </form>
  );
}
