// One goodie of the store: its thumbnail (through the file proxy; a failure shows the server's message in red,
// spec 02 §8), name, description, price and the buy button.
import { Box, Button, Center, Group, Image, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StoreItem } from '@showfloor/contracts';
import { fileUrl } from '../../../lib/api/files.ts';
import { useProxiedFile } from '../../../lib/api/use-proxied-file.ts';
import { CoinIcon } from './icons.tsx';

const THUMBNAIL = 72;

function Thumbnail({ eventCode, filename }: { eventCode: string; filename: string }) {
  const { t } = useTranslation('passport');
  const file = useProxiedFile(fileUrl('store_thumbnail', eventCode, filename));
  return (
    <Box w={THUMBNAIL} h={THUMBNAIL} style={{ flexShrink: 0 }}>
      {file.status === 'ready' ? (
        <Image src={file.src} alt="" w={THUMBNAIL} h={THUMBNAIL} radius="sm" fit="contain" />
      ) : file.status === 'error' ? (
        <Text fz="xs" c="red.9" role="alert">
          {file.message}
        </Text>
      ) : (
        <Center h={THUMBNAIL}>
          <Loader size="sm" aria-label={t('store.loadingThumbnail')} />
        </Center>
      )}
    </Box>
  );
}

export interface StoreItemCardProps {
  item: StoreItem;
  eventCode: string;
  onBuy: (item: StoreItem) => void;
}

export function StoreItemCard({ item, eventCode, onBuy }: StoreItemCardProps) {
  const { t } = useTranslation('passport');
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Thumbnail eventCode={eventCode} filename={item.filename} />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Title order={3} fz="md">
            {item.name}
          </Title>
          <Text fz="sm" c="gray.7">
            {item.description}
          </Text>
          <Group justify="space-between" gap="xs" mt={4}>
            <Group gap={4} wrap="nowrap">
              <CoinIcon size={16} />
              <Text fw={700} fz="sm">
                {t('coins', { count: item.coin_price })}
              </Text>
            </Group>
            <Button
              size="xs"
              onClick={() => onBuy(item)}
              aria-label={t('store.buyItem', { item: item.name })}
            >
              {t('store.buy')}
            </Button>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
