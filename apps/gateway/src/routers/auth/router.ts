import { router } from '../../trpc/init.ts';
import { catalogueQuery } from '../procedure.ts';
import { deleteSession } from './delete-session.ts';
import { oauth2Callback } from './oauth2-callback.ts';
import { password } from './password.ts';
import { signin } from './signin.ts';
import { signout } from './signout.ts';
import { signup } from './signup.ts';

/** auth: sign-in, registration, passwords, sessions and SSO (GET auth/oauth2 is a browser navigation: proxy). */
export const authRouter = router({
  signin,
  signup,
  password,
  signout,
  deleteSession,
  oauth2Callback,
  providers: catalogueQuery('auth', 'providers'),
});
