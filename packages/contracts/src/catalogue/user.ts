/**
 * The user service's calls (spec 01 §7 "User", spec 02 §7). The spec shows few methods and no result
 * shapes here; each choice is marked "Not shown in the spec" once.
 */
import { z } from 'zod';
import { MessageSchema } from '../entities/provider-answer.ts';
import {
  EventCodeSchema,
  EventKeySchema,
  IdParamSchema,
  IdSchema,
  ProfileUpdateResponseSchema,
  ProfileUpdateSchema,
  RecruitingNotesSchema,
  RecruitingStatusSchema,
  RecruitingUserDataSchema,
  ReportCreateSchema,
  ReportDecisionSchema,
  RoleNameSchema,
  TagTypeSchema,
  TagsCreateSchema,
  UserActivationSchema,
  UserImportResultSchema,
  UserListSchema,
  UserReportListSchema,
  UserReportSchema,
  UserResponseSchema,
  UserSummarySchema,
  WalletSchema,
} from '../entities/index.ts';
import {
  CsvTextSchema,
  EventCodeQuerySchema,
  FileBytesSchema,
  IdParamsSchema,
  UserIdQuerySchema,
  errorResponses,
} from './shared.ts';
import type { RestCall } from './types.ts';
import { URL_CALLS } from './url-calls.ts';

/** DELETE user/tags query: the user and the tag to remove. */
export const TagDeleteQuerySchema = z.object({
  user_id: IdParamSchema,
  tag_name: z.string().min(1, 'tag_name is required').max(2000),
  type: TagTypeSchema,
});
/** GET user/users filters. */
export const UserFilterQuerySchema = z.object({
  event_code: EventCodeSchema.optional(),
  room_id: IdParamSchema.optional(),
  role: RoleNameSchema.optional(),
  /** Case-insensitive match on first name, last name, username, company and job title. */
  search: z.string().max(2000).optional(),
});
/** GET user/logged query: users signed in to an event now. */
export const LoggedUsersQuerySchema = z.object({
  event_code: EventCodeSchema,
  role: RoleNameSchema.optional(),
  limit: z.coerce
    .number<string | number>({ error: 'limit must be a number' })
    .int()
    .min(1)
    .max(10_000)
    .optional(),
});
/** Answer of a picture upload: the new picture path. */
export const PictureResultSchema = z.object({ message: z.string(), profile_picture: z.string().max(500) });
/** PATCH user/updateTutorial body and answer. */
export const TutorialUpdateSchema = z.object({ user_id: IdSchema });
export const TutorialResultSchema = z.object({
  message: z.string(),
  last_login: z.number().int().nonnegative(),
});

