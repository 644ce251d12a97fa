// Buys a store item with coins (spec 02 §4.9); a success reloads the passport (its balance).
import { trpc } from '../../../lib/api/trpc.ts';

export function usePurchase() {
  const utils = trpc.useUtils();
  return trpc.event.purchase.useMutation({
    onSuccess: ({ coin_balance }) => {
      utils.event.getPassport.setData(undefined, (passport) =>
        passport ? { ...passport, coin_balance } : passport,
      );
      void utils.event.getPassport.invalidate();
    },
  });
}
