/**
 * Business constants (spec 01 §9, spec 02 §9): limits, timings, sizes, breakpoints, local-storage keys and
 * preference values. Durations are in milliseconds unless the name says otherwise.
 */

/** An event code: letters, digits, underscore and hyphen. */
export const EVENT_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
/** An event code's most characters. */
export const EVENT_CODE_MAX_LENGTH = 64;
/** An access code's most characters. */
export const ACCESS_CODE_MAX_LENGTH = 200;
/** An e-mail address: zod's own default pattern, so `z.email()` and the zod-free rules agree. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Every text input, chat and room message, search input and skill: at most this many characters. */
export const MAX_TEXT_LENGTH = 2000;
/** Notification (announcement) body limit, with counter 'n/500'. */
export const MAX_NOTIFICATION_BODY_LENGTH = 500;
/** Business-card and recruiting notes limit. */
export const MAX_NOTES_LENGTH = 2000;
/** Each profile field (name, last name, job title, company, phone, email, webpage, linkedin). */
export const MAX_PROFILE_FIELD_LENGTH = 100;
/** Skills and interests. */
export const MAX_SKILL_LENGTH = 2000;
/** Minimum password length; numbers and uppercase letters are not required. */
export const MIN_PASSWORD_LENGTH = 8;
/** Help-desk question minimum length. */
export const MIN_HELP_QUESTION_LENGTH = 10;
/** Users listed on the new-conversation page. */
export const NEW_CONVERSATION_USER_LIMIT = 50;
/** Last-message preview: cut at this many characters, then an ellipsis. */
export const LAST_MESSAGE_PREVIEW_LENGTH = 100;
/** Private chat messages are deleted after this many days (stated to users). */
export const PRIVATE_CHAT_RETENTION_DAYS = 10;
/** The same, in milliseconds. */
export const PRIVATE_CHAT_RETENTION_MS = PRIVATE_CHAT_RETENTION_DAYS * 24 * 60 * 60 * 1000;
/** Largest JSON request body the provider accepts (bytes); larger answers 413. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;
/**
 * Largest payload (UTF-8 bytes of its JSON) of a client emit that goes to a room or the whole event at once
 * (`user_scene_events`, `view_content`, `user_status_changes`, `user_events`): the gateway's
 * RELAY_FANOUT_MAX_BYTES, its default and its floor. The room protocol bounds a room's messages so that the
 * events the app makes of them fit it (room-frame/protocol.ts `ROOM_MESSAGE_MAX_BYTES`).
 */
export const FANOUT_PAYLOAD_MAX_BYTES = 2048;
/** Largest uploaded file (picture, CSV import, content files) the provider accepts (bytes). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Profile pictures the provider stores (it checks the bytes too): checked in the browser before an upload. */
export const PROFILE_PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
/** The largest profile picture: the upload limit of the provider and of the gateway's file proxy (default). */
export const MAX_PROFILE_PICTURE_BYTES = MAX_UPLOAD_BYTES;

/** Timings of spec 01 §9 and spec 02 §9. */
export const TIMINGS = {
  /** Socket reconnect: first delay. */
  SOCKET_RECONNECT_DELAY_MS: 500,
  /** Socket reconnect: largest delay. */
  SOCKET_RECONNECT_DELAY_MAX_MS: 3000,
  /** After 'Login session expired.' or 401.2: go to /auth/login. */
  SESSION_EXPIRED_REDIRECT_MS: 4000,
  /** After access to the current room is lost or a room answers 401: go to /lobby. */
  ROOM_ACCESS_REDIRECT_MS: 5000,
  /** Default delay of a `refresh` socket event. */
  REFRESH_DEFAULT_DELAY_MS: 1,
  /** Toasts auto-dismiss. */
  TOAST_MS: 10_000,
  /** Top-left notifications (achievement, access, restricted room). */
  TOP_LEFT_NOTIFICATION_MS: 5000,
  /** 'user exists' message on the new-conversation page. */
  USER_EXISTS_MS: 2500,
  /** Profile success messages and interest success. */
  PROFILE_SUCCESS_MS: 3500,
  /** Report user: success and error. */
  REPORT_SUCCESS_MS: 15_000,
  REPORT_ERROR_MS: 10_000,
  /** Business card deleted: back to the list. */
  CARD_DELETE_REDIRECT_MS: 3500,
  /** Business card error message. */
  CARD_ERROR_MS: 10_000,
  /** Recruiting status messages. */
  RECRUITING_MESSAGE_MS: 3000,
  /**
   * Account deleted: the success page shows this long before the sign-out (not shown in the spec: chosen here;
   * the page also has a button to leave at once).
   */
  ACCOUNT_DELETED_SIGN_OUT_MS: 5000,
} as const;

/** Chat toasts sit bottom-left; at most this many are shown. */
export const MAX_CHAT_TOASTS = 4;

/** Mobile breakpoints in px: auth and general pages, and recruiting dashboard / mini-map controls. */
export const BREAKPOINTS = { SMALL: 600, MEDIUM: 960 } as const;

