/** Frequently asked questions (spec 02 §3). */
import { z } from 'zod';
import { IdSchema } from './common.ts';

/** One FAQ; `answer` is HTML (sanitised by the app before rendering). */
export const FaqSchema = z.object({
  id: IdSchema,
  category: z.string().max(200),
  question: z.string().min(1).max(2000),
  answer: z.string().max(20_000),
  faq_order: z.number().int(),
});
export type Faq = z.infer<typeof FaqSchema>;

/** A list of FAQs, in `faq_order`. */
export const FaqListSchema = z.object({ faqs: z.array(FaqSchema) });
export type FaqList = z.infer<typeof FaqListSchema>;
