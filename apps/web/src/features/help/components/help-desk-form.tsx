// The help-desk form (spec 02 §2.3, §5): phone (international or local), e-mail and the question (at least 10
// characters), all required, with the spec's error texts; a field's error shows once it was left or a send was
// tried. A success goes to the success page; a failure shows the server's message in red.
import { useState } from 'react';
import { Alert, Button, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MAX_TEXT_LENGTH, type HelpDeskContact } from '@showfloor/contracts';
import { parseAppError } from '../../../lib/api/app-error.ts';
import { serverErrorText } from '../../../lib/api/server-messages.ts';
import { useContactHelpDesk } from '../api/use-contact-help-desk.ts';
import { helpDeskErrors, type HelpDeskField } from '../rules.ts';

export interface HelpDeskFormProps {
  /** The signed-in user's address, offered as the e-mail. */
  initialEmail: string;
  onSent: () => void;
}

export function HelpDeskForm({ initialEmail, onSent }: HelpDeskFormProps) {
  const { t } = useTranslation('help');
  const [values, setValues] = useState<HelpDeskContact>({ phone: '', email: initialEmail, text: '' });
  const [touched, setTouched] = useState<Partial<Record<HelpDeskField, boolean>>>({});
  const contact = useContactHelpDesk();
  const errors = helpDeskErrors(values);
  const errorOf = (field: HelpDeskField) => {
    const key = errors[field];
    return touched[field] && key ? t(`helpDesk.errors.${key}`, { max: MAX_TEXT_LENGTH }) : undefined;
  };
  const field = (name: HelpDeskField) => ({
    value: values[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
    },
    onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
    error: errorOf(name),
    required: true,
  });
  const failure = contact.error ? serverErrorText(t, parseAppError(contact.error)) : undefined;
  return (
    <form
      noValidate
      aria-label={t('helpDesk.label')}
      onSubmit={(event) => {
        event.preventDefault();
        setTouched({ phone: true, email: true, text: true });
        if (Object.keys(errors).length > 0 || contact.isPending) return;
        contact.mutate(
          { phoneNumber: values.phone.trim(), email: values.email.trim(), message: values.text.trim() },
          { onSuccess: onSent },
        );
      }}
    >
      <Stack gap="sm">
        <Text c="gray.7" fz="sm">
          {t('helpDesk.intro')}
        </Text>
        <TextInput
          label={t('helpDesk.phone')}
          description={t('helpDesk.phoneHint')}
          type="tel"
          autoComplete="tel"
          maxLength={40}
          {...field('phone')}
        />
        <TextInput
          label={t('helpDesk.email')}
          type="email"
          autoComplete="email"
          maxLength={254}
          {...field('email')}
        />
        <Textarea
          label={t('helpDesk.question')}
          autosize
          minRows={4}
          maxRows={10}
          maxLength={MAX_TEXT_LENGTH}
          {...field('text')}
        />
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Button type="submit" loading={contact.isPending} style={{ alignSelf: 'flex-end' }}>
          {t('helpDesk.send')}
        </Button>
      </Stack>
    </form>
  );
}
