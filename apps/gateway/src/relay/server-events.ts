/**
 * Server-originated events, sent when the call that causes them succeeds through the gateway:
 * - user.deactivateUser: the user's sessions end (revocation: logout, sockets closed on every node);
 * - user.deletePicture, and picture uploads through the file proxy: `profile_picture_change` to the event;
 * - user.setRecruitingStatus: `user_recruiting_status` to the candidate;
 * - auth.putAccess with a role rule: the user's room access is re-read and `user_access_change` lists the
 *   rooms they may access now; every node forgets its cached answers and moves the user's tabs out of rooms
 *   they lost.
 * (logout for force_login and DELETE session comes from the revocation list, see sessions.ts; `refresh` from
 * the sessions_triggers topic.)
 */
import type { FastifyInstance } from 'fastify';
import {
  AccessPutBodySchema,
  AccessChangedSchema,
  SOCKET_ROOMS,
  UserActivationSchema,
  RecruitingStatusSchema,
  type AccessibleRoom,
  type ProfilePictureChange,
  type SocketData,
} from '@showfloor/contracts';
import type { CallSucceeded, GatewayDeps } from '../deps.ts';
import { bearerToken } from '../auth/token-verifier.ts';
import type { RelayContext } from './context.ts';

/** Paths of the picture uploads the file proxy passes (user.uploadPicture / replacePicture). */
const PICTURE_UPLOAD_PATH = '/api/v1/user/picture';

/** Wires call successes to socket events; returns the stop function. */
export function emitServerEvents(app: FastifyInstance, ctx: RelayContext, deps: GatewayDeps): () => void {
  const { io, logger } = ctx;

  const pictureChanged = (user: { id: number; event_code: string }, path: string): void => {
    const change: ProfilePictureChange = { user_id: user.id, profile_picture_path: path };
    io.to(SOCKET_ROOMS.event(user.event_code)).emit('profile_picture_change', change);
    ctx.metrics.deliveries.inc({ topic: 'profile_picture_change' });
  };

  const onCall = (call: CallSucceeded): void => {
    const key = `${call.router}.${call.name}`;
    switch (key) {
      case 'user.deactivateUser': {
        const input = UserActivationSchema.safeParse(call.input);
        if (input.success) deps.revocations.revokeUser(String(input.data.user_id));
        break;
      }
      case 'user.deletePicture':
        if (call.user) pictureChanged(call.user, '');
        break;
      case 'user.setRecruitingStatus': {
        const input = RecruitingStatusSchema.safeParse(call.input);
        if (input.success) {
          io.to(SOCKET_ROOMS.user(input.data.user_id)).emit('user_recruiting_status', input.data);
          ctx.metrics.deliveries.inc({ topic: 'user_recruiting_status' });
        }
        break;
      }
      case 'auth.putAccess': {
        const input = AccessPutBodySchema.safeParse(call.input);
        if (input.success && input.data.rule.type === 'role') void accessChanged(input.data.rule.user_id);
        break;
      }
      default:
        break;
    }
  };

  /** Every node forgets and re-checks; the user's tabs hear which rooms they may access now. */
  async function accessChanged(userId: number): Promise<void> {
    if (ctx.adapterState() !== 'memory') io.serverSideEmit('access_changed', { user_id: userId });
    await recheckLocal(userId);
    try {
      const sockets = await io.in(SOCKET_ROOMS.user(userId)).fetchSockets();
      const holder = sockets[0];
      if (!holder) return;
      const rooms = await accessibleRooms(holder.data);
      io.to(SOCKET_ROOMS.user(userId)).emit('user_access_change', { accessibleRooms: rooms });
      ctx.metrics.deliveries.inc({ topic: 'user_access_change' });
    } catch (error) {
      logger.warn({ err: error, userId }, 'relay: could not tell a user their new room access');
    }
  }

  /** The rooms of the user's event the provider lets them load, read with their own token. */
  async function accessibleRooms(user: SocketData): Promise<AccessibleRoom[]> {
    const answer = await ctx.provider.call(
      'content',
      'listRooms',
      { event_code: user.eventCode },
      { token: user.token },
    );
    const rooms = answer.event_rooms.flatMap((group) => group.rooms).filter((room) => room.active);
    const allowed = await Promise.all(
      rooms.map((room) => ctx.directory.canAccessRoom(user, room.id).catch(() => false)),
    );
    return rooms
      .filter((_, index) => allowed[index])
      .map((room) => ({ roomId: room.id, roomName: room.name }));
  }

  /** Forgets this node's cached access of the user and moves their tabs out of rooms they lost. */
  async function recheckLocal(userId: number): Promise<void> {
    ctx.directory.forgetRoomAccess(userId);
    for (const socket of io.of('/').sockets.values()) {
      const { data } = socket;
      if (data.userId !== userId || data.roomId === undefined) continue;
      const roomId = data.roomId;
      const isAllowed = await ctx.directory.canAccessRoom(data, roomId).catch(() => true);
      if (!isAllowed) {
        void socket.leave(SOCKET_ROOMS.room(data.eventCode, roomId));
        delete data.roomId;
      }
    }
  }

  io.on('access_changed', (payload) => {
    const parsed = AccessChangedSchema.safeParse(payload);
    if (parsed.success) void recheckLocal(parsed.data.user_id);
  });

  // Picture uploads are multipart and pass through the file proxy, not tRPC: watch for their success here.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'POST' && request.method !== 'PATCH') return;
    if (reply.statusCode !== 200 || request.url.split('?', 1)[0] !== PICTURE_UPLOAD_PATH) return;
    try {
      const user = await deps.verifier.verify(bearerToken(request.headers.authorization));
      const profile = await ctx.provider.call('user', 'getUser', { id: user.id }, { token: user.token });
      pictureChanged(user, profile.data.user.profile_picture ?? '');
    } catch (error) {
      logger.warn({ err: error }, 'relay: could not announce a picture change');
    }
  });

  return deps.events.onCallSucceeded(onCall);
}
