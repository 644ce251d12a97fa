/** Pieces the catalogue's service files share: error answers, non-JSON answers and common queries. */
import { z } from 'zod';
import { ProviderErrorSchema } from '../entities/provider-answer.ts';
import { EventCodeSchema, FrontendTypeSchema, IdParamSchema } from '../entities/common.ts';

/** Error statuses a call may answer with the provider's error body. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429;

/** `{400: ProviderErrorSchema, ...}` for the statuses given. */
export function errorResponses<const S extends readonly ErrorStatus[]>(
  ...statuses: S
): { [K in S[number]]: typeof ProviderErrorSchema } {
  return Object.fromEntries(statuses.map((s) => [s, ProviderErrorSchema])) as {
    [K in S[number]]: typeof ProviderErrorSchema;
  };
}

/** The bytes of a `file` answer (image, PDF ...), as the provider client hands them over. */
export const FileBytesSchema = z.instanceof(Uint8Array, { message: 'Expected the bytes of a file' });
/** The text of a `csv` answer. */
export const CsvTextSchema = z.string({ error: 'Expected CSV text' });
/** A `redirect` answer: where the browser goes next. */
export const RedirectSchema = z.object({ location: z.url({ error: 'Expected the redirect URL' }) });

/** `{id}` path parameter holding a numeric id. */
export const IdParamsSchema = z.object({ id: IdParamSchema });
/** `{event_code}` query. */
export const EventCodeQuerySchema = z.object({ event_code: EventCodeSchema });
/** `{frontend, event_code}` query. */
export const FrontendEventQuerySchema = z.object({
  frontend: FrontendTypeSchema,
  event_code: EventCodeSchema,
});
/** `{user_id}` query. */
export const UserIdQuerySchema = z.object({ user_id: IdParamSchema });
/** Local time offset in minutes east of UTC (exports print local times). */
export const UtcOffsetSchema = z.coerce
  .number<string | number>({ error: 'utc_offset must be a number of minutes' })
  .int('utc_offset must be whole minutes')
  .min(-840, 'utc_offset must be between -840 and 840')
  .max(840, 'utc_offset must be between -840 and 840');
