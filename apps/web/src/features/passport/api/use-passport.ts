// The caller's passport (spec 02 §4.9): badges, coin balance, claimed flag. Reloaded after a purchase, a claim
// and an achievement event (hooks/use-achievement-events.ts).
import { trpc } from '../../../lib/api/trpc.ts';

export function usePassport(options: { enabled?: boolean } = {}) {
  return trpc.event.getPassport.useQuery(undefined, { enabled: options.enabled ?? true });
}
