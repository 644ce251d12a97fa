// The caller's passport (spec 02 §4.9): badges, coin balance, claimed flag. Reloaded after a purchase and a claim;
// an achievement's result from the relay is written into it (hooks/use-achievement-events.ts).
import { useMemo } from 'react';
import type { AchievementResult, Passport } from '@showfloor/contracts';
import { trpc } from '../../../lib/api/trpc.ts';

export function usePassport(options: { enabled?: boolean } = {}) {
  return trpc.event.getPassport.useQuery(undefined, { enabled: options.enabled ?? true });
}

/**
 * The passport after an achievement the provider recorded: the badge it completed (if any) complete, added when
 * the passport did not list it, and the provider's new balance.
 */
export function withAchievement(passport: Passport, result: AchievementResult): Passport {
  const { badge } = result;
  let { badges } = passport;
  if (badge !== null) {
    const isListed = badges.some((b) => b.id === badge.id);
    badges = isListed ? badges.map((b) => (b.id === badge.id ? badge : b)) : [...badges, badge];
  }
  return { ...passport, badges, coin_balance: result.coin_balance };
}

/** How live achievements change the cached passport. */
export function usePassportCache() {
  const utils = trpc.useUtils();
  return useMemo(() => {
    const passport = utils.event.getPassport;
    return {
      /** An achievement of the user, with what the provider recorded: written into the loaded passport. */
      applyAchievement(result: AchievementResult): void {
        passport.setData(undefined, (data) => (data ? withAchievement(data, result) : data));
      },
      /** An achievement whose result did not come with it: the passport is read again when shown. */
      markStale(): void {
        void passport.invalidate();
      },
    };
  }, [utils]);
}
