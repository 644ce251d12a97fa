// The passport (spec 02 §2.3 "Passport: main, claimed, redeem coins", §4.9, §9): the badges with their
// completion and coin value, the coin balance, 'Redeem Coins' (the goodies store) when the event has a store,
// and the claim button once every badge is complete in an event without one. A claimed passport shows
// 'Achievements Completed' (straight away when it was claimed before). Achievement events from rooms reload it
// live (hooks/use-achievement-events.ts).
import { Alert, Button, Center, Group, Loader, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { findPreference, type Passport } from '@showfloor/contracts';
import { useEventPreferences } from '../../../hooks/use-event-preferences.ts';
import { parseAppError } from '../../../lib/api/app-error.ts';
import { serverErrorText } from '../../../lib/api/server-messages.ts';
import { useCurrentUser } from '../../../lib/session/session.ts';
import { useDrawerSubPage } from '../../../lib/shell/sub-page.ts';
import { useClaimPassport } from '../api/use-claim-passport.ts';
import { usePassport } from '../api/use-passport.ts';
import { BadgeList } from '../components/badge-list.tsx';
import { GoodiesStore } from '../components/goodies-store.tsx';
import { CoinIcon, TrophyIcon } from '../components/icons.tsx';
import { canClaim, hasStore, showsCoinBalance, type StoreSetting } from '../rules.ts';

function ClaimedView({ passport }: { passport: Passport }) {
  const { t } = useTranslation('passport');
  return (
    <Stack align="center" gap="sm" ta="center" py="md">
      <TrophyIcon />
      <Title order={3}>{t('claimed.title')}</Title>
      <Text>{t('claimed.text', { count: passport.badges.length })}</Text>
    </Stack>
  );
}

function PassportMain({
  passport,
  store,
  onRedeem,
}: {
  passport: Passport;
  store: StoreSetting;
  onRedeem: () => void;
}) {
  const { t } = useTranslation('passport');
  const claim = useClaimPassport();
  const done = passport.badges.filter((badge) => badge.badge_complete).length;
  const total = passport.badges.length;
  const showsCoins = showsCoinBalance(passport, store);
  const claimError = claim.error ? parseAppError(claim.error) : undefined;
  return (
    <Stack gap="md">
      {total > 0 ? (
        <Paper withBorder radius="md" p="md">
          <Group grow align="flex-start" gap="md">
            <Stack gap={2}>
              <Text fz="sm" c="gray.7">
                {t('main.badges')}
              </Text>
              <Text fz="xl" fw={700} lh={1.2}>
                {t('main.badgeCount', { done, total })}
              </Text>
            </Stack>
            {showsCoins ? (
              <Stack gap={2}>
                <Text fz="sm" c="gray.7">
                  {t('main.balance')}
                </Text>
                <Group gap={6} wrap="nowrap">
                  <CoinIcon size={22} />
                  <Text fz="xl" fw={700} lh={1.2} data-testid="coin-balance">
                    {t('coins', { count: passport.coin_balance })}
                  </Text>
                </Group>
              </Stack>
            ) : null}
          </Group>
          <Progress
            mt="md"
            value={(done / total) * 100}
            color="green.8"
            size="md"
            radius="xl"
            aria-label={t('main.progress', { done, total })}
          />
          <Text fz="sm" c="gray.7" mt={6}>
            {t('main.progress', { done, total })}
          </Text>
        </Paper>
      ) : null}
      {hasStore(store) ? (
        <Button onClick={onRedeem} fullWidth>
          {t('main.redeem')}
        </Button>
      ) : null}
      {canClaim(passport, store) ? (
        <Stack gap="xs">
          <Button color="green.8" onClick={() => claim.mutate()} loading={claim.isPending} fullWidth>
            {t('main.claim')}
          </Button>
          {claimError ? (
            <Alert color="red" variant="light" role="alert">
              {serverErrorText(t, claimError)}
            </Alert>
          ) : null}
        </Stack>
      ) : null}
      <BadgeList badges={passport.badges} showsCoins={hasStore(store)} />
    </Stack>
  );
}

/** The goodies store, a sub-page of the passport (the drawer's header names it; its Back returns here). */
const STORE_PAGE = { name: 'store', titleKey: 'passport:store.title' } as const;

export default function PassportPage() {
  const { t } = useTranslation('passport');
  const user = useCurrentUser();
  const { preferences } = useEventPreferences(user?.event_code);
  const passport = usePassport();
  const { subPage, open } = useDrawerSubPage();
  const store = findPreference(preferences, 'achievement_store');

  if (passport.isPending) {
    return (
      <Center p="xl">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }
  if (passport.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {parseAppError(passport.error).message}
      </Alert>
    );
  }
  if (passport.data.passport_claimed) return <ClaimedView passport={passport.data} />;
  if (subPage?.name === STORE_PAGE.name && hasStore(store)) {
    return (
      <GoodiesStore
        eventCode={user?.event_code ?? ''}
        balance={passport.data.coin_balance}
        shippingUrl={findPreference(preferences, 'achievement_shipping_url')}
      />
    );
  }
  return <PassportMain passport={passport.data} store={store} onRedeem={() => open(STORE_PAGE)} />;
}
