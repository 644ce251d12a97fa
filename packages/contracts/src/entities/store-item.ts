/** The goodies store (spec 02 §3, §4.9). */
import { z } from 'zod';
import { FileNameSchema, IdSchema } from './common.ts';

/** A store item; `filename` is its thumbnail (files type store_thumbnail). */
export const StoreItemSchema = z.object({
  id: IdSchema,
  name: z.string().min(1).max(200),
  description: z.string().max(2000),
  coin_price: z.number().int().nonnegative(),
  filename: FileNameSchema,
});
export type StoreItem = z.infer<typeof StoreItemSchema>;

/** GET event/store/items answer. */
export const StoreItemListSchema = z.object({ items: z.array(StoreItemSchema) });
export type StoreItemList = z.infer<typeof StoreItemListSchema>;

/** POST event/store/purchase body (spec 01 §7: item_id, coin_price). */
export const PurchaseRequestSchema = z.object({
  item_id: IdSchema,
  coin_price: z.number().int().nonnegative(),
});
export type PurchaseRequest = z.infer<typeof PurchaseRequestSchema>;

/** Purchase answer: the message and the balance left. */
export const PurchaseResultSchema = z.object({
  message: z.string(),
  coin_balance: z.number().int().nonnegative(),
});
export type PurchaseResult = z.infer<typeof PurchaseResultSchema>;
