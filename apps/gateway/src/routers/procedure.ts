/**
 * Builds one tRPC procedure from one catalogue entry: input = callInputSchema(call) (flat), output = the
 * call's success schema, auth from the entry (public / authed / manager / recruiter), the provider call made by the one
 * provider client with the caller's token and request id. Where the caller's identity must appear in the input
 * (never trusted from input alone) comes from the contracts' CALL_ACCESS table; per-procedure rules add rate
 * limits and what happens after success.
 */
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import {
  BACKEND_MESSAGES,
  callInputSchema,
  catalogue,
  isManager,
  keysWithRule,
  type CallInput,
  type CallParsedInput,
  type RestCall,
} from '@showfloor/contracts';
import type { VerifiedUser } from '../auth/token-verifier.ts';
import { ProviderError, toTRPCError } from '../provider/errors.ts';
import type { CallName, CallOf, ServiceKey } from '../provider/client.ts';
import type { Context } from '../trpc/context.ts';
import { authedProcedure, managerProcedure, publicProcedure, recruiterProcedure } from '../trpc/init.ts';

/**
 * The procedure input: the call's flat input schema; a call whose keys are all optional may also be called
 * with no input at all (`trpc.auth.signout.mutate()`).
 */
type InputSchemaOf<C extends RestCall> =
  object extends CallInput<C>
    ? z.ZodType<CallParsedInput<C>, CallInput<C> | undefined>
    : z.ZodType<CallParsedInput<C>, CallInput<C>>;

function procedureInputSchema(call: RestCall): z.ZodType {
  const schema = callInputSchema(call);
  return schema.safeParse({}).success ? z.preprocess((value) => value ?? {}, schema) : schema;
}

type SuccessSchemaOf<C extends RestCall> = C['responses'] extends { 200: infer S extends z.ZodType }
  ? S
  : C['responses'] extends { 201: infer S extends z.ZodType }
    ? S
    : never;

/** What a rule or effect sees. */
export interface ProcedureCallContext<I, O> {
  ctx: Context;
  /** The verified caller; undefined for public calls. */
  user: VerifiedUser | undefined;
  input: I;
  output: O;
}

/** Per-procedure rules. Who may name which ids is not here: it is the contracts' CALL_ACCESS table. */
export interface ProcedureRules<I = Record<string, unknown>, O = unknown> {
  /** The account (email or username) a credential call counts against; turns on the auth rate limit. */
  rateLimitAccount?: (input: I) => string | undefined;
  /** Effects after a successful call (cookie, revocation); awaited before the answer is sent. */
  onSuccess?: (call: ProcedureCallContext<I, O>) => void | Promise<void>;
}

function forbidden(): TRPCError {
  return new TRPCError({ code: 'FORBIDDEN', message: BACKEND_MESSAGES.FORBIDDEN });
}

/** The keys of a call's input the token alone decides (contracts' CALL_ACCESS), read once per procedure. */
interface IdentityKeys {
  /** Must be the caller's id. */
  self: string[];
  /** Must be the caller's id, unless the caller is a manager (the provider checks which event). */
  selfOrManager: string[];
  /** `event_code` keys: must be the caller's event code (admins: any). */
  ownEvent: string[];
}

function identityKeysOf(service: ServiceKey, name: string): IdentityKeys {
  return {
    self: keysWithRule(service, name, 'self'),
    selfOrManager: keysWithRule(service, name, 'self-or-manager'),
    // An event code is in the token; an event named by its numeric id (event/{id}) is the provider's to check.
    ownEvent: keysWithRule(service, name, 'own-event').filter((key) => key === 'event_code'),
  };
}

/** Enforces the identity rules of a call against the verified caller, before the provider is asked. */
function checkIdentity(
  keys: IdentityKeys,
  user: VerifiedUser | undefined,
  input: Record<string, unknown>,
): void {
  if (!user) return;
  const named = (key: string) => input[key] !== undefined && input[key] !== null;
  for (const key of keys.self) if (named(key) && Number(input[key]) !== user.id) throw forbidden();
  for (const key of keys.selfOrManager)
    if (named(key) && Number(input[key]) !== user.id && !isManager(user.roles)) throw forbidden();
  const isAdmin = user.roles.some((role) => role.role === 'admin');
  for (const key of keys.ownEvent)
    if (named(key) && String(input[key]) !== user.event_code && !isAdmin) throw forbidden();
}

