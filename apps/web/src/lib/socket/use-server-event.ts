// The one way a topic hook listens to the socket: bound once per socket (re-bound after a reconnect to a new
// socket), each payload checked with its contracts schema, a malformed one dropped. The handler may change on
// every render without re-binding.
import { useEffect, useEffectEvent } from 'react';
import { serverEventSchemaOf, type ServerEmit, type ServerPayload } from '@showfloor/contracts';
import { listenerView, useSocket } from './registry.ts';

/** Calls `onEvent` with each valid payload of `event` while mounted (nothing while `event` is undefined). */
export function useServerEvent<T extends ServerEmit>(
  event: T | undefined,
  onEvent: (payload: ServerPayload<T>) => void,
): void {
  const socket = useSocket();
  const handle = useEffectEvent(onEvent);
  useEffect(() => {
    if (!socket || event === undefined) return undefined;
    const schema = serverEventSchemaOf(event);
    const listener = (payload: unknown) => {
      const parsed = schema.safeParse(payload);
      if (parsed.success) handle(parsed.data);
    };
    // Bound by its name as a string: the payload is checked above, not trusted from the map's type.
    const name: string = event;
    const target = listenerView(socket);
    target.on(name, listener);
    return () => {
      target.off(name, listener);
    };
  }, [socket, event]);
}
