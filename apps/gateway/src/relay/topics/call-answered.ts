/**
 * `call_answered` (the relay's own): a tab answered a call; the sender's other tabs, on every node, stop
 * ringing for that conversation. Only the sender's own user hears it (nobody else learns who answered what),
 * and nothing is stored: a tab that misses it rings on until the call's end message, as before.
 */
import { CallAnsweredSchema, SOCKET_ROOMS } from '@showfloor/contracts';
import { defineTopic, okThen } from '../context.ts';

export const handleCallAnswered = defineTopic({
  topic: 'call_answered',
  schema: CallAnsweredSchema,
  handle: (ctx, socket, answered) =>
    okThen(() => {
      // socket.to: every socket in the user's room but this one (the Redis adapter carries it to other nodes).
      socket.to(SOCKET_ROOMS.user(socket.data.userId)).emit('call_answered', answered);
      ctx.metrics.deliveries.inc({ topic: 'call_answered' });
    }),
});
