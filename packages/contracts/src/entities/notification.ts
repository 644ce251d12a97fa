/** Event notifications (announcements) an event admin broadcasts (spec 02 §3, §4.6, §5). */
import { z } from 'zod';
import {
  ALL_ROOMS_ID,
  MAX_NOTIFICATION_BODY_LENGTH,
  NOTIFICATION_DURATIONS_S,
  NOTIFICATION_TYPES,
} from '../constants.ts';
import { IdSchema } from './common.ts';

/** A notification type value: Information 1, Success 2, Warning 3, Error 4. */
export const NotificationTypeSchema = z.union(
  Object.values(NOTIFICATION_TYPES).map((v) => z.literal(v)) as unknown as [
    z.ZodLiteral<1>,
    z.ZodLiteral<2>,
    z.ZodLiteral<3>,
    z.ZodLiteral<4>,
  ],
  { error: 'type must be 1 (Information), 2 (Success), 3 (Warning) or 4 (Error)' },
);
export type NotificationType = z.infer<typeof NotificationTypeSchema>;

/** Display time in seconds (3, 5, 10, 20) or null: until closed. */
export const NotificationDurationSchema = z.union(
  [z.literal(3), z.literal(5), z.literal(10), z.literal(20), z.null()],
  { error: `duration must be one of ${NOTIFICATION_DURATIONS_S.map(String).join(', ')}` },
);

/**
 * A notification: title and body required (body at most 500); `room_id` 0 means all rooms; `user_ids` names
 * specific recipients (empty: everyone in the audience room).
 */
export const NotificationSchema = z
  .object({
    title: z.string().trim().min(1, 'Title is required').max(200, 'Title must be at most 200 characters'),
    message: z
      .string()
      .trim()
      .min(1, 'Message is required')
      .max(
        MAX_NOTIFICATION_BODY_LENGTH,
        `Message must be at most ${MAX_NOTIFICATION_BODY_LENGTH} characters`,
      ),
    room_id: z.union([z.literal(ALL_ROOMS_ID), IdSchema]).nullable(),
    type: NotificationTypeSchema,
    duration: NotificationDurationSchema,
    user_ids: z.array(IdSchema),
  })
  .refine((n) => n.room_id !== null || n.user_ids.length > 0, {
    message: 'Choose an audience room or specific recipients',
    path: ['room_id'],
  });
export type Notification = z.infer<typeof NotificationSchema>;
