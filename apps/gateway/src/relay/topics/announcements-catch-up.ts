/**
 * `announcements_catch_up`: after a reconnect a tab asks for the announcements it may have missed. Who it is comes
 * from the socket only (the token's user and event, the room the relay put the tab in); the payload's `since`
 * only narrows the answer. Answered from announcement-log.ts: those meant for the tab still within their time.
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
  handle: async (ctx, socket, { since }) => {
    const { userId, eventCode, roomId } = socket.data;
    const announcements = await ctx.announcements.read(
      { userId, eventCode, ...(roomId === undefined ? {} : { roomId }) },
      since,
    );
    return { ack: { statusCode: 200, announcements } };
  },
});
