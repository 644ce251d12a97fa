// The app's end of the room protocol (@showfloor/contracts room-frame): posts `ready` when the frame has loaded,
// answers the room's `ready` with the session (token, user, colours, avatar, role, room, settings), and hands each
// accepted room message to `onMessage`. Only the room link's exact origin and the frame's own window count; a
// malformed message is dropped and logged. The token goes by postMessage to that origin only, never into a URL.
import { useCallback, useEffect, useEffectEvent, useRef, type RefObject } from 'react';
import {
  postToRoom,
  readRoomMessage,
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

export function useRoomFrame(
  origin: string | undefined,
  session: () => Array<Unenveloped<AppToRoomMessage>>,
  onMessage: (message: RoomToAppMessage) => void,
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
        if (result.reason === 'shape') console.warn('room: dropped a malformed message', result.issues);
        return;
      }
      if (result.message.type === 'ready') {
        readyRef.current = true;
        for (const body of sessionNow()) post(body);
        return;
      }
      handle(result.message);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [origin, post]);

  const onLoad = useCallback(() => post({ type: 'ready' }), [post]);
  const isReady = useCallback(() => readyRef.current, []);
  return { frameRef, onLoad, post, isReady };
}
