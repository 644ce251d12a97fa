/**
 * The provider's REST call catalogue: every call of spec 01 §7 and spec 02 §7 by service group, plus the
 * helpers that turn a call's params, query and body into one flat input (tRPC) and back.
 */
import { z } from 'zod';
import { authCalls } from './auth.ts';
import { businesscardCalls } from './businesscard.ts';
import { contentCalls } from './content.ts';
import { conversationCalls } from './conversation.ts';
import { databaseCalls } from './database.ts';
import { eventCalls } from './event.ts';
import { presentationCalls } from './presentation.ts';
import type { RestCall, ServiceGroup } from './types.ts';
import { userCalls } from './user.ts';

export * from './types.ts';
export * from './url-calls.ts';
export * from './shared.ts';
export * from './auth.ts';
export * from './businesscard.ts';
export * from './content.ts';
export * from './conversation.ts';
export * from './database.ts';
export * from './event.ts';
export * from './presentation.ts';
export * from './user.ts';

/** Every call, by service group and camelCase call name. */
export const catalogue = {
  auth: authCalls,
  conversation: conversationCalls,
  event: eventCalls,
  businesscard: businesscardCalls,
  presentation: presentationCalls,
  content: contentCalls,
  user: userCalls,
  database: databaseCalls,
} as const satisfies Record<ServiceGroup, Record<string, RestCall>>;
export type Catalogue = typeof catalogue;

/** The call names of one service group. */
export type CallName<S extends ServiceGroup> = keyof Catalogue[S] & string;

/** One catalogue entry with its address. */
export interface CatalogueEntry {
  service: ServiceGroup;
  name: string;
  call: RestCall;
}

/** Every call of the catalogue, service by service. */
export function listCalls(): CatalogueEntry[] {
  return (Object.keys(catalogue) as ServiceGroup[]).flatMap((service) =>
    Object.entries(catalogue[service] as Record<string, RestCall>).map(([name, call]) => ({
      service,
      name,
      call,
    })),
  );
}

/** The HTTP status of a call's success answer: 200, else 201, else 302 (redirects). */
export function successStatus(call: RestCall): 200 | 201 | 302 {
  if (call.responses[200]) return 200;
  if (call.responses[201]) return 201;
  if (call.responses[302]) return 302;
  throw new Error(`call ${call.method} ${call.path} has no success response`);
}

/** A call's success schema. */
export function successSchema(call: RestCall): z.ZodType {
  const schema = call.responses[successStatus(call)];
  if (!schema) throw new Error(`call ${call.method} ${call.path} has no success response`);
  return schema;
}

type Simplify<T> = { [K in keyof T]: T[K] } & {};
type PartIn<C, K extends 'params' | 'query' | 'body'> = C extends { [P in K]: infer S extends z.ZodType }
  ? z.input<S>
  : unknown;
type PartOut<C, K extends 'params' | 'query' | 'body'> = C extends { [P in K]: infer S extends z.ZodType }
  ? z.output<S>
  : unknown;

/** What a caller passes: params, query and body keys in one object (before defaults and coercion). */
export type CallInput<C extends RestCall> = Simplify<
  PartIn<C, 'params'> & PartIn<C, 'query'> & PartIn<C, 'body'>
>;
/** The flat input after parsing. */
export type CallParsedInput<C extends RestCall> = Simplify<
  PartOut<C, 'params'> & PartOut<C, 'query'> & PartOut<C, 'body'>
>;
/** The argument of a call's flat input: optional (`undefined` means `{}`) when every key is optional. */
export type CallInputArg<C extends RestCall> =
  Partial<CallInput<C>> extends CallInput<C> ? CallInput<C> | undefined : CallInput<C>;
/** What a call answers on success. */
export type CallOutput<C extends RestCall> = C['responses'] extends { 200: infer S extends z.ZodType }
  ? z.output<S>
  : C['responses'] extends { 201: infer S extends z.ZodType }
    ? z.output<S>
    : C['responses'] extends { 302: infer S extends z.ZodType }
      ? z.output<S>
      : never;

declare const CHECKED: unique symbol;
/**
 * A call's flat input that is known to pass the call's input schema: from {@link parseCallInput}, or from a
 * contracts builder that assembles it only from values the same field schemas accepted (the chat relay's
 * `sendMessageInput`, property-tested against the schema). The gateway's `ProviderClient.callParsed` takes
 * only this type, so a call is never sent unchecked and never checked twice.
 */
