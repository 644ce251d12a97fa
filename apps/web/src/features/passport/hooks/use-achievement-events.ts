// user_achievement_events → the passport (spec 01 §7, spec 02 §4.9). The relay records an achievement of the
// signed-in user at the provider and passes the provider's result to all of the user's tabs: this hook writes it
// into the cached passport (the badge complete, the new balance), so an open passport page shows it at once
// without reading the passport again, and a badge completed by it shows a top-left notification (5 s). The
// passport is kept loaded while the event has one, so there is a passport to write into.
import { useTranslation } from 'react-i18next';
import { findPreference, isFlagOn } from '@showfloor/contracts';
import { useEventPreferences } from '../../../hooks/use-event-preferences.ts';
import { useCurrentUser } from '../../../lib/session/session.ts';
import { useServerEvent } from '../../../lib/socket/use-server-event.ts';
import { topLeftNotice } from '../../../lib/ui/notify.ts';
import { usePassport, usePassportCache } from '../api/use-passport.ts';
import { hasStore } from '../rules.ts';

export function useAchievementEvents(): void {
  const { t } = useTranslation('passport');
  const user = useCurrentUser();
  const { preferences } = useEventPreferences(user?.event_code);
  const hasPassport = isFlagOn(findPreference(preferences, 'passport_badges'));
  const hasCoins = hasStore(findPreference(preferences, 'achievement_store'));
  usePassport({ enabled: user !== null && hasPassport });
  const cache = usePassportCache();
  useServerEvent(user && hasPassport ? 'user_achievement_events' : undefined, (event) => {
    // Someone else's achievement, heard in the room, is not this passport's.
    if (event.user_id !== user?.id) return;
    const { result } = event;
    if (!result) {
      cache.markStale();
      return;
    }
    cache.applyAchievement(result);
    const { badge } = result;
    if (!badge) return;
    topLeftNotice({
      tone: 'success',
      title: t('achieved.title'),
      message:
        hasCoins && badge.coin_value !== null
          ? t('achieved.withCoins', { badge: badge.title, count: badge.coin_value })
          : t('achieved.badge', { badge: badge.title }),
    });
  });
}
