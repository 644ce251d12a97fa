/**
 * The gateway's tRPC API: one router per provider service, one procedure per catalogue call the web app
 * uses, named as the catalogue entry. The web app imports `type AppRouter` from '@showfloor/gateway/router'.
 */
import { lazy } from '@trpc/server';
import { router } from './init.ts';

/**
 * Each service's router (its procedures, their zod schemas and handlers) is loaded on its first call, not at
 * start: an idle gateway does not hold the API it is not asked for. The compiled build keeps each one in a
 * chunk of its own (esbuild splitting, `build.mjs`).
 */
export const serviceRouters = {
  auth: () => import('../routers/auth/router.ts').then((module) => module.authRouter),
  conversation: () => import('../routers/conversation/router.ts').then((module) => module.conversationRouter),
  event: () => import('../routers/event/router.ts').then((module) => module.eventRouter),
  businesscard: () => import('../routers/businesscard/router.ts').then((module) => module.businesscardRouter),
  agenda: () => import('../routers/agenda/router.ts').then((module) => module.agendaRouter),
  content: () => import('../routers/content/router.ts').then((module) => module.contentRouter),
  user: () => import('../routers/user/router.ts').then((module) => module.userRouter),
  database: () => import('../routers/database/router.ts').then((module) => module.databaseRouter),
};

export const appRouter = router({
  auth: lazy(serviceRouters.auth),
  conversation: lazy(serviceRouters.conversation),
  event: lazy(serviceRouters.event),
  businesscard: lazy(serviceRouters.businesscard),
  agenda: lazy(serviceRouters.agenda),
  content: lazy(serviceRouters.content),
  user: lazy(serviceRouters.user),
  database: lazy(serviceRouters.database),
});

/** The type the web app's tRPC client is built from. */
export type AppRouter = typeof appRouter;
