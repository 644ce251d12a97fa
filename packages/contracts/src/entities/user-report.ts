/** Reports of users by users, and their moderation (spec 01 §3, §4; spec 02 §7). */
import { z } from 'zod';
import { ConversationIdSchema } from './chat-message.ts';
import { IdSchema, TextSchema, TimestampStringSchema } from './common.ts';

/** Report decisions. */
export const REPORT_ACTIONS = ['accept', 'reject'] as const;
/** A report decision. */
export const ReportActionSchema = z.enum(REPORT_ACTIONS, { error: 'action must be accept or reject' });
export type ReportAction = z.infer<typeof ReportActionSchema>;

/** A report's state: open until a manager accepts or rejects it. */
export const ReportStatusSchema = z.enum(['open', 'accepted', 'rejected']);

/** A stored report. */
export const UserReportSchema = z.object({
  id: IdSchema,
  reported_user_id: IdSchema,
  reported_by_user_id: IdSchema,
  summary: TextSchema.optional(),
  /** The conversation the report was made from (a private chat of the two). */
  conversation_id: ConversationIdSchema.optional(),
  validationNotes: TextSchema.optional(),
  status: ReportStatusSchema,
  timestamp: TimestampStringSchema,
});
export type UserReport = z.infer<typeof UserReportSchema>;

/**
 * POST user/report body (spec 02 §7: reportedId, reporterId); an empty summary is sent as absent. Reported from a
 * chat, `conversation_id` names it (both must take part in it).
 */
export const ReportCreateSchema = z
  .object({
    reportedId: IdSchema,
    reporterId: IdSchema,
    conversation_id: ConversationIdSchema.optional(),
    summary: TextSchema.trim().min(1, 'Send no summary rather than an empty one').optional(),
  })
  .refine((r) => r.reportedId !== r.reporterId, {
    message: 'You cannot report yourself',
    path: ['reportedId'],
  });
export type ReportCreate = z.infer<typeof ReportCreateSchema>;

/** PATCH user/report/{id} body: a manager's decision. */
export const ReportDecisionSchema = z.object({
  action: ReportActionSchema,
  validationNotes: TextSchema.optional(),
});
export type ReportDecision = z.infer<typeof ReportDecisionSchema>;

/** GET user/reported-users answer. */
export const UserReportListSchema = z.object({ reports: z.array(UserReportSchema) });
export type UserReportList = z.infer<typeof UserReportListSchema>;
