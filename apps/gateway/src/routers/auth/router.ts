import { router } from '../../trpc/init.ts';
import { catalogueMutation, catalogueQuery } from '../procedure.ts';
import { deleteSession } from './delete-session.ts';
import { oauth2Callback } from './oauth2-callback.ts';
import { password } from './password.ts';
import { signin } from './signin.ts';
import { signout } from './signout.ts';
import { signup } from './signup.ts';

/**
 * auth: sign-in, registration, passwords, sessions, SSO (GET auth/oauth2 is a browser navigation: proxy) and
 * access rules. The access calls are manager-only here; the provider decides whose event a rule may touch, and a
 * stored role rule reaches the user's tabs as `user_access_change` (relay/server-events.ts).
 */
export const authRouter = router({
  signin,
  signup,
  password,
  signout,
  deleteSession,
  oauth2Callback,
  providers: catalogueQuery('auth', 'providers'),
  putAccess: catalogueMutation('auth', 'putAccess'),
  getAccess: catalogueQuery('auth', 'getAccess'),
  deleteAccess: catalogueMutation('auth', 'deleteAccess'),
});
