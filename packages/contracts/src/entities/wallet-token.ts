/** Tokens of the token wallet (spec 02 §3). */
import { z } from 'zod';

/** A token collected at a hotspot, with the access code it grants. */
export const WalletTokenSchema = z.object({
  token_id: z.string().min(1).max(200),
  hotspot_label: z.string().max(200),
  access_code: z.string().max(200),
});
export type WalletToken = z.infer<typeof WalletTokenSchema>;

/** GET user/wallet answer. */
export const WalletSchema = z.object({ tokens: z.array(WalletTokenSchema) });
export type Wallet = z.infer<typeof WalletSchema>;
