// Saves the profile information (user.updateUser): the stored profile the provider answers replaces the app's
// copy (spec 02 §7 "200 with user replaces stored profile"), in the query cache and in the signed-in user.
import type { UserProfile } from '@showfloor/contracts';
import { trpc } from '../../../lib/api/trpc.ts';
import { updateCurrentUser } from '../../../lib/session/session.ts';

/** Writes a stored profile into the cache and the signed-in user's copy. */
export function useStoreProfile() {
  const utils = trpc.useUtils();
  return (user: UserProfile) => {
    utils.user.getUser.setData({ id: user.id }, { data: { user } });
    void updateCurrentUser({
      firstname: user.firstname,
      lastname: user.lastname,
      company: user.company,
      job_title: user.job_title,
      profile_picture: user.profile_picture,
    });
  };
}

export function useUpdateProfile() {
  const store = useStoreProfile();
  return trpc.user.updateUser.useMutation({ onSuccess: (answer) => store(answer.user) });
}
