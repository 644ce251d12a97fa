// The signed-in user's stored profile (user.getUser: data.user), the source of every profile sub-page.
import { trpc } from '../../../lib/api/trpc.ts';

export function useOwnProfile(userId: number) {
  return trpc.user.getUser.useQuery({ id: userId }, { select: (answer) => answer.data.user });
}
