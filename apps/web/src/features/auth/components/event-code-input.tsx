// The event-code field the auth forms show when the link carries no event (spec 01 §2, §5).
import type { ComponentProps } from 'react';
import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const EVENT_CODE_MAX_LENGTH = 64;

/** Required, at most 64 characters; the label defaults to the login page's. */
export function EventCodeInput(props: ComponentProps<typeof TextInput>) {
  const { t } = useTranslation('auth');
  return <TextInput label={t('login.eventCode')} required maxLength={EVENT_CODE_MAX_LENGTH} {...props} />;
}
