/**
 * The one initTRPC of the gateway: the error formatter and the procedure builders (public, authed, manager,
 * recruiter).
 * Procedures themselves live in routers/<service>/ and are built from catalogue entries (routers/procedure.ts).
 */
import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError, z } from 'zod';
import { BACKEND_MESSAGES, describeIssues, isManager, isRecruiter } from '@showfloor/contracts';
import { describeError, toTRPCError, ProviderError } from '../provider/errors.ts';
import type { VerifiedUser } from '../auth/token-verifier.ts';
import type { Context } from './context.ts';

const t = initTRPC.context<Context>().create({
  // Never a stack to the client, whatever NODE_ENV says.
  isDev: false,
  errorFormatter({ shape, error }) {
    const zodError = error.cause instanceof ZodError ? error.cause : undefined;
    const details = describeError(error);
    const message =
      zodError && error.code === 'BAD_REQUEST' ? describeIssues(zodError.issues) : details.message;
    return {
      ...shape,
      message,
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        path: shape.data.path,
        /** The provider's (or gateway's) error code, e.g. '401.1'. */
        error_code: details.error_code ?? null,
        /** OAuth2 retry token the next sign-in attempt must send. */
        retry_token: details.retry_token ?? null,
        /** zod's flattened issues when the input was invalid. */
        zodError: zodError && error.code === 'BAD_REQUEST' ? z.flattenError(zodError) : null,
      },
    };
  },
});

export const router = t.router;
export const middleware = t.middleware;
export const createCallerFactory = t.createCallerFactory;

/** Times every procedure (metrics by procedure and result code) and turns ProviderErrors into tRPC errors. */
const observed = t.middleware(async ({ ctx, path, next }) => {
  const started = performance.now();
  const result = await next();
  let code = 'OK';
  if (!result.ok) {
    code = result.error.code;
  }
  ctx.deps.metrics.procedureDuration.observe({ procedure: path, code }, (performance.now() - started) / 1000);
  return result;
});

/** Anything thrown as ProviderError (by the client or the verifier) becomes the mapped TRPCError. */
const providerErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (
    !result.ok &&
    result.error.cause instanceof ProviderError &&
    result.error.code === 'INTERNAL_SERVER_ERROR'
  ) {
    // tRPC wrapped a thrown ProviderError as INTERNAL: re-map it through the one table.
    throw toTRPCError(result.error.cause);
  }
  return result;
});

/** No token needed. */
export const publicProcedure = t.procedure.use(observed).use(providerErrors);

/** A verified, unrevoked token: `ctx.user` is the caller. Refused with 401 / 401.1 before any provider call. */
export const authedProcedure = publicProcedure.use(async ({ ctx, next }) => {
  let user: VerifiedUser;
  try {
    user = await ctx.deps.verifier.verify(ctx.rawToken);
  } catch (error) {
    if (error instanceof ProviderError) throw toTRPCError(error);
    throw error;
  }
  return next({ ctx: { ...ctx, user } });
});

/** An authed caller with role admin or event-admin. */
export const managerProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!isManager(ctx.user.roles))
    throw new TRPCError({ code: 'FORBIDDEN', message: BACKEND_MESSAGES.FORBIDDEN });
  return next();
});

/**
 * An authed caller with role event-admin in mode 'Recruiting': the recruiting dashboard's calls (refused here,
 * before the provider is asked, for everyone else, admins included).
 */
export const recruiterProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!isRecruiter(ctx.user.roles))
    throw new TRPCError({ code: 'FORBIDDEN', message: BACKEND_MESSAGES.FORBIDDEN });
  return next();
});

export type { Context };
