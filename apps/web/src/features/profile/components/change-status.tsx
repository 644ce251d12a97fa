// Change status (spec 02 §4.1): the picker lists active, away and do not disturb; the choice is kept under
// activeUserStatus and announced on user_status_changes, so others see it live.
import { Group, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PICKABLE_USER_STATUSES, TIMINGS, isPickableUserStatus } from '@showfloor/contracts';
import { FeedbackMessage } from '../../../components/feedback-message.tsx';
import { StatusDot } from '../../../components/status-dot.tsx';
import { useTimedFeedback } from '../../../hooks/use-timed-feedback.ts';
import { useChangeOwnStatus, useOwnStatus } from '../../../lib/presence/user-status.ts';

export function ChangeStatus() {
  const { t } = useTranslation('profile');
  const status = useOwnStatus();
  const change = useChangeOwnStatus();
  const { feedback, show } = useTimedFeedback();
  return (
    <Stack gap="md">
      <Radio.Group
        label={t('status.label')}
        description={t('status.description')}
        value={status}
        onChange={(value) => {
          if (!isPickableUserStatus(value)) return;
          void change(value).then((isAnnounced) =>
            show(
              isAnnounced
                ? { tone: 'success', text: t('status.changed', { status: t(`common:status.${value}`) }) }
                : { tone: 'error', text: t('status.notAnnounced') },
              TIMINGS.PROFILE_SUCCESS_MS,
            ),
          );
        }}
      >
        <Stack gap="sm" mt="sm">
          {PICKABLE_USER_STATUSES.map((value) => (
            <Radio.Card key={value} value={value} radius="md" p="sm" data-status-option={value}>
              <Group wrap="nowrap" gap="sm">
                <Radio.Indicator />
                <StatusDot status={value} size={18} decorative />
                <Stack gap={0}>
                  <Text fw={600}>{t(`status.options.${value}`)}</Text>
                  <Text size="sm" c="dimmed">
                    {t(`status.hints.${value}`)}
                  </Text>
                </Stack>
              </Group>
            </Radio.Card>
          ))}
        </Stack>
      </Radio.Group>
      <FeedbackMessage feedback={feedback} />
    </Stack>
  );
}
