/**
 * The conference widget a call window embeds (spec 02 §4.4): where the app finds it (the gateway's
 * configuration, {@link CallWidgetConfigSchema}) and the subset of the widget's iframe API the app uses. The
 * API is the one of Jitsi Meet's `external_api.js` (`new JitsiMeetExternalAPI(domain, options)`), so a real
 * deployment works unchanged; the mock provider's stand-in widget speaks the same subset.
 */
import { z } from 'zod';
import { HttpUrlSchema } from '../entities/common.ts';

/** The gateway's own route that answers {@link CallWidgetConfig} (not proxied to the provider). */
export const CALL_WIDGET_CONFIG_PATH = '/api/call-widget';

/** A configured widget: its iframe API script and the service's base URL (a room is `{url}/{room name}`). */
export const CallWidgetSchema = z.object({
  /** The iframe API script (the gateway's CSP allows exactly this URL in `script-src`). */
  script_url: HttpUrlSchema,
  /** Base URL of the conference service; its origin is in the gateway's CSP `frame-src`. */
  url: HttpUrlSchema,
});
export type CallWidget = z.infer<typeof CallWidgetSchema>;

/** What `GET /api/call-widget` answers; `widget: null` when none is configured (calls show that they cannot). */
export const CallWidgetConfigSchema = z.object({ widget: CallWidgetSchema.nullable() });
export type CallWidgetConfig = z.infer<typeof CallWidgetConfigSchema>;

/** The global the widget's script defines. */
export const CALL_WIDGET_GLOBAL = 'JitsiMeetExternalAPI';

/** The widget events the app listens to. */
export const CALL_WIDGET_EVENTS = {
  /** The local participant is in the conference: `{ roomName, id, displayName }`. */
  JOINED: 'videoConferenceJoined',
  /** Someone else joined: `{ id, displayName }`. */
  PARTICIPANT_JOINED: 'participantJoined',
  /** Someone else left: `{ id }`. */
  PARTICIPANT_LEFT: 'participantLeft',
  /** The local participant hung up inside the widget; the host should close it. */
  READY_TO_CLOSE: 'readyToClose',
} as const;
export type CallWidgetEvent = (typeof CALL_WIDGET_EVENTS)[keyof typeof CALL_WIDGET_EVENTS];

/** The widget commands the app sends. */
export const CALL_WIDGET_COMMANDS = {
  /** Sets the conference subject. */
  SUBJECT: 'subject',
  /** Leaves the conference (the widget answers `readyToClose`). */
  HANGUP: 'hangup',
} as const;
export type CallWidgetCommand = (typeof CALL_WIDGET_COMMANDS)[keyof typeof CALL_WIDGET_COMMANDS];

/** A widget event's payload (the fields the app reads). */
export interface CallWidgetEventPayload {
  id?: string;
  displayName?: string;
  roomName?: string;
}

/** The constructor options the app passes (Jitsi's names). `E` is the DOM element type. */
export interface CallWidgetOptions<E = unknown> {
  /** `{product}-{conversation id}` ({@link callRoomName}). */
  roomName: string;
  /** The gateway's widget token from the call's start message. */
  jwt: string;
  parentNode: E;
  width: string;
  height: string;
  /** True when the service's URL is plain http (the stand-in on localhost). @default false */
  noSSL?: boolean;
  /** The UI language of the widget. */
  lang?: string;
  configOverwrite: {
    /** True for audio calls (spec 02 §4.4: video muted). */
    startWithVideoMuted: boolean;
    startAudioOnly: boolean;
    /** Always true: no "open in the app" page (spec 02 §4.4 deep linking disabled). */
    disableDeepLinking: true;
    prejoinPageEnabled: false;
    defaultLanguage?: string;
  };
  userInfo?: { displayName?: string };
}

/** The widget instance's methods the app calls. */
export interface CallWidgetApi<F = unknown> {
  addListener(event: CallWidgetEvent, listener: (payload: CallWidgetEventPayload) => void): void;
  removeListener(event: CallWidgetEvent, listener: (payload: CallWidgetEventPayload) => void): void;
  executeCommand(command: CallWidgetCommand, ...args: unknown[]): void;
  dispose(): void;
  getIFrame(): F;
}

/** The widget's constructor as its script defines it. */
export type CallWidgetConstructor<E = unknown, F = unknown> = new (
  domain: string,
  options: CallWidgetOptions<E>,
) => CallWidgetApi<F>;

/**
 * The constructor's `domain` and `noSSL` for a service base URL: Jitsi builds the room's address as
 * `http(s)://{domain}/{room}`, so a base URL with a path (`http://127.0.0.1:4010/call-widget`) keeps it.
 */
export function callWidgetDomain(url: string): { domain: string; noSSL: boolean } {
  const parsed = new URL(url);
  const path = parsed.pathname.replace(/\/+$/, '');
  return { domain: `${parsed.host}${path}`, noSSL: parsed.protocol === 'http:' };
}

/** The address of a room's page for a constructor `domain` (what the widget's script frames). */
export function callWidgetRoomUrl(domain: string, roomName: string, noSSL = false): string {
  return `${noSSL ? 'http' : 'https'}://${domain}/${encodeURIComponent(roomName)}`;
}

/**
 * The widget token the gateway puts on a call's start message (HS256, one per participant): its audience and
 * issuer, and the claims a widget reads. The widget checks the signature with the shared secret and that
 * `room` is the room it is asked to join.
 */
export const CALL_TOKEN_AUDIENCE = 'showfloor-call';
export const CALL_TOKEN_ISSUER = 'showfloor-gateway';
export interface CallTokenClaims {
  /** The participant's user id. */
  sub: string;
  /** The widget room the token admits to ({@link callRoomName}). */
  room: string;
  subject: string;
  audio_only: boolean;
  exp: number;
}