/** Calls of the user service. */
export const userCalls = {
  getMatchingUsers: {
    service: 'user',
    // Not shown in the spec: method chosen, GET.
    method: 'GET',
    path: '/users/matching/room/:roomId/user/:userId',
    params: z.object({ roomId: IdParamSchema, userId: IdParamSchema }),
    // Not shown in the spec: users in the room sharing skills or interests with the user, best match first.
    responses: { 200: UserListSchema, ...errorResponses(400, 401, 404) },
    auth: 'user',
    idempotent: true,
    summary: 'Users in a room matching a user’s skills and interests',
  },
  updateUser: {
    service: 'user',
    method: 'PATCH',
    path: '/user/:id',
    params: IdParamsSchema,
    body: ProfileUpdateSchema,
    responses: { 200: ProfileUpdateResponseSchema, ...errorResponses(400, 401, 403, 404) },
    auth: 'user',
    summary: "Edit a user's profile (only one's own); answers the stored profile",
  },
  activateUser: {
    service: 'user',
    // Not shown in the spec: method chosen, PATCH with the user id in the body.
    method: 'PATCH',
    path: '/activate',
    body: UserActivationSchema,
    responses: { 200: MessageSchema, ...errorResponses(400, 401, 403, 404) },
    auth: 'manager',
    summary: 'Reactivate a user',
  },
  deactivateUser: {
    service: 'user',
    // Not shown in the spec: method chosen, PATCH with the user id in the body.
    method: 'PATCH',
    path: '/deactivate',
    body: UserActivationSchema,
    responses: { 200: MessageSchema, ...errorResponses(400, 401, 403, 404) },
    // Not shown in the spec: users deactivate themselves (account deletion); managers may deactivate others.
    auth: 'user',
    summary: 'Deactivate a user (account deletion)',
  },
  listDeactivatedUsers: {
    service: 'user',
    // Not shown in the spec: method chosen, GET.
    method: 'GET',
    path: '/users/deactivated',
    query: z.object({ event_code: EventCodeSchema.optional() }),
    responses: { 200: UserListSchema, ...errorResponses(401, 403) },
    auth: 'manager',
    idempotent: true,
    summary: 'Deactivated users',
  },
  createTags: {
    service: 'user',
    method: 'POST',
    path: '/tags',
    body: TagsCreateSchema,
    responses: { 200: MessageSchema, ...errorResponses(400, 401, 403) },
    auth: 'user',
    summary: 'Add skills or interests to a user',
  },
  deleteTag: {
    service: 'user',
    method: 'DELETE',
    path: '/tags',
    query: TagDeleteQuerySchema,
    responses: { 200: MessageSchema, ...errorResponses(400, 401, 403, 404) },
    auth: 'user',
    idempotent: true,
    summary: 'Remove a skill or interest from a user',
  },
  getUser: {
    service: 'user',
    method: 'GET',
    path: '/user/:id',
    params: IdParamsSchema,
    responses: { 200: UserResponseSchema, ...errorResponses(400, 401, 404) },
    auth: 'user',
    idempotent: true,
    summary: 'A user’s profile (data.user)',
  },
  listUsers: {
    service: 'user',
    // Not shown in the spec: method chosen, GET with filters in the query.
    method: 'GET',
    path: '/users',
    query: UserFilterQuerySchema,
    responses: { 200: UserListSchema, ...errorResponses(400, 401) },
    auth: 'user',
    idempotent: true,
    summary: 'Users of the caller’s event, filtered',
  },
  getSummary: {
    service: 'user',
    // Not shown in the spec: method chosen, GET /summary/:id (spec 02 §7 "summary by id").
    method: 'GET',
    path: '/summary/:id',
    params: IdParamsSchema,
    responses: { 200: UserSummarySchema, ...errorResponses(400, 401, 404) },
    auth: 'user',
    idempotent: true,
    summary: 'A user’s summary (names, company, job title, picture)',
  },
  getSummaries: {
    service: 'user',
    method: 'POST',
    path: '/users/summary',
    // Not shown in the spec: POST so a long id list fits in the body.
    body: z.object({ ids: z.array(IdSchema).min(1, 'ids must not be empty').max(500, 'at most 500 ids') }),
    responses: { 200: UserListSchema, ...errorResponses(400, 401) },
    auth: 'user',
    summary: 'Summaries of several users by id',
  },
  getEventUsers: {
    service: 'user',
    // Not shown in the spec: method chosen, GET.
    method: 'GET',
    path: '/users/event/:id',
    params: z.object({ id: EventKeySchema }),
    responses: { 200: UserListSchema, ...errorResponses(400, 401, 403, 404) },
    auth: 'user',
    idempotent: true,
    summary: 'Every user of an event (by id or event code)',
  },
  getLoggedUsers: {
    service: 'user',
    // Not shown in the spec: method chosen, GET.
    method: 'GET',
    path: '/logged',
    query: LoggedUsersQuerySchema,
    responses: { 200: UserListSchema, ...errorResponses(400, 401) },
    auth: 'user',
    idempotent: true,
    summary: 'Users signed in to an event now, optionally of one role',
  },
  getRoomUsers: {
    service: 'user',
    // Not shown in the spec: method chosen, GET.
    method: 'GET',
    path: '/users/room/:id',
    params: IdParamsSchema,
    responses: { 200: UserListSchema, ...errorResponses(400, 401, 404) },
    auth: 'user',
    idempotent: true,
    summary: 'Users currently in a room',
  },
  uploadPicture: {
    service: 'user',
    method: 'POST',
    path: '/picture',
    query: UserIdQuerySchema,
    multipart: true,
    responses: { 200: PictureResultSchema, ...errorResponses(400, 401, 403, 413) },
    auth: 'user',
    summary: 'Upload a profile picture (multipart, field file)',
  },
  replacePicture: {
    service: 'user',
    method: 'PATCH',
    path: '/picture',
    query: UserIdQuerySchema,
    multipart: true,
    responses: { 200: PictureResultSchema, ...errorResponses(400, 401, 403, 413) },
    auth: 'user',
    summary: 'Replace a profile picture (multipart, field file)',
  },
  deletePicture: {
    service: 'user',
    method: 'DELETE',
    path: '/picture',
    query: UserIdQuerySchema,
    responses: { 200: MessageSchema, ...errorResponses(400, 401, 403, 404) },
    auth: 'user',
    idempotent: true,
    summary: 'Remove a profile picture',
  },
  getProfilePicture: {
    ...URL_CALLS.user.getProfilePicture,
    // Not shown in the spec: method chosen, GET with the picture path in the query.
    query: z.object({
      path: z
        .string()
        .min(1, 'path is required')
        .max(500)
        .refine((p) => !p.includes('..'), 'path must not contain ..'),
    }),
    responses: { 200: FileBytesSchema, ...errorResponses(400, 401, 404) },
    auth: 'user',
    answer: 'file',
    idempotent: true,
    summary: 'A profile picture by its path',
  },
  updateTutorial: {
    service: 'user',
    // Not shown in the spec: method chosen, PATCH.
    method: 'PATCH',
    path: '/updateTutorial',
    // Not shown in the spec: records that the user saw the tutorial and sets last_login to now.
    body: TutorialUpdateSchema,
    responses: { 200: TutorialResultSchema, ...errorResponses(400, 401, 403) },
    auth: 'user',
    summary: "Record the user's tutorial visit (last_login)",
  },
  reportUser: {
    service: 'user',
    // Not shown in the spec: method chosen, POST creates a report; PATCH /report/:id decides it.
    method: 'POST',
    path: '/report',
    body: ReportCreateSchema,
    responses: { 200: MessageSchema, ...errorResponses(400, 401, 403, 404) },
    auth: 'user',
    summary: 'Report a user to the moderators',
  },
  decideReport: {
    service: 'user',
    // Not shown in the spec: method chosen, PATCH /report/:id with accept or reject.
    method: 'PATCH',
    path: '/report/:id',
    params: IdParamsSchema,
    body: ReportDecisionSchema,
    responses: { 200: UserReportSchema, ...errorResponses(400, 401, 403, 404) },
    auth: 'manager',
    summary: 'Accept or reject a user report',
  },
  listReportedUsers: {
    service: 'user',
    // Not shown in the spec: method chosen, GET.
    method: 'GET',
    path: '/reported-users',
    responses: { 200: UserReportListSchema, ...errorResponses(401, 403) },
    auth: 'manager',
    idempotent: true,
    summary: 'Reports of the caller’s event',
  },
  importUsers: {
    service: 'user',
    // Not shown in the spec: method chosen, POST multipart CSV upload.
    method: 'POST',
    path: '/importusers',
    query: EventCodeQuerySchema,
    multipart: true,
    responses: { 200: UserImportResultSchema, ...errorResponses(400, 401, 403, 413) },
    auth: 'manager',
    summary: 'Import users from a CSV file (multipart)',
  },
  exportUsers: {
    ...URL_CALLS.user.exportUsers,
    // Not shown in the spec: method chosen, GET.
    query: EventCodeQuerySchema,
    responses: { 200: CsvTextSchema, ...errorResponses(400, 401, 403) },
    auth: 'manager',
    answer: 'csv',
    idempotent: true,
    summary: "Export an event's users as CSV",
  },
  setRecruitingStatus: {
    service: 'user',
    // Not shown in the spec: method chosen, PATCH (spec 02 §4.10 "sends a patch").
    method: 'PATCH',
    path: '/recruitingstatus',
    body: RecruitingStatusSchema,
    responses: { 200: MessageSchema, ...errorResponses(400, 401, 403, 404) },
    auth: 'recruiter',
    summary: "Set a candidate's recruiting status",
  },
  getRecruitingUserData: {
    service: 'user',
    // Not shown in the spec: method chosen, GET /dashboard/:id (spec 02 §7 "recruiting user data by id").
    method: 'GET',
    path: '/dashboard/:id',
    params: IdParamsSchema,
    responses: { 200: RecruitingUserDataSchema, ...errorResponses(400, 401, 403, 404) },
    auth: 'recruiter',
    idempotent: true,
    summary: "A candidate's recruiting dashboard data",
  },
  updateRecruitingNotes: {
    service: 'user',
    // Not shown in the spec: how the dashboard's notes are saved. PATCH the candidate's dashboard entry; the
    // notes are the recruiter's own (each recruiter reads their notes in the dashboard data).
    method: 'PATCH',
    path: '/dashboard/:id',
    params: IdParamsSchema,
    body: RecruitingNotesSchema,
    responses: { 200: RecruitingNotesSchema, ...errorResponses(400, 401, 403, 404) },
    auth: 'recruiter',
    summary: "Save the recruiter's notes on a candidate (empty keeps the previous note)",
  },
  getWallet: {
    service: 'user',
    // Not shown in the spec: method chosen, GET for the caller's own wallet.
    method: 'GET',
    path: '/wallet',
    responses: { 200: WalletSchema, ...errorResponses(401) },
    auth: 'user',
    idempotent: true,
    summary: "The caller's token wallet",
  },
} as const satisfies Record<string, RestCall>;
