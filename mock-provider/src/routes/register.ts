/**
 * Registers every catalogue call as a Fastify route: bearer and role check by the call's `auth`, the 2000-character
 * text rule, params/query/body validation with the call's schemas, the handler from the service's table,
 * and the answer shaped by the call's success schema (or sent as file, CSV or redirect).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import {
  BACKEND_MESSAGES,
  MAX_JSON_BODY_BYTES,
  MAX_TEXT_LENGTH,
  callPath,
  describeIssues,
  isManager,
  isRecruiter,
  listCalls,
  successSchema,
  successStatus,
  type CatalogueEntry,
  type RestCall,
} from '@showfloor/contracts';
import { z } from 'zod';
import { forbidden, invalidToken, ProviderHttpError } from '../http/errors.ts';
import type { ProviderState } from '../store/state.ts';
import type { Caller } from '../store/types.ts';
import type { CallContext, CallHandler, FileAnswer, ProviderServices, UploadedFile } from './types.ts';

/** Handlers by service and call name. */
export type HandlerRegistry = Record<string, Record<string, CallHandler<RestCall> | undefined>>;

/** Catalogue entries without a handler (the startup check and a test use it). */
export function missingHandlers(
  registry: HandlerRegistry,
  entries: CatalogueEntry[] = listCalls(),
): string[] {
  return entries
    .filter((e) => typeof registry[e.service]?.[e.name] !== 'function')
    .map((e) => `${e.service}.${e.name}`);
}

/** The verified caller of a request, or null without an Authorization header. Throws 401.1 on a bad token. */
export async function resolveCaller(
  request: FastifyRequest,
  state: ProviderState,
  services: ProviderServices,
): Promise<Caller | null> {
  const header = request.headers.authorization;
  if (header === undefined || header === '') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw invalidToken();
  const claims = await services.tokens.verify(match[1]);
  if (!claims) throw invalidToken();
  const session = state.sessions.get(claims.sid);
  if (
    !session ||
    session.revoked ||
    session.expires_at <= state.now() ||
    String(session.user_id) !== claims.sub
  )
    throw invalidToken();
  const user = state.users.get(session.user_id);
  if (!user || !user.active) throw invalidToken();
  return { user, claims, session, isManager: isManager(user.roles) };
}

/** The first string over the text limit anywhere in a parsed body or query. */
function hasTooLongText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.length > MAX_TEXT_LENGTH;
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  const items = Array.isArray(value) ? value : Object.values(value);
  return items.some((item) => hasTooLongText(item, depth + 1));
}

/**
 * JSON clients often send an absent optional field as `null` (`room_id: null` on a private message). A
 * top-level body field that is `null` where the call's schema takes the field as optional but not as null is
 * treated as absent (a default then applies); any other `null` is left for the schema to refuse.
 */
export function dropNullOptionals(schema: z.ZodType | undefined, body: unknown): unknown {
  if (!(schema instanceof z.ZodObject) || body === null || typeof body !== 'object' || Array.isArray(body))
    return body;
  const shape = schema.shape as Record<string, z.ZodType | undefined>;
  let lenient: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(body)) {
    const field = shape[key];
    if (value !== null || !field || field.safeParse(null).success || !field.safeParse(undefined).success)
      continue;
    lenient ??= { ...(body as Record<string, unknown>) };
    delete lenient[key];
  }
  return lenient ?? body;
}

function parsePart<S extends z.ZodType | undefined>(schema: S, value: unknown): unknown {
  if (schema === undefined) return {};
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new ProviderHttpError(400, describeIssues(result.error.issues));
  return result.data;
}

async function readUploads(request: FastifyRequest): Promise<UploadedFile[]> {
  if (!request.isMultipart()) throw new ProviderHttpError(400, 'Send the file as multipart/form-data.');
  const files: UploadedFile[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      files.push({
        field: part.fieldname,
        filename: part.filename,
        mimetype: part.mimetype,
        data: await part.toBuffer(),
      });
    }
  }
  return files;
}

function contentDisposition(disposition: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

function sendAnswer(call: RestCall, reply: FastifyReply, answer: unknown): FastifyReply {
  const kind = call.answer ?? 'json';
  if (kind === 'file') {
    const file = answer as FileAnswer;
    return reply
      .status(200)
      .type(file.contentType)
      .header('content-disposition', contentDisposition(file.disposition ?? 'inline', file.filename))
      .header('cache-control', 'private, max-age=60')
      .send(file.data);
  }
  if (kind === 'csv') {
    const csv = answer as { filename: string; text: string };
    return reply
      .status(200)
      .type('text/csv; charset=utf-8')
      .header('content-disposition', contentDisposition('attachment', csv.filename))
      .send(csv.text);
  }
  if (kind === 'redirect') {
    return reply.redirect((answer as { location: string }).location, 302);
  }
  // Shaping the answer with the call's own schema strips internal fields and catches drift from the contract.
  const shaped = successSchema(call).safeParse(answer);
  if (!shaped.success) {
    reply.log.error(
      { issues: shaped.error.issues, call: `${call.method} ${call.path}` },
      'answer does not fit its schema',
    );
    throw new ProviderHttpError(500, BACKEND_MESSAGES.INTERNAL);
  }
  return reply.status(successStatus(call)).type('application/json').send(shaped.data);
}

/** Registers one route per catalogue entry; throws at startup when an entry has no handler. */
export function registerCatalogue(
  app: FastifyInstance,
  registry: HandlerRegistry,
  state: ProviderState,
  services: ProviderServices,
): void {
  const missing = missingHandlers(registry);
  if (missing.length > 0) throw new Error(`mock provider: no handler for ${missing.join(', ')}`);
  for (const { service, name, call } of listCalls()) {
    const handler = registry[service]?.[name] as CallHandler<RestCall>;
    app.route({
      method: call.method,
      url: callPath(call),
      bodyLimit: MAX_JSON_BODY_BYTES,
      handler: async (request, reply) => {
        let caller: Caller | null;
        if (call.auth === 'public') {
          caller = await resolveCaller(request, state, services).catch(() => null);
        } else {
          caller = await resolveCaller(request, state, services);
          if (!caller) throw invalidToken();
          if (call.auth === 'manager' && !caller.isManager) throw forbidden();
          if (call.auth === 'recruiter' && !isRecruiter(caller.user.roles)) throw forbidden();
        }
        if (hasTooLongText(request.query) || (!call.multipart && hasTooLongText(request.body))) {
          throw new ProviderHttpError(400, BACKEND_MESSAGES.TEXT_TOO_LONG);
        }
        const context = {
          params: parsePart(call.params, request.params),
          query: parsePart(call.query, request.query),
          body: call.multipart ? {} : parsePart(call.body, dropNullOptionals(call.body, request.body)),
          files: call.multipart ? await readUploads(request) : [],
          caller,
          state,
          services,
          request,
        } as CallContext<RestCall>;
        const answer = await handler(context);
        return sendAnswer(call, reply, answer);
      },
    });
  }
}
