// The passport's visibility rules (spec 02 §4.9, §9), read from the passport and the event's achievement_store.
// Not shown in the spec: an event without an achievement_store preference has no store (as 'no'); 'auto' offers
// neither the store nor the claim.
import type { Passport, PreferenceValueOf } from '@showfloor/contracts';

export type StoreSetting = PreferenceValueOf<'achievement_store'> | undefined;

/** 'Redeem Coins' (the goodies store) only when achievement_store is 'yes'. */
export const hasStore = (store: StoreSetting): boolean => store === 'yes';

/** The coin balance only with the store and when some badge has a coin value. */
export const showsCoinBalance = (passport: Passport, store: StoreSetting): boolean =>
  hasStore(store) && passport.badges.some((badge) => badge.coin_value !== null);

/** The claim button when every badge is complete and there is no store. */
export const canClaim = (passport: Passport, store: StoreSetting): boolean =>
  (store === 'no' || store === undefined) &&
  passport.badges.length > 0 &&
  passport.badges.every((badge) => badge.badge_complete);

/** True when a purchase can be confirmed: a balance at or above the price. */
export const canAfford = (balance: number, price: number): boolean => balance >= price;
