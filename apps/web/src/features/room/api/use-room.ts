// One room (content.getRoom), read only when the user may enter it: a room refused up front is never read.
import { trpc } from '../../../lib/api/trpc.ts';

export function useRoom(id: number | undefined, options: { enabled: boolean }) {
  return trpc.content.getRoom.useQuery({ id: id ?? 0 }, { enabled: options.enabled, retry: false });
}
