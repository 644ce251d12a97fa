/** The passport: achievement badges and coins (spec 02 §3, §4.9). */
import { z } from 'zod';
import { EventCodeSchema, IdSchema } from './common.ts';

/** One achievement badge; `coin_value` may be null (no coins). */
export const BadgeSchema = z.object({
  id: IdSchema,
  title: z.string().min(1).max(200),
  description: z.string().max(2000),
  badge_complete: z.boolean(),
  coin_value: z.number().int().nonnegative().nullable(),
});
export type Badge = z.infer<typeof BadgeSchema>;

/** A user's passport. */
export const PassportSchema = z.object({
  badges: z.array(BadgeSchema),
  coin_balance: z.number().int().nonnegative(),
  passport_claimed: z.boolean(),
});
export type Passport = z.infer<typeof PassportSchema>;

/** PATCH event/passport (claim) answer. */
export const PassportClaimResultSchema = PassportSchema.pick({ passport_claimed: true }).extend({
  message: z.string(),
});
export type PassportClaimResult = z.infer<typeof PassportClaimResultSchema>;

/**
 * An achievement a user earned in a room (spec 01 §7 "achievement events"): the attribute a content item's
 * `achievementAction` or a room page names, the room (0: none) and the content item, when there is one.
 */
export const AchievementSchema = z.object({
  achievement_attribute: z.string().min(1).max(200),
  room_id: z.number().int().nonnegative(),
  content_id: z.union([z.number().int(), z.string().max(100)]).nullish(),
});
export type Achievement = z.infer<typeof AchievementSchema>;

/** The `user_achievement_events` payload: the achievement, by whom and in which event. */
export const AchievementEventSchema = AchievementSchema.extend({
  user_id: IdSchema,
  event_code: EventCodeSchema,
});
export type AchievementEvent = z.infer<typeof AchievementEventSchema>;

/**
 * POST event/passport/achievements answer (not shown in the spec: the relay records each achievement event).
 * `badge` is the badge this achievement completed now and `coins_credited` its coins; an achievement that
 * completes nothing new (already complete, or no badge asks for it) answers `badge: null` and 0 coins.
 */
export const AchievementResultSchema = z.object({
  badge: BadgeSchema.nullable(),
  coins_credited: z.number().int().nonnegative(),
  coin_balance: z.number().int().nonnegative(),
});
export type AchievementResult = z.infer<typeof AchievementResultSchema>;

/**
 * `user_achievement_events` as the relay delivers it. The achiever's own tabs get `result`, what the provider
 * recorded for it (the badge it completed now, the coins credited, the new balance), so their passport changes
 * without being read again; the room's other members get the achievement without it (nobody else's balance).
 */
export const AchievementDeliverySchema = AchievementEventSchema.extend({
  result: AchievementResultSchema.optional(),
});
export type AchievementDelivery = z.infer<typeof AchievementDeliverySchema>;
