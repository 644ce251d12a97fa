// Removes a skill or interest (user.deleteTag) and drops it from the stored profile.
import { trpc } from '../../../lib/api/trpc.ts';

export function useDeleteTag(userId: number) {
  const utils = trpc.useUtils();
  return trpc.user.deleteTag.useMutation({
    onSuccess: (_answer, input) => {
      utils.user.getUser.setData({ id: userId }, (old) => {
        if (!old) return old;
        const name = input.tag_name.trim().toLowerCase();
        const tags = old.data.user.tags.filter(
          (tag) => !(tag.type === input.type && tag.tag_name.toLowerCase() === name),
        );
        return { data: { user: { ...old.data.user, tags } } };
      });
    },
  });
}
