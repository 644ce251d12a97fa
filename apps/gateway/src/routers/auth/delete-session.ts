import { catalogueMutation } from '../procedure.ts';

/** A manager ends one user's sessions or every session of their event; those tokens are refused from now. */
export const deleteSession = catalogueMutation('auth', 'deleteSession', {
  onSuccess: ({ ctx, input }) => {
    if (input.user_id !== undefined) ctx.deps.revocations.revokeUser(String(input.user_id));
    if (input.event_code !== undefined) ctx.deps.revocations.revokeEvent(input.event_code);
  },
});