export type CheckedCallInput<C extends RestCall> = CallParsedInput<C> & { readonly [CHECKED]: C };

/** Parses a call's flat input with {@link callInputSchema}; the data is a {@link CheckedCallInput}. */
export function parseCallInput<C extends RestCall>(
  call: C,
  input: unknown,
): z.ZodSafeParseResult<CheckedCallInput<C>> {
  return callInputSchema(call).safeParse(input) as z.ZodSafeParseResult<CheckedCallInput<C>>;
}

const PARTS = ['params', 'query', 'body'] as const;
type Part = (typeof PARTS)[number];

/** The object shape of one part of a call; parts must be `z.object` schemas (refinements allowed). */
function partShape(call: RestCall, part: Part): Record<string, z.ZodType> {
  const schema = call[part];
  if (schema === undefined) return {};
  if (!(schema instanceof z.ZodObject)) {
    throw new Error(`${call.service} ${call.method} ${call.path}: ${part} must be a z.object schema`);
  }
  return schema.shape as Record<string, z.ZodType>;
}

/** The key names of each part of a call. */
export function callInputKeys(call: RestCall): Record<Part, string[]> {
  return {
    params: Object.keys(partShape(call, 'params')),
    query: Object.keys(partShape(call, 'query')),
    body: Object.keys(partShape(call, 'body')),
  };
}

const inputSchemas = new WeakMap<RestCall, z.ZodType>();

/**
 * One flat strict `z.object` of a call's params, query and body keys (tRPC procedure input). Throws when a key
 * appears in two parts. Unknown keys are rejected ('Unrecognized key'), so typos surface. Object-level
 * refinements of each part (e.g. 'approved or notes must be specified') still apply, on that part's keys.
 * When every key is optional, `undefined` is accepted as `{}` (tRPC calls without input).
 */
export function callInputSchema<C extends RestCall>(call: C): z.ZodType<CallParsedInput<C>, CallInputArg<C>> {
  const cached = inputSchemas.get(call);
  if (cached) return cached as z.ZodType<CallParsedInput<C>, CallInputArg<C>>;
  const shape: Record<string, z.ZodType> = {};
  const owner: Record<string, Part> = {};
  for (const part of PARTS) {
    for (const [key, field] of Object.entries(partShape(call, part))) {
      const previous = owner[key];
      if (previous !== undefined) {
        throw new Error(
          `${call.service} ${call.method} ${call.path}: input key "${key}" is in both ${previous} and ${part}`,
        );
      }
      owner[key] = part;
      shape[key] = field;
    }
  }
  const refined = PARTS.filter((part) => {
    const schema = call[part];
    return schema instanceof z.ZodObject && (schema._zod.def.checks?.length ?? 0) > 0;
  });
  const flat = z.strictObject(shape);
  const checked =
    refined.length === 0
      ? flat
      : flat.superRefine((input, ctx) => {
          const split = splitCallInput(call, input);
          for (const part of refined) {
            const result = (call[part] as z.ZodType).safeParse(split[part] ?? {});
            if (result.success) continue;
            // Field issues were reported by the flat object already; only the part's own checks are new.
            for (const issue of result.error.issues) {
              if (issue.code === 'custom') {
                ctx.addIssue({
                  code: 'custom',
                  message: issue.message,
                  path: issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
                });
              }
            }
          }
        });
  const allOptional = Object.values(shape).every((field) => field.safeParse(undefined).success);
  const schema = allOptional ? checked.prefault({}) : checked;
  inputSchemas.set(call, schema);
  return schema as unknown as z.ZodType<CallParsedInput<C>, CallInputArg<C>>;
}

/** A flat input split back into the call's parts; a part the call lacks is `undefined`. */
export interface SplitInput {
  params: Record<string, unknown> | undefined;
  query: Record<string, unknown> | undefined;
  body: Record<string, unknown> | undefined;
}

/** Splits a flat input into `{params, query, body}` by the keys of each part; absent values are left out. */
export function splitCallInput(call: RestCall, input: Record<string, unknown>): SplitInput {
  const keys = callInputKeys(call);
  const pick = (part: Part): Record<string, unknown> | undefined => {
    if (call[part] === undefined) return undefined;
    const out: Record<string, unknown> = {};
    for (const key of keys[part]) if (input[key] !== undefined) out[key] = input[key];
    return out;
  };
  return { params: pick('params'), query: pick('query'), body: pick('body') };
}