/** Sizes in px (the call window is a share of the browser window). */
export const SIZES = {
  DRAWER_WIDTH: 400,
  PROFILE_PICTURE: 80,
  AVATAR_THUMBNAIL: 99,
  INCOMING_CALL_PICTURE: 120,
  CALL_WINDOW_SHARE: 0.6,
} as const;

/** Chat scroll thresholds in px. */
export const SCROLL_THRESHOLDS = { BOTTOM: 50, TOP: 100 } as const;

/** Languages of the UI; the first is the default and the fallback. */
export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Preference values. */
export const PREFERENCE_VALUES = ['yes', 'no', 'auto'] as const;
export type PreferenceValue = (typeof PREFERENCE_VALUES)[number];

/** The event-admin mode that opens the recruiting dashboard. */
export const RECRUITING_MODE = 'Recruiting';

/** Local-storage keys (spec 01 §3). */
export const STORAGE_KEYS = {
  CURRENT_USER: 'currentUser',
  EVENT_CODE: 'eventCode',
  ACCESS_CODE: 'accessCode',
  ROOM_CHAT_FEED: 'enableRoomChatFeed',
  TRANSITION_CONTENT: 'transitionContent',
  ACTIVE_USER_STATUS: 'activeUserStatus',
  DISABLED_POPUPS: 'disabledPopups',
  BACKGROUND_MUSIC: 'backgroundMusicStatus',
  THIRD_PERSON_VIEW: 'thirdPersonView',
  MINI_MAP: 'enableMiniMap',
  /** 'selected app' of the sign-out list: the key name is not shown in the spec; chosen here. */
  SELECTED_APP: 'selectedApp',
  /** The UI language chosen on the settings page (not cleared at sign-out). */
  LANGUAGE: 'language',
} as const;

/** Exactly the keys cleared at sign-out (spec 01 §4, spec 02 §3). */
export const SIGN_OUT_CLEARED_KEYS = [
  STORAGE_KEYS.CURRENT_USER,
  STORAGE_KEYS.SELECTED_APP,
  STORAGE_KEYS.ROOM_CHAT_FEED,
  STORAGE_KEYS.ACTIVE_USER_STATUS,
  STORAGE_KEYS.DISABLED_POPUPS,
  STORAGE_KEYS.TRANSITION_CONTENT,
  STORAGE_KEYS.BACKGROUND_MUSIC,
  STORAGE_KEYS.MINI_MAP,
  STORAGE_KEYS.THIRD_PERSON_VIEW,
] as const;

/** Defaults written at a successful sign-in (spec 01 §4). */
export const SIGN_IN_DEFAULTS = {
  [STORAGE_KEYS.ROOM_CHAT_FEED]: 'true',
  [STORAGE_KEYS.TRANSITION_CONTENT]: 'true',
  [STORAGE_KEYS.ACTIVE_USER_STATUS]: 'available',
  [STORAGE_KEYS.DISABLED_POPUPS]: '[]',
} as const;

/** Notification types (spec 02 §5) by their numeric value. */
export const NOTIFICATION_TYPES = { Information: 1, Success: 2, Warning: 3, Error: 4 } as const;
/** Notification durations in seconds; `null` means until closed. */
export const NOTIFICATION_DURATIONS_S = [3, 5, 10, 20, null] as const;
/** Defaults of the notification form after reset. */
export const NOTIFICATION_FORM_DEFAULTS = { duration: 5, type: NOTIFICATION_TYPES.Information } as const;
/** The file name of an event's user manual (file type user_manual), shown and downloaded from the help menu. */
export const USER_MANUAL_FILENAME = 'user-manual.pdf';
/** The file name of an event's mini-map image (file type mini_map; not shown in the spec: chosen here). */
export const MINI_MAP_FILENAME = 'mini-map.png';
/** 'All Rooms' in the notification audience maps to this room id. */
export const ALL_ROOMS_ID = 0;

/** Conference-widget call subject and room-name prefix (spec 02 §4.4; `{product}` is the product name). */
export const PRODUCT_NAME = 'Showfloor';
export const CALL_SUBJECT = 'VSF Video Call';
export const callRoomName = (conversationId: string): string => `${PRODUCT_NAME}-${conversationId}`;

/** Business-card notes set by allow and deny (spec 02 §4.2). */
export const CARD_NOTES = { ALLOW: 'Card allow to show', DENY: 'Card denied' } as const;

/** Microphone tool-button allowed state (spec 02 §4.4). */
export const TOOL_BUTTON_ALLOWED = { ALL: 0, EVENT_ADMINS: 1, NONE: 2 } as const;

/** The conversation-id prefix that marks an unsent (temporary) conversation. */
export const TEMP_CONVERSATION_PREFIX = 'temp-';

/** Default helpdesk address when the event has no help_desk_email preference. */
export const DEFAULT_HELPDESK_EMAIL = 'helpdesk@showfloor.example';
