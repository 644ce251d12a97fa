import { describe, expect, it } from 'vitest';
import {
  AckSchema,
  CatchUpRequestSchema,
  ChatSendSchema,
  REFRESH_DELAY_MAX_MS,
  RELAY_ERRORS,
  SOCKET_CLIENT_OPTIONS,
  SOCKET_PATH,
  SessionsTriggerSchema,
  TOPICS,
  chatTopic,
  chatTopicEventCode,
  isCallSignal,
  isChatTopic,
  isClientTopic,
} from './index.ts';

describe('realtime contract', () => {
  it('names the socket path and the reconnect policy of the spec', () => {
    expect(SOCKET_PATH).toBe('/messaging');
    expect(SOCKET_CLIENT_OPTIONS).toMatchObject({
      path: '/messaging',
      reconnectionDelay: 500,
      reconnectionDelayMax: 3000,
      reconnectionAttempts: Number.POSITIVE_INFINITY,
      withCredentials: true,
    });
    expect(SOCKET_CLIENT_OPTIONS.transports[0]).toBe('websocket');
  });

  it('lists every topic of spec 01 §7', () => {
    expect(Object.values(TOPICS).sort()).toEqual(
      [
        'user_events',
        'user_scene_events',
        'user_room_events',
        'chat',
        'sessions_triggers',
        'user_status_changes',
        'user_access_change',
        'announcements',
        'user_player_events',
        'user_achievement_events',
        'view_content',
      ].sort(),
    );
  });

  it('builds and recognises chat topics', () => {
    expect(chatTopic('DEMO')).toBe('chat_DEMO');
    expect(isChatTopic('chat_DEMO')).toBe(true);
    expect(isChatTopic('chat_')).toBe(false);
    expect(isChatTopic('chat')).toBe(false);
    expect(isChatTopic('xchat_DEMO')).toBe(false);
    expect(chatTopicEventCode('chat_VIP')).toBe('VIP');
    expect(chatTopicEventCode('announcements')).toBeUndefined();
    expect(isClientTopic('announcements')).toBe(true);
    expect(isClientTopic('user_access_change')).toBe(false);
  });

  it('accepts the two ack shapes and nothing else', () => {
    expect(AckSchema.parse({ statusCode: 200 })).toEqual({ statusCode: 200 });
    expect(AckSchema.parse({ statusCode: 400, message: RELAY_ERRORS.TOPIC_INVALID })).toEqual({
      statusCode: 400,
      message: 'the socket topic is invalid',
    });
    expect(AckSchema.safeParse({ statusCode: 400 }).success).toBe(false);
    expect(AckSchema.safeParse({ statusCode: 500, message: 'x' }).success).toBe(false);
  });

  it('parses a chat message and refuses one over 2000 characters', () => {
    const base = { type: 'text', action: 'message', message: 'hi', from: 1, to: [2], client_id: 'c-1' };
    expect(ChatSendSchema.parse(base)).toMatchObject({ from: 1, to: [2], client_id: 'c-1' });
    expect(ChatSendSchema.parse({ ...base, to: undefined }).to).toEqual([]);
    expect(ChatSendSchema.safeParse({ ...base, message: 'x'.repeat(2001) }).success).toBe(false);
    expect(ChatSendSchema.safeParse({ ...base, from: 'me' }).success).toBe(false);
  });

  it('tells call signals from texts', () => {
    expect(isCallSignal({ type: 'video', action: 'start' })).toBe(true);
    expect(isCallSignal({ type: 'audio', action: 'end' })).toBe(true);
    expect(isCallSignal({ type: 'text', action: 'start' })).toBe(false);
    expect(isCallSignal({ type: 'video', action: 'message' })).toBe(false);
  });

  it('bounds the catch-up request and keeps refresh urls on this site', () => {
    expect(CatchUpRequestSchema.parse({ conversation_id: 'c1', after_seq: 3 })).toEqual({
      conversation_id: 'c1',
      after_seq: 3,
      limit: 100,
    });
    expect(CatchUpRequestSchema.safeParse({ conversation_id: 'c1', after_seq: -1 }).success).toBe(false);
    expect(SessionsTriggerSchema.safeParse({ action: 'refresh', url: '/lobby' }).success).toBe(true);
    expect(SessionsTriggerSchema.safeParse({ action: 'refresh', url: 'https://evil.example' }).success).toBe(
      false,
    );
    expect(SessionsTriggerSchema.safeParse({ action: 'refresh', url: '//evil.example' }).success).toBe(false);
  });

  it('bounds a refresh_delay by REFRESH_DELAY_MAX_MS (the refresh log keeps a refresh that long and more)', () => {
    const trigger = (delay: number) => ({ action: 'refresh', refresh_delay: delay });
    expect(SessionsTriggerSchema.safeParse(trigger(REFRESH_DELAY_MAX_MS)).success).toBe(true);
    expect(SessionsTriggerSchema.safeParse(trigger(REFRESH_DELAY_MAX_MS + 1)).success).toBe(false);
  });
});