function entryOf<S extends ServiceKey, N extends CallName<S>>(service: S, name: N): CallOf<S, N> {
  const call = (catalogue[service] as Record<string, RestCall>)[name];
  if (!call) throw new Error(`no catalogue call ${service}.${name}`);
  if (call.answer !== undefined && call.answer !== 'json') {
    throw new Error(`${service}.${name} answers ${call.answer}: it goes through the file proxy, not tRPC`);
  }
  return call as CallOf<S, N>;
}

function successSchemaOf(call: RestCall): z.ZodType {
  const schema = call.responses[200] ?? call.responses[201];
  if (!schema) throw new Error(`${call.service}${call.path} has no success schema`);
  return schema;
}

function builderFor(call: RestCall) {
  // Typed as the public builder: ctx.user is read as optional below, so the three share one resolver.
  if (call.auth === 'recruiter') return recruiterProcedure as unknown as typeof publicProcedure;
  if (call.auth === 'manager') return managerProcedure as unknown as typeof publicProcedure;
  if (call.auth === 'user') return authedProcedure as unknown as typeof publicProcedure;
  return publicProcedure;
}

function makeResolver(
  service: ServiceKey,
  name: string,
  call: RestCall,
  rules: ProcedureRules<never, never>,
) {
  const identity = identityKeysOf(service, name);
  return async ({
    ctx,
    input,
    signal,
  }: {
    ctx: Context;
    input: unknown;
    signal: AbortSignal | undefined;
  }) => {
    const user = (ctx as Context & { user?: VerifiedUser }).user;
    const flat = (input ?? {}) as Record<string, unknown>;
    if (rules.rateLimitAccount) {
      const verdict = await ctx.authRateLimiter.check(ctx.req, rules.rateLimitAccount(flat as never));
      if (!verdict.allowed) {
        void ctx.res.header('retry-after', String(verdict.retryAfterSeconds));
        throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: BACKEND_MESSAGES.RATE_LIMITED });
      }
    }
    checkIdentity(identity, user, flat);
    let output: unknown;
    try {
      output = await ctx.deps.provider.request(
        call,
        flat,
        { token: call.auth === 'public' ? undefined : user?.token, requestId: ctx.requestId, signal },
        `${service}.${name}`,
      );
    } catch (error) {
      if (error instanceof ProviderError) throw toTRPCError(error);
      throw error;
    }
    await rules.onSuccess?.({ ctx, user, input: flat as never, output: output as never });
    ctx.deps.events.emitCallSucceeded({ service, name, input: flat, output, user, requestId: ctx.requestId });
    return output;
  };
}

/** A query procedure (a read) for a catalogue call. */
export function catalogueQuery<S extends ServiceKey, N extends CallName<S>>(
  service: S,
  name: N,
  rules: ProcedureRules<z.output<InputSchemaOf<CallOf<S, N>>>, z.output<SuccessSchemaOf<CallOf<S, N>>>> = {},
) {
  const call = entryOf(service, name);
  const resolver = makeResolver(service, name, call, rules as ProcedureRules<never, never>);
  return builderFor(call)
    .input(procedureInputSchema(call) as InputSchemaOf<CallOf<S, N>>)
    .output(successSchemaOf(call) as SuccessSchemaOf<CallOf<S, N>>)
    .query(async ({ ctx, input, signal }) => resolver({ ctx, input, signal }) as Promise<never>);
}

/** A mutation procedure (a write, or a read with side effects such as sign-out) for a catalogue call. */
export function catalogueMutation<S extends ServiceKey, N extends CallName<S>>(
  service: S,
  name: N,
  rules: ProcedureRules<z.output<InputSchemaOf<CallOf<S, N>>>, z.output<SuccessSchemaOf<CallOf<S, N>>>> = {},
) {
  const call = entryOf(service, name);
  const resolver = makeResolver(service, name, call, rules as ProcedureRules<never, never>);
  return (
    builderFor(call)
      .input(procedureInputSchema(call) as InputSchemaOf<CallOf<S, N>>)
      .output(successSchemaOf(call) as SuccessSchemaOf<CallOf<S, N>>)
      // Not aborted when the client goes away: a write half-done is worse than one finished unobserved.
      .mutation(async ({ ctx, input }) => resolver({ ctx, input, signal: undefined }) as Promise<never>)
  );
}
