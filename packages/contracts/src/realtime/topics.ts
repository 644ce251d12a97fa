/**
 * Every topic and event name of the realtime channel (spec 01 §7, spec 02 §7), the per-event chat topic rule
 * and the relay's own additions (catch-up after a reconnect).
 */

/** Topics clients and the server exchange (spec 01 §7). Chat itself travels on `chat_{event_code}`. */
export const TOPICS = {
  USER_EVENTS: 'user_events',
  USER_SCENE_EVENTS: 'user_scene_events',
  USER_ROOM_EVENTS: 'user_room_events',
  /** The bare name of the chat family; a client never emits on it (see {@link chatTopic}). */
  CHAT: 'chat',
  SESSIONS_TRIGGERS: 'sessions_triggers',
  USER_STATUS_CHANGES: 'user_status_changes',
  USER_ACCESS_CHANGE: 'user_access_change',
  ANNOUNCEMENTS: 'announcements',
  USER_PLAYER_EVENTS: 'user_player_events',
  USER_ACHIEVEMENT_EVENTS: 'user_achievement_events',
  VIEW_CONTENT: 'view_content',
} as const;
export type Topic = (typeof TOPICS)[keyof typeof TOPICS];

/** Events only the server emits (spec 01 §7 "Heard"). */
export const SERVER_EVENTS = {
  LOGOUT: 'logout',
  REFRESH: 'refresh',
  PROFILE_PICTURE_CHANGE: 'profile_picture_change',
  USER_RECRUITING_STATUS: 'user_recruiting_status',
} as const;
export type ServerEvent = (typeof SERVER_EVENTS)[keyof typeof SERVER_EVENTS];

/** The relay's own events (not in the spec): catch-up after a reconnect. */
export const RELAY_EVENTS = {
  /**
   * Client → server with `{conversation_id, after_seq}`; the ack carries the stored messages that follow
   * `after_seq` (read from the provider's conversation call with `after_seq`).
   */
  CATCH_UP: 'catch_up',
  /**
   * Both ways with `{user_id, conversation_id}`: a tab answered a call; the user's other tabs stop ringing
   * (`CallAnsweredSchema`). The relay passes it to the sender's own other tabs only.
   */
  CALL_ANSWERED: 'call_answered',
  /**
   * Client → server with `{}`: the announcements meant for this tab (its user, event and room, decided by
   * the relay) still within their duration, in the ack (`AnnouncementsCatchUpAckSchema`). Announcements are
   * otherwise only broadcast: a tab asks after a reconnect for what it missed while its socket was down.
   */
  ANNOUNCEMENTS_CATCH_UP: 'announcements_catch_up',
  /**
   * Client → server with `{ down_ms? }` (how long the tab was away): the rooms the tab's user may access now, in the
   * ack (`AccessCatchUpAckSchema`, the `accessibleRooms` of `user_access_change`), read for the socket's user (the
   * token's, never the payload's), or `{ unchanged: true }` when their access did not change in that time.
   * `user_access_change` is otherwise only broadcast: a tab asks after a reconnect for a change it missed.
   */
  ACCESS_CATCH_UP: 'access_catch_up',
  /**
   * Client → server with `{}`: the refreshes meant for this tab (its user, event and room, decided by the relay)
   * within REFRESH_KEEP_MS of being due, in the ack (`RefreshesCatchUpAckSchema`), asked after a reconnect.
   */
  REFRESHES_CATCH_UP: 'refreshes_catch_up',
} as const;
export type RelayEvent = (typeof RELAY_EVENTS)[keyof typeof RELAY_EVENTS];

/** The relay's own server → client events (not in the spec). */
export const RELAY_SERVER_EVENTS = {
  /**
   * `resync {reason, spread_ms}`: live fan-out to this socket may have dropped messages (the node's Redis
   * subscription was interrupted, or a peer node vanished between storing and fanning out): catch every open
   * conversation up, after a random wait of up to `spread_ms`.
   */
  RESYNC: 'resync',
  /**
   * `user_status_batch {changes}`: the event's status changes of the last interval, latest per user, once per
   * interval per node (`UserStatusBatchSchema` says who hears what, and when).
   */
  USER_STATUS_BATCH: 'user_status_batch',
} as const;
export type RelayServerEvent = (typeof RELAY_SERVER_EVENTS)[keyof typeof RELAY_SERVER_EVENTS];

/** Topics a client may emit on, besides its event's chat topic. */
export const CLIENT_TOPICS = [
  TOPICS.USER_EVENTS,
  TOPICS.USER_SCENE_EVENTS,
  TOPICS.USER_ROOM_EVENTS,
  TOPICS.SESSIONS_TRIGGERS,
  TOPICS.USER_STATUS_CHANGES,
  TOPICS.ANNOUNCEMENTS,
  TOPICS.USER_PLAYER_EVENTS,
  TOPICS.USER_ACHIEVEMENT_EVENTS,
  TOPICS.VIEW_CONTENT,
  RELAY_EVENTS.CATCH_UP,
  RELAY_EVENTS.CALL_ANSWERED,
  RELAY_EVENTS.ANNOUNCEMENTS_CATCH_UP,
  RELAY_EVENTS.ACCESS_CATCH_UP,
  RELAY_EVENTS.REFRESHES_CATCH_UP,
] as const;
export type ClientTopic = (typeof CLIENT_TOPICS)[number];

/** The prefix every chat topic starts with. */
export const CHAT_TOPIC_PREFIX = 'chat_';

/** The chat topic of one event: `chat_{event_code}`. */
export type ChatTopic = `${typeof CHAT_TOPIC_PREFIX}${string}`;

/** The chat topic of an event, `chat_${eventCode}`. */
export function chatTopic(eventCode: string): ChatTopic {
  return `${CHAT_TOPIC_PREFIX}${eventCode}`;
}

/** True for a chat topic name (`chat_` followed by a non-empty event code). */
export function isChatTopic(name: string): name is ChatTopic {
  return name.length > CHAT_TOPIC_PREFIX.length && name.startsWith(CHAT_TOPIC_PREFIX);
}

/** The event code of a chat topic, or `undefined` when the name is no chat topic. */
export function chatTopicEventCode(name: string): string | undefined {
  return isChatTopic(name) ? name.slice(CHAT_TOPIC_PREFIX.length) : undefined;
}

/** True for a topic name a client may emit on (its chat topic is checked separately). */
export function isClientTopic(name: string): name is ClientTopic {
  return (CLIENT_TOPICS as readonly string[]).includes(name);
}

/** socket.io room names used by the relay: `<kind>:<id>`. */
export const SOCKET_ROOMS = {
  /** Every tab of one user, on every node. */
  user: (userId: number | string): string => `user:${userId}`,
  /** Every tab showing one room of one event. */
  room: (eventCode: string, roomId: number | string): string => `room:${eventCode}:${roomId}`,
  /** Every tab of one event. */
  event: (eventCode: string): string => `event:${eventCode}`,
} as const;
