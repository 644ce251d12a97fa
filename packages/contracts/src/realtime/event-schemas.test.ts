import { describe, expect, it } from 'vitest';
import { AckSchema } from './ack.ts';
import { CatchUpAckSchema, ChatAckSchema, ChatDeliverySchema } from './chat.ts';
import { ackSchemaOf, serverEventSchemaOf } from './event-schemas.ts';
import {
  AccessCatchUpAckSchema,
  AnnouncementsCatchUpAckSchema,
  LogoutEventSchema,
  RefreshesCatchUpAckSchema,
  UserAccessChangeSchema,
} from './events.ts';
import { CLIENT_TOPICS, SERVER_EVENTS, TOPICS, chatTopic } from './topics.ts';

describe('schemas by topic', () => {
  it('checks a chat topic ack with the chat ack, the catch-ups with their own and every other topic with the plain ack', () => {
    expect(ackSchemaOf(chatTopic('DEMO'))).toBe(ChatAckSchema);
    expect(ackSchemaOf('catch_up')).toBe(CatchUpAckSchema);
    expect(ackSchemaOf('announcements_catch_up')).toBe(AnnouncementsCatchUpAckSchema);
    expect(ackSchemaOf('access_catch_up')).toBe(AccessCatchUpAckSchema);
    expect(ackSchemaOf('refreshes_catch_up')).toBe(RefreshesCatchUpAckSchema);
    const own = ['catch_up', 'announcements_catch_up', 'access_catch_up', 'refreshes_catch_up'];
    for (const topic of CLIENT_TOPICS.filter((name) => !own.includes(name))) {
      expect(ackSchemaOf(topic)).toBe(AckSchema);
    }
  });

  it('names the schema of every event the server sends', () => {
    expect(serverEventSchemaOf(chatTopic('DEMO'))).toBe(ChatDeliverySchema);
    expect(serverEventSchemaOf(SERVER_EVENTS.LOGOUT)).toBe(LogoutEventSchema);
    expect(serverEventSchemaOf(TOPICS.USER_ACCESS_CHANGE)).toBe(UserAccessChangeSchema);
    for (const event of [...Object.values(SERVER_EVENTS), TOPICS.ANNOUNCEMENTS, TOPICS.USER_STATUS_CHANGES]) {
      expect(serverEventSchemaOf(event)).toBeDefined();
    }
  });

  it("reads access_catch_up's two answers by their required keys, whatever a later relay adds to them", () => {
    const rooms = [{ roomId: 1, roomName: 'Lobby' }];
    expect(AccessCatchUpAckSchema.parse({ statusCode: 200, accessibleRooms: rooms, since: 1 })).toEqual({
      statusCode: 200,
      accessibleRooms: rooms,
    });
    expect(AccessCatchUpAckSchema.parse({ statusCode: 200, unchanged: true, checked_at: 1 })).toEqual({
      statusCode: 200,
      unchanged: true,
    });
    expect(AccessCatchUpAckSchema.safeParse({ statusCode: 200 }).success).toBe(false);
  });
});
