/** Access rules per action, per screen and per role-per-user-per-room (spec 01 §3, §6). */
import { z } from 'zod';
import { IdParamSchema, IdSchema } from './common.ts';
import { RoleNameSchema } from './role.ts';

/** The three kinds of access rule; also the `type` query of the access calls. */
export const ACCESS_RULE_TYPES = ['action', 'screen', 'role'] as const;
/** An access rule kind. */
export const AccessRuleTypeSchema = z.enum(ACCESS_RULE_TYPES, {
  error: 'type must be action, screen or role',
});
export type AccessRuleType = z.infer<typeof AccessRuleTypeSchema>;

// Not shown in the spec: `role_id` names the role (visitor, exhibitor ...) rather than a numeric role key.
/** Who may perform an action (a call `endpoint` or a socket `topic`). */
export const ActionRuleSchema = z.object({
  type: z.literal('action'),
  /** Server-assigned; absent when creating. */
  id: IdSchema.optional(),
  action: z.string().min(1, 'action is required').max(200),
  endpoint: z.string().max(500).optional(),
  topic: z.string().max(200).optional(),
  /** Allowed when no more specific rule decides. */
  default: z.boolean(),
  event_id: IdSchema,
  role_id: RoleNameSchema,
});
export type ActionRule = z.infer<typeof ActionRuleSchema>;

/** Which screens (frontend paths such as /profile) a role sees. */
export const ScreenRuleSchema = z.object({
  type: z.literal('screen'),
  id: IdSchema.optional(),
  name: z.string().min(1, 'name is required').max(200),
  frontend_name: z.string().min(1, 'frontend_name is required').max(200),
  default: z.boolean(),
  event_id: IdSchema,
  role_id: RoleNameSchema,
});
export type ScreenRule = z.infer<typeof ScreenRuleSchema>;

/** A role given to one user in one room (e.g. presenter of room 7). */
export const RoleRuleSchema = z.object({
  type: z.literal('role'),
  id: IdSchema.optional(),
  role_id: RoleNameSchema,
  room_id: IdSchema,
  user_id: IdSchema,
});
export type RoleRule = z.infer<typeof RoleRuleSchema>;

/** Any access rule, told apart by `type`. */
export const AccessRuleSchema = z.discriminatedUnion(
  'type',
  [ActionRuleSchema, ScreenRuleSchema, RoleRuleSchema],
  {
    error: 'type must be action, screen or role',
  },
);
export type AccessRule = z.infer<typeof AccessRuleSchema>;

/** Query of the access calls: the kind, and for DELETE the rule's id. */
export const AccessQuerySchema = z.object({ type: AccessRuleTypeSchema });
/** DELETE auth/access query. */
export const AccessDeleteQuerySchema = AccessQuerySchema.extend({ id: IdParamSchema });

/** GET auth/access answer. */
export const AccessRuleListSchema = z.object({ rules: z.array(AccessRuleSchema) });
export type AccessRuleList = z.infer<typeof AccessRuleListSchema>;
