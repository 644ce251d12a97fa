import { catalogueMutation } from '../procedure.ts';
import { sessionEnded } from './session-effects.ts';

/** Sign out (a GET at the provider, a mutation here: it ends the session). */
export const signout = catalogueMutation('auth', 'signout', {
  onSuccess: ({ ctx, user }) => {
    if (user) sessionEnded(ctx, { id: user.id, sid: user.sid, exp: user.claims.exp });
  },
});
