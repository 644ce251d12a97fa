/** Managing users: activation, import and session ends (spec 01 §4, §7). */
import { z } from 'zod';
import { EventCodeSchema, IdParamSchema, IdSchema } from './common.ts';

/** PATCH user/activate and user/deactivate body. */
export const UserActivationSchema = z.object({ user_id: IdSchema });
export type UserActivation = z.infer<typeof UserActivationSchema>;

/** POST user/importusers answer. */
export const UserImportResultSchema = z.object({
  message: z.string(),
  imported: z.number().int().nonnegative(),
  /** Row-level problems: 1-based CSV line and why it was skipped. */
  skipped: z.array(z.object({ line: z.number().int().positive(), reason: z.string() })),
});
export type UserImportResult = z.infer<typeof UserImportResultSchema>;

/** DELETE auth/session query: end one user's sessions, or every session of an event. */
export const SessionDeleteQuerySchema = z
  .object({ user_id: IdParamSchema.optional(), event_code: EventCodeSchema.optional() })
  .refine((q) => q.user_id !== undefined || q.event_code !== undefined, {
    message: 'Give user_id or event_code',
  });
export type SessionDeleteQuery = z.infer<typeof SessionDeleteQuerySchema>;
