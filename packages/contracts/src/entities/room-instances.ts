/** Instances of a meeting room (collaboration backend, spec 01 §3, spec 02 §3). */
import { z } from 'zod';

/** One instance of a room and how many users are in it. */
export const RoomInstanceSchema = z.object({
  instance: z.string().min(1).max(200),
  users: z.number().int().nonnegative(),
});
export type RoomInstance = z.infer<typeof RoomInstanceSchema>;

/** GET database/meeting/instances answer; more than one instance opens the instance picker. */
export const RoomInstancesSchema = z.object({
  instances: z.array(RoomInstanceSchema),
  maxUsers: z.number().int().positive(),
});
export type RoomInstances = z.infer<typeof RoomInstancesSchema>;
