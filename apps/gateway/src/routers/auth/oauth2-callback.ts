import { catalogueMutation } from '../procedure.ts';
import { sessionStarted } from './session-effects.ts';

/** Finish single sign-on with the provider's code (the browser navigation before it goes through the proxy). */
export const oauth2Callback = catalogueMutation('auth', 'oauth2Callback', {
  onSuccess: ({ ctx, output }) => sessionStarted(ctx, output.user_data, false),
});
