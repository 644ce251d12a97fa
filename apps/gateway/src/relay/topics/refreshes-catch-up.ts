/**
 * `refreshes_catch_up`: after a reconnect a tab asks for the refreshes it may have missed. As
 * `announcements_catch_up`: who it is comes from the socket only (the token's user and event, the room the relay put
 * the tab in); the payload is empty. Answered from refresh-log.ts: those meant for the tab within REFRESH_KEEP_MS of
 * being due.
 */
import { RefreshesCatchUpRequestSchema, type RefreshesCatchUpAck } from '@showfloor/contracts';
import { defineTopic } from '../context.ts';

type RefreshesCatchUpOk = Extract<RefreshesCatchUpAck, { statusCode: 200 }>;

export const handleRefreshesCatchUp = defineTopic<
  'refreshes_catch_up',
  typeof RefreshesCatchUpRequestSchema,
  RefreshesCatchUpOk
>({
  topic: 'refreshes_catch_up',
  schema: RefreshesCatchUpRequestSchema,
  handle: async (ctx, socket) => {
    const { userId, eventCode, roomId } = socket.data;
    const refreshes = await ctx.refreshes.read({
      userId,
      eventCode,
      ...(roomId === undefined ? {} : { roomId }),
    });
    return { ack: { statusCode: 200, refreshes } };
  },
});
