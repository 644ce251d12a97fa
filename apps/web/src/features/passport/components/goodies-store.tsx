// The goodies store, 'Redeem Coins' (spec 02 §4.9, §8, §9): the items with their thumbnails, the balance, and
// 'Enter Shipping Details' opening the event's shipping page. Buying with a balance at or above the price asks
// for confirmation; confirming buys (a success says so and reloads the passport); too low a balance opens the
// error dialog 'Insufficient balance to buy {item}. Please collect achievements to get more coins.'; any other
// failure shows the server's message.
import { useState } from 'react';
import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BACKEND_MESSAGES, formatMessage, type StoreItem } from '@showfloor/contracts';
import { parseAppError } from '../../../lib/api/app-error.ts';
import { serverErrorText } from '../../../lib/api/server-messages.ts';
import { usePurchase } from '../api/use-purchase.ts';
import { useStoreItems } from '../api/use-store-items.ts';
import { canAfford } from '../rules.ts';
import { CoinBalance } from './coin-balance.tsx';
import { StoreItemCard } from './store-item-card.tsx';

type Dialog =
  | { kind: 'confirm'; item: StoreItem }
  | { kind: 'insufficient'; item: StoreItem }
  | { kind: 'success'; item: StoreItem; balance: number }
  | { kind: 'failed'; item: StoreItem; message: string };

export interface GoodiesStoreProps {
  eventCode: string;
  balance: number;
  /** The event's achievement_shipping_url ('' or undefined: none). */
  shippingUrl: string | undefined;
}

export function GoodiesStore({ eventCode, balance, shippingUrl }: GoodiesStoreProps) {
  const { t } = useTranslation('passport');
  const items = useStoreItems();
  const purchase = usePurchase();
  const [dialog, setDialog] = useState<Dialog | undefined>(undefined);
  const close = () => setDialog(undefined);

  const buy = (item: StoreItem) =>
    setDialog(
      canAfford(balance, item.coin_price) ? { kind: 'confirm', item } : { kind: 'insufficient', item },
    );

  const confirm = (item: StoreItem) => {
    purchase.mutate(
      { item_id: item.id, coin_price: item.coin_price },
      {
        onSuccess: (result) => setDialog({ kind: 'success', item, balance: result.coin_balance }),
        onError: (error) => {
          const failure = parseAppError(error);
          const insufficient = formatMessage(BACKEND_MESSAGES.INSUFFICIENT_BALANCE, { item: item.name });
          if (failure.fromServer && failure.message === insufficient)
            setDialog({ kind: 'insufficient', item });
          else setDialog({ kind: 'failed', item, message: serverErrorText(t, failure) });
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <CoinBalance balance={balance} />
      <Text fz="sm" c="gray.7">
        {t('store.intro')}
      </Text>
      {shippingUrl ? (
        <Button
          component="a"
          href={shippingUrl}
          target="_blank"
          rel="noopener noreferrer"
          variant="light"
          size="sm"
          style={{ alignSelf: 'flex-start' }}
        >
          {t('store.shipping')}
        </Button>
      ) : null}
      {items.isPending ? (
        <Loader aria-label={t('store.loading')} />
      ) : items.isError ? (
        <Alert color="red" variant="light" role="alert">
          {parseAppError(items.error).message}
        </Alert>
      ) : items.data.items.length === 0 ? (
        <Text>{t('store.empty')}</Text>
      ) : (
        <Stack
          component="ul"
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('store.items')}
        >
          {items.data.items.map((item) => (
            <StoreItemCard key={item.id} item={item} eventCode={eventCode} onBuy={buy} />
          ))}
        </Stack>
      )}

      <Modal
        opened={dialog !== undefined}
        onClose={close}
        centered
        title={
          dialog?.kind === 'confirm'
            ? t('store.confirmTitle')
            : dialog?.kind === 'success'
              ? t('store.successTitle')
              : t('store.errorTitle')
        }
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      >
        {dialog?.kind === 'confirm' ? (
          <Stack>
            <Text>{t('store.confirmText', { item: dialog.item.name, count: dialog.item.coin_price })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={purchase.isPending}>
                {t('store.cancel')}
              </Button>
              <Button onClick={() => confirm(dialog.item)} loading={purchase.isPending}>
                {t('store.confirm')}
              </Button>
            </Group>
          </Stack>
        ) : dialog?.kind === 'success' ? (
          <Stack>
            <Text>{t('store.successText', { item: dialog.item.name })}</Text>
            <Text fw={600}>{t('store.balanceLeft', { count: dialog.balance })}</Text>
            <Group justify="flex-end">
              <Button onClick={close}>{t('store.backToGoodies')}</Button>
            </Group>
          </Stack>
        ) : dialog ? (
          <Stack>
            <Alert color="red" variant="light" role="alert">
              {dialog.kind === 'insufficient'
                ? t('store.insufficient', { item: dialog.item.name })
                : dialog.message}
            </Alert>
            <Group justify="flex-end">
              <Button onClick={close}>{t('store.backToGoodies')}</Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
