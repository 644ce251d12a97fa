/**
 * `announcements_catch_up`: after a reconnect a tab asks for the announcements it may have missed. Who it is comes
 * from the socket only (the token's user and event, the room the relay put the tab in); the payload is empty. Answered from announcement-log.ts: those meant for the tab still within their time.
 */
import { AnnouncementsCatchUpRequestSchema, type AnnouncementsCatchUpAck } from '@showfloor/contracts';
import { defineTopic } from '../context.ts';

type AnnouncementsCatchUpOk = Extract<AnnouncementsCatchUpAck, { statusCode: 200 }>;

export const handleAnnouncementsCatchUp = defineTopic<
  'announcements_catch_up',
  typeof AnnouncementsCatchUpRequestSchema,
  AnnouncementsCatchUpOk
>({
  topic: 'announcements_catch_up',
  schema: AnnouncementsCatchUpRequestSchema,
  handle: async (ctx, socket) => {
    const { userId, eventCode, roomId } = socket.data;
    const announcements = await ctx.announcements.read({
      userId,
      eventCode,
      ...(roomId === undefined ? {} : { roomId }),
    });
    return { ack: { statusCode: 200, announcements } };
  },
});
