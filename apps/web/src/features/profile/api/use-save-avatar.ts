// Saves the avatar choice as the user's own preference (spec 02 §7 "Post preference: ... avatar choice, 200 on
// success"); the choice is then part of the stored profile (avatar_id).
import { trpc } from '../../../lib/api/trpc.ts';

export function useSaveAvatar(userId: number, eventCode: string) {
  const utils = trpc.useUtils();
  const mutation = trpc.event.createPreference.useMutation({
    onSuccess: (_answer, input) => {
      utils.user.getUser.setData({ id: userId }, (old) =>
        old ? { data: { user: { ...old.data.user, avatar_id: Number(input.value) } } } : old,
      );
    },
    // Preference save errors are only logged (spec 02 §8).
    onError: (error) => console.warn('avatar choice could not be saved', error.message),
  });
  return {
    ...mutation,
    save: (avatarId: number) =>
      mutation.mutateAsync({
        name: 'user_selected_avatar',
        value: String(avatarId),
        user_id: userId,
        event_code: eventCode,
      }),
  };
}
