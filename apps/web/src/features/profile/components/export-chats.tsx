// Export private chats (spec 02 §7 "Download all private chats for a user: private_chats.csv"): a download link
// through the gateway's file proxy (the browser's token cookie authorises it), with the local time offset so
// the times in the file are the user's own. Private messages are kept 10 days, which the page says.
import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PRIVATE_CHAT_RETENTION_DAYS, URL_CALLS, callPath, fillPath } from '@showfloor/contracts';
import { withQuery } from '../../../lib/api/files.ts';

/** The download URL of a user's private chats; `utc_offset` in minutes east of UTC (60 for CET). */
export function privateChatsUrl(userId: number, utcOffsetMinutes: number): string {
  const path = fillPath(callPath(URL_CALLS.conversation.exportChats), { id: userId });
  return withQuery(path, { utc_offset: String(utcOffsetMinutes) });
}

export function ExportChats({ userId }: { userId: number }) {
  const { t } = useTranslation('profile');
  const offset = -new Date().getTimezoneOffset();
  return (
    <Stack gap="md">
      <Text>{t('export.description')}</Text>
      <Text size="sm" c="dimmed">
        {t('export.retention', { days: PRIVATE_CHAT_RETENTION_DAYS })}
      </Text>
      <Button
        component="a"
        href={privateChatsUrl(userId, offset)}
        download="private_chats.csv"
        style={{ alignSelf: 'flex-start' }}
      >
        {t('export.download')}
      </Button>
      <Text size="xs" c="dimmed">
        {t('export.format')}
      </Text>
    </Stack>
  );
}
