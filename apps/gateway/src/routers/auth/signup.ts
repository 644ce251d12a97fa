import { catalogueMutation } from '../procedure.ts';
import { sessionStarted } from './session-effects.ts';

/** Register; counted per IP and account (the e-mail). */
export const signup = catalogueMutation('auth', 'signup', {
  rateLimitAccount: (input) => input.email,
  onSuccess: ({ ctx, output }) => sessionStarted(ctx, output.user_data, false),
});
