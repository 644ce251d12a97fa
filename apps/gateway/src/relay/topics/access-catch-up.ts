/**
 * `access_catch_up`: after a reconnect a tab asks which rooms its user may access now (a `user_access_change`
 * sent while its socket was down never reached it). Whose rooms comes from the socket only (the token's user and
 * event); the payload names nobody, and says only how long the tab was away (`down_ms`). Answered by room-access.ts
 * `catchUp`: `{ unchanged: true }` without asking the provider when the user's access did not change meanwhile,
 * else the list `user_access_change` carries (one read per user on this node at a time, shared by the asks that
 * come while it is under way). When the provider fails the read, or it does not come within
 * ACCESS_CATCH_UP_BUDGET_MS of the ask (a wait for a read turn included), a 400 says so and the tab keeps what it
 * had.
 */
import { AccessCatchUpRequestSchema, RELAY_ERRORS, type AccessCatchUpAck } from '@showfloor/contracts';
import { ProviderError } from '../../provider/errors.ts';
import { defineTopic, refuse } from '../context.ts';

type AccessCatchUpOk = Extract<AccessCatchUpAck, { statusCode: 200 }>;

export const handleAccessCatchUp = defineTopic<
  'access_catch_up',
  typeof AccessCatchUpRequestSchema,
  AccessCatchUpOk
>({
  topic: 'access_catch_up',
  schema: AccessCatchUpRequestSchema,
  handle: async (ctx, socket, payload) => {
    try {
      const answer = await ctx.roomAccess.catchUp(socket.data, payload.down_ms);
      return { ack: { statusCode: 200, ...answer } };
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      ctx.logger.warn(
        { err: error, userId: socket.data.userId },
        'relay: could not read a room access catch-up',
      );
      return refuse('access_unavailable', RELAY_ERRORS.ACCESS_UNAVAILABLE);
    }
  },
});
