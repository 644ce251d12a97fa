import { catalogueMutation } from '../procedure.ts';
import { sessionStarted } from './session-effects.ts';

/** Sign in; counted per IP and account; a force_login ends the user's older sessions here too. */
export const signin = catalogueMutation('auth', 'signin', {
  rateLimitAccount: (input) => input.email,
  onSuccess: ({ ctx, input, output }) => sessionStarted(ctx, output.user_data, input.force_login),
});
