// The goodies store's items (spec 02 §4.9).
import { trpc } from '../../../lib/api/trpc.ts';

export function useStoreItems() {
  return trpc.event.getStoreItems.useQuery();
}
