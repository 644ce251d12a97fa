// The room's side of the protocol: listens to the parent page only (its exact origin, its window), answers
// `ready`, keeps what the app sends, and posts the room's messages back to that origin only.
import {
  postToApp,
  readAppMessage,
  roomMessage,
  type AppToRoomMessage,
  type RoomToAppMessage,
  type Unenveloped,
} from '@showfloor/contracts/room-frame';

type Msg<T extends AppToRoomMessage['type']> = Extract<AppToRoomMessage, { type: T }>;

/** What the app has told the room so far. */
export interface RoomSession {
  token?: string;
  user?: Msg<'user'>['user'];
  colours?: Msg<'colour'>['colours'];
  eventName?: string;
  avatar?: Msg<'avatar'>['avatar'];
  presenterOrUp?: boolean;
  room?: Msg<'room'>['room'];
  settings?: Msg<'settings'>['settings'];
}

export interface RoomChannel {
  session: RoomSession;
  /** Posts to the app; nothing goes out before the app has spoken from an allowed origin. */
  send(body: Unenveloped<RoomToAppMessage>): void;
}

/**
 * Connects to the parent page. `onChange` runs after every accepted message (the page re-renders);
 * `onMessage` sees the events that are not session state (mute, other players).
 */
export function connect(
  appOrigins: readonly string[],
  onChange: (session: RoomSession) => void,
  onMessage: (message: AppToRoomMessage) => void,
): RoomChannel {
  const session: RoomSession = {};
  let appOrigin: string | undefined;

  const channel: RoomChannel = {
    session,
    send(body) {
      if (appOrigin && window.parent !== window) postToApp(window.parent, appOrigin, body);
    },
  };

  window.addEventListener('message', (event) => {
    const result = readAppMessage(event, { origins: appOrigins, parent: window.parent });
    if (!result.ok) {
      if (result.reason === 'shape') console.warn('demo room: dropped a malformed message', result.issues);
      return;
    }
    appOrigin = event.origin;
    const message = result.message;
    switch (message.type) {
      case 'ready':
        channel.send({ type: 'ready' });
        return;
      case 'auth':
        session.token = message.token;
        break;
      case 'user':
        session.user = message.user;
        break;
      case 'colour':
        session.colours = message.colours;
        session.eventName = message.eventName;
        break;
      case 'avatar':
        session.avatar = message.avatar;
        break;
      case 'role':
        session.presenterOrUp = message.presenterOrUp;
        break;
      case 'room':
        session.room = message.room;
        break;
      case 'settings':
        session.settings = message.settings;
        break;
      default:
        onMessage(message);
        return;
    }
    onChange(session);
  });

  // A room opened on its own (not in the app) has nobody to greet: say where it belongs.
  if (window.parent === window) onChange(session);
  // The app posts `ready` when the frame loads; a room that loaded late announces itself as well.
  else if (appOrigins.length > 0)
    for (const origin of appOrigins) window.parent.postMessage(roomMessage({ type: 'ready' }), origin);
  return channel;
}

/** A call to this provider's own API with the app's token (the demo rooms live on the provider's origin). */
export async function api<T>(session: RoomSession, path: string): Promise<T | undefined> {
  if (!session.token) return undefined;
  try {
    const answer = await fetch(`/api/v1${path}`, { headers: { authorization: `Bearer ${session.token}` } });
    return answer.ok ? ((await answer.json()) as T) : undefined;
  } catch {
    return undefined;
  }
}

/** An image of this provider's API that needs the token, as a blob URL. */
export async function apiImage(session: RoomSession, path: string): Promise<string | undefined> {
  if (!session.token) return undefined;
  try {
    const answer = await fetch(`/api/v1${path}`, { headers: { authorization: `Bearer ${session.token}` } });
    return answer.ok ? URL.createObjectURL(await answer.blob()) : undefined;
  } catch {
    return undefined;
  }
}
