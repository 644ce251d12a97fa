import { catalogueMutation } from '../procedure.ts';

/** Password reset or change; counted per IP and account (the username). */
export const password = catalogueMutation('auth', 'password', {
  rateLimitAccount: (input) => input.username,
});
