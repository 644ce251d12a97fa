// user_achievement_events → the passport (spec 01 §7, spec 02 §4.9): an achievement of the signed-in user (the
// relay has recorded it at the provider before passing it on) reloads the cached passport, so an open passport
// page shows the badge and the coins at once, and a badge completed by it shows a top-left notification (5 s).
// The passport is kept loaded while the event has one, so there is a before to compare with.
import { useTranslation } from 'react-i18next';
import { findPreference, isFlagOn, type Passport } from '@showfloor/contracts';
import { useEventPreferences } from '../../../hooks/use-event-preferences.ts';
import { trpc } from '../../../lib/api/trpc.ts';
import { useCurrentUser } from '../../../lib/session/session.ts';
import { useServerEvent } from '../../../lib/socket/use-server-event.ts';
import { topLeftNotice } from '../../../lib/ui/notify.ts';
import { usePassport } from '../api/use-passport.ts';
import { hasStore } from '../rules.ts';

/** The badges `after` has complete that `before` had not. */
export function newlyCompleted(before: Passport | undefined, after: Passport) {
  if (!before) return [];
  const done = new Set(before.badges.filter((b) => b.badge_complete).map((b) => b.id));
  return after.badges.filter((badge) => badge.badge_complete && !done.has(badge.id));
}

export function useAchievementEvents(): void {
  const { t } = useTranslation('passport');
  const user = useCurrentUser();
  const { preferences } = useEventPreferences(user?.event_code);
  const isOn = isFlagOn(findPreference(preferences, 'passport_badges'));
  const store = findPreference(preferences, 'achievement_store');
  usePassport({ enabled: user !== null && isOn });
  const utils = trpc.useUtils();
  useServerEvent(user && isOn ? 'user_achievement_events' : undefined, (event) => {
    if (event.user_id !== user?.id) return;
    const before = utils.event.getPassport.getData();
    void utils.event.getPassport
      .fetch(undefined, { staleTime: 0 })
      .then((after) => {
        for (const badge of newlyCompleted(before, after)) {
          topLeftNotice({
            tone: 'success',
            title: t('achieved.title'),
            message:
              hasStore(store) && badge.coin_value !== null
                ? t('achieved.withCoins', { badge: badge.title, count: badge.coin_value })
                : t('achieved.badge', { badge: badge.title }),
          });
        }
      })
      .catch(() => undefined);
  });
}
