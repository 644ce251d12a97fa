// Adds a skill or interest (user.createTags); on success it is appended to the stored profile (spec 02 §4.8).
import type { Tag } from '@showfloor/contracts';
import { trpc } from '../../../lib/api/trpc.ts';

export function useAddTag(userId: number) {
  const utils = trpc.useUtils();
  return trpc.user.createTags.useMutation({
    onSuccess: (_answer, input) => {
      utils.user.getUser.setData({ id: userId }, (old) => {
        if (!old) return old;
        const known = old.data.user.tags;
        const added = input.tags.filter(
          (tag: Tag) =>
            !known.some(
              (k) => k.type === tag.type && k.tag_name.toLowerCase() === tag.tag_name.toLowerCase(),
            ),
        );
        return { data: { user: { ...old.data.user, tags: [...known, ...added] } } };
      });
    },
  });
}
