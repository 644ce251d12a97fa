// The candidate's badge list (spec 02 §2.3 "Recruiting dashboard: ... badge list"): each badge, complete or not.
import { Alert, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PlainList } from '../../../components/plain-list.tsx';
import { parseAppError } from '../../../lib/api/app-error.ts';
import { useCandidate } from '../api/use-candidate.ts';

/** Mantine's green.9 is 4.2:1 on white, short of 4.5:1 for small text; this green is 6.6:1. */
const COMPLETE_GREEN = '#1e6b31';

export function CandidateBadges({ candidateId }: { candidateId: number }) {
  const { t } = useTranslation('recruiting');
  const candidate = useCandidate(candidateId);
  if (candidate.isPending) return <Loader aria-label={t('profile.loading')} />;
  if (candidate.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {parseAppError(candidate.error).message}
      </Alert>
    );
  }
  const { badges } = candidate.data;
  if (badges.length === 0) return <Text>{t('badges.none')}</Text>;
  return (
    <PlainList label={t('badges.label')}>
      {badges.map((badge) => (
        <Paper component="li" key={badge.id} withBorder radius="md" p="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2}>
              <Text fw={700}>{badge.title}</Text>
              <Text fz="sm" c="gray.7">
                {badge.description}
              </Text>
            </Stack>
            <Text
              fz="sm"
              fw={700}
              c={badge.badge_complete ? COMPLETE_GREEN : 'gray.8'}
              style={{ flex: 'none' }}
            >
              {badge.badge_complete ? t('badges.complete') : t('badges.open')}
            </Text>
          </Group>
        </Paper>
      ))}
    </PlainList>
  );
}
