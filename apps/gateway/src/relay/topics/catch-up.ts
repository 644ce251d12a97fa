/**
 * `catch_up`: after a reconnect a client asks for a conversation's stored messages after the last seq it
 * holds; read from the provider (conversation read with `after_seq`) with the client's own token, so only
 * participants get them (a room's chat, `room-<id>`: whoever may enter the room). Nothing acknowledged is lost: every 200-acked message is in that history.
 */
import {
  CatchUpRequestSchema,
  RELAY_ERRORS,
  roomOfConversation,
  type CatchUpAck,
} from '@showfloor/contracts';
import { ProviderError } from '../../provider/errors.ts';
import { defineTopic, refuse } from '../context.ts';

type CatchUpOk = Extract<CatchUpAck, { statusCode: 200 }>;

export const handleCatchUp = defineTopic<'catch_up', typeof CatchUpRequestSchema, CatchUpOk>({
  topic: 'catch_up',
  schema: CatchUpRequestSchema,
  handle: async (ctx, socket, request) => {
    const { conversation_id: id, after_seq: afterSeq, limit } = request;
    // A room's chat is read by whoever may enter the room: the same rule as every other path to it.
    const room = roomOfConversation(id);
    if (room !== undefined && !(await ctx.directory.canAccessRoom(socket.data, room)))
      return refuse('not_participant', RELAY_ERRORS.NOT_PARTICIPANT);
    try {
      const page = await ctx.provider.call(
        'conversation',
        'getConversation',
        { id, after_seq: afterSeq, limit },
        { token: socket.data.token },
      );
      const messages = page.messages
        .filter((message) => (message.seq ?? 0) > afterSeq)
        .sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
      return { ack: { statusCode: 200, messages, has_more: messages.length >= limit } };
    } catch (error) {
      if (error instanceof ProviderError) {
        const isRefused = error.status === 401 || error.status === 403 || error.status === 404;
        return refuse(
          isRefused ? 'not_participant' : 'catch_up_failed',
          isRefused ? RELAY_ERRORS.NOT_PARTICIPANT : `${RELAY_ERRORS.CATCH_UP_FAILED}: ${error.message}`,
        );
      }
      throw error;
    }
  },
});
