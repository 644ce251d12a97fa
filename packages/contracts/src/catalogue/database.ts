/**
 * The collaboration backend's calls, under /api/database (spec 01 §7, spec 02 §7).
 * Result shapes the spec does not list (spec 01 §7: "Result shapes not listed here are not shown") are
 * chosen here once; notable choices carry a "Not shown in the spec" comment.
 */
import { z } from 'zod';
import { AvatarListSchema, EventCodeSchema, RoomInstancesSchema } from '../entities/index.ts';
import { errorResponses } from './shared.ts';
import type { RestCall } from './types.ts';

/** Calls of the collaboration backend. */
export const databaseCalls = {
  getAvatars: {
    service: 'database',
    method: 'GET',
    path: '/avatars',
    // With event_code the event's own avatars (use_event_avatars 'yes'), else the platform's.
    query: z.object({ event_code: EventCodeSchema.optional() }),
    responses: { 200: AvatarListSchema, ...errorResponses(400, 401) },
    auth: 'user',
    idempotent: true,
    summary: 'Selectable avatar designs',
  },
  getMeetingInstances: {
    service: 'database',
    method: 'GET',
    path: '/meeting/instances',
    query: z.object({
      meeting_id: z.string().trim().min(1, 'meeting_id is required').max(200),
      breakout_group: z.string().max(200).optional(),
    }),
    responses: { 200: RoomInstancesSchema, ...errorResponses(400, 401, 404) },
    auth: 'user',
    idempotent: true,
    summary: "A meeting room's instances and their user counts",
  },
} as const satisfies Record<string, RestCall>;
