/** The provider's answer bodies that are not entities: its error body and the plain `{message}` of many writes. */
import { z } from 'zod';

/** The provider's error body: `{message, error_code?, retry_token?}` with an HTTP status. */
export const ProviderErrorSchema = z.object({
  message: z.string(),
  error_code: z.string().optional(),
  retry_token: z.string().optional(),
});
export type ProviderErrorBody = z.infer<typeof ProviderErrorSchema>;

/** A plain `{message}` answer the provider gives on many successful writes. */
export const MessageSchema = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof MessageSchema>;
