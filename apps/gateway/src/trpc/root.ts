/**
 * The gateway's tRPC API: one router per provider service, one procedure per catalogue call the web app
 * uses, named as the catalogue entry. The web app imports `type AppRouter` from '@showfloor/gateway/router'.
 */
import { router } from './init.ts';
import { agendaRouter } from '../routers/agenda/router.ts';
import { authRouter } from '../routers/auth/router.ts';
import { businesscardRouter } from '../routers/businesscard/router.ts';
import { contentRouter } from '../routers/content/router.ts';
import { conversationRouter } from '../routers/conversation/router.ts';
import { databaseRouter } from '../routers/database/router.ts';
import { eventRouter } from '../routers/event/router.ts';
import { userRouter } from '../routers/user/router.ts';

export const appRouter = router({
  auth: authRouter,
  conversation: conversationRouter,
  event: eventRouter,
  businesscard: businesscardRouter,
  agenda: agendaRouter,
  content: contentRouter,
  user: userRouter,
  database: databaseRouter,
});

/** The type the web app's tRPC client is built from. */
export type AppRouter = typeof appRouter;
