// The coin balance as the passport and the store show it.
import { Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CoinIcon } from './icons.tsx';

export function CoinBalance({ balance }: { balance: number }) {
  const { t } = useTranslation('passport');
  return (
    <Paper withBorder radius="md" px="sm" py={6} bg="var(--mantine-color-yellow-0)">
      <Group gap={6} wrap="nowrap">
        <CoinIcon />
        <Text fw={700} data-testid="coin-balance">
          {t('balance', { count: balance })}
        </Text>
      </Group>
    </Paper>
  );
}
