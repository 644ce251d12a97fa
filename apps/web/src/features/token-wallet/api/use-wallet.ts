// The caller's token wallet (spec 02 §2.10, §3 Token, §7 "wallet (tokens)").
import { trpc } from '../../../lib/api/trpc.ts';

export function useWallet() {
  return trpc.user.getWallet.useQuery();
}
