// The app's end of the room protocol (@showfloor/contracts room-frame): posts `ready` when the frame has loaded,
// answers the room's `ready` with the session (token, user, colours, avatar, role, room, settings), and hands each
// accepted room message to `onMessage`. Only the room link's exact origin and the frame's own window count; a
// malformed message is dropped and logged. A message over ROOM_MESSAGE_MAX_BYTES is answered `refused`
// (`too_large`), logged, and never reaches `onMessage` (nothing is emitted); one whose event the relay refused
// (`onMessage` answers the relay's acknowledgement, a 400) is answered `refused` too. The token goes by postMessage
// to that origin only, never into a URL.
import { useCallback, useEffect, useEffectEvent, useRef, type RefObject } from 'react';
import {
  postToRoom,
  readRoomMessage,
  refusalOf,
  refusalReasonOfAck,
  type Ack,
  type AppToRoomMessage,
  type RoomToAppMessage,
  type Unenveloped,
} from '@showfloor/contracts';

export interface RoomFrame {
  /** Pass to the iframe. */
  frameRef: RefObject<HTMLIFrameElement | null>;
  /** The iframe's onLoad. */
  onLoad: () => void;
  /** Posts a message to the room (to its exact origin). */
  post: (body: Unenveloped<AppToRoomMessage>) => void;
  /** Whether the room answered `ready` and was sent the session (later changes are sent as they happen). */
  isReady: () => boolean;
}

/**
 * What the app did with a room message: nothing to say (undefined), or, for one it relays, the relay's
 * acknowledgement (undefined: no answer). A 400 is answered to the room as `refused`; a 200 or none says nothing.
 */
export type RoomMessageOutcome = Promise<Ack | undefined> | undefined;

export function useRoomFrame(
  origin: string | undefined,
  session: () => Array<Unenveloped<AppToRoomMessage>>,
  onMessage: (message: RoomToAppMessage) => RoomMessageOutcome,
): RoomFrame {
  const frameRef = useRef<HTMLIFrameElement | null>(null);
  const readyRef = useRef(false);
  const handle = useEffectEvent(onMessage);
  const sessionNow = useEffectEvent(session);

  const post = useCallback(
    (body: Unenveloped<AppToRoomMessage>) => {
      const target = frameRef.current?.contentWindow;
      if (!origin || !target) return;
      postToRoom(target, origin, body);
    },
    [origin],
  );

  useEffect(() => {
    if (!origin) return undefined;
    const listener = (event: MessageEvent) => {
      const result = readRoomMessage(event, { origin, frame: frameRef.current?.contentWindow });
      if (!result.ok) {
        if (result.reason === 'too_large') {
          console.warn(`room: refused a ${result.message.type} message`, result.issues);
          post(refusalOf(result.message, 'too_large', result.issues));
        } else if (result.reason === 'shape')
          console.warn('room: dropped a malformed message', result.issues);
        return;
      }
      if (result.message.type === 'ready') {
        readyRef.current = true;
        for (const body of sessionNow()) post(body);
        return;
      }
      const message = result.message;
      void handle(message)?.then((ack) => {
        if (ack?.statusCode !== 400) return;
        console.warn(`room: the relay refused a ${message.type} message`, ack.message);
        post(refusalOf(message, refusalReasonOfAck(ack.message), ack.message));
      });
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [origin, post]);

  const onLoad = useCallback(() => post({ type: 'ready' }), [post]);
  const isReady = useCallback(() => readyRef.current, []);
  return { frameRef, onLoad, post, isReady };
}
