// The passport's badges (spec 02 §3 Badge, §4.9): title, description, whether it is complete and, when the
// event has a store, its coin value. 'No achievements.' when the event has none.
import { Badge as Chip, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Badge } from '@showfloor/contracts';
import { PlainList } from '../../../components/plain-list.tsx';
import { CheckIcon, CoinIcon } from './icons.tsx';

const COMPLETE_GREEN = '#1e6b31';

export interface BadgeListProps {
  badges: readonly Badge[];
  /** Show each badge's coin value (the event has a store). */
  showsCoins: boolean;
}

export function BadgeList({ badges, showsCoins }: BadgeListProps) {
  const { t } = useTranslation('passport');
  if (badges.length === 0) return <Text>{t('main.noAchievements')}</Text>;
  return (
    <PlainList label={t('main.badges')}>
      {badges.map((badge) => (
        <Paper
          component="li"
          key={badge.id}
          withBorder
          radius="md"
          p="sm"
          bg={badge.badge_complete ? 'var(--mantine-color-green-0)' : undefined}
        >
          <Group wrap="nowrap" align="flex-start" gap="sm">
            <ThemeIcon
              radius="xl"
              size={32}
              color={badge.badge_complete ? 'green.8' : 'gray.3'}
              c={badge.badge_complete ? 'white' : 'gray.7'}
              aria-hidden="true"
            >
              {badge.badge_complete ? (
                <CheckIcon />
              ) : (
                <Text fw={700} fz="sm" c="gray.8">
                  {badge.title.slice(0, 1)}
                </Text>
              )}
            </ThemeIcon>
            <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
              <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                <Text fw={700}>{badge.title}</Text>
                {showsCoins && badge.coin_value !== null ? (
                  <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                    <CoinIcon size={16} />
                    <Text fz="sm" fw={600}>
                      {t('coins', { count: badge.coin_value })}
                    </Text>
                  </Group>
                ) : null}
              </Group>
              <Text fz="sm" c="gray.7">
                {badge.description}
              </Text>
              <Chip
                mt={4}
                variant={badge.badge_complete ? 'filled' : 'light'}
                // A green dark enough for white 11 px text (Mantine's green.9 gives 4.2:1, under 4.5:1).
                color={badge.badge_complete ? COMPLETE_GREEN : 'gray'}
                c={badge.badge_complete ? 'white' : 'gray.8'}
                size="sm"
                style={{ alignSelf: 'flex-start' }}
              >
                {badge.badge_complete ? t('main.complete') : t('main.incomplete')}
              </Chip>
            </Stack>
          </Group>
        </Paper>
      ))}
    </PlainList>
  );
}
