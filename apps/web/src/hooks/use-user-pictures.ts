// A user's new or removed profile picture (`profile_picture_change`, spec 01 §4 "Realtime session events"),
// written into every cached read that shows it: the lists of users (participants, logged users, the event's
// users, summaries, matches), a summary, a profile and the business cards held of them (a card shows its owner's
// current picture). Avatars change at once, and nothing is read again: the event carries the new path. The session topic's hook calls it (features/session/hooks/use-session-events.ts).
import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import type { BusinessCardList, UserList } from '@showfloor/contracts';
import { trpc } from '../lib/api/trpc.ts';

/** The user reads that answer a list of users (`{users: UserSummary[]}`), every input of each. */
const USER_LIST_READS = [
  trpc.user.listUsers,
  trpc.user.getLoggedUsers,
  trpc.user.getRoomUsers,
  trpc.user.getEventUsers,
  trpc.user.getMatchingUsers,
  trpc.user.getSummaries,
] as const;

/** The picture a path stands for: '' (the event's removal) is none. */
export const pictureOf = (path: string): string | null => (path === '' ? null : path);

/** The one user with the picture, or the very same value when it holds nobody to change (no re-render). */
function withUserPicture<T extends { id: number; profile_picture: string | null }>(
  user: T,
  userId: number,
  picture: string | null,
): T {
  return user.id === userId && user.profile_picture !== picture
    ? { ...user, profile_picture: picture }
    : user;
}

/** A list of users with the user's picture; the same list when nothing changes. */
export function listWithPicture(list: UserList, userId: number, picture: string | null): UserList {
  const users = list.users.map((user) => withUserPicture(user, userId, picture));
  return users.some((user, i) => user !== list.users[i]) ? { ...list, users } : list;
}

/** Held business cards with the owner's picture; the same list when it holds none of theirs to change. */
export function cardsWithPicture(
  list: BusinessCardList,
  userId: number,
  picture: string | null,
): BusinessCardList {
  const cards = list.cards.map((card) =>
    card.user_id === userId && card.profile_picture_path !== picture
      ? { ...card, profile_picture_path: picture }
      : card,
  );
  return cards.some((card, i) => card !== list.cards[i]) ? { ...list, cards } : list;
}

export function useUserPictures() {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  return useMemo(
    () => ({
      /** Someone's picture is now `path` ('' when removed): every cached read showing them shows it. */
      applyPicture(userId: number, path: string): void {
        const picture = pictureOf(path);
        for (const read of USER_LIST_READS) {
          queryClient.setQueriesData<UserList>({ queryKey: getQueryKey(read) }, (list) =>
            list ? listWithPicture(list, userId, picture) : list,
          );
        }
        utils.user.getSummary.setData({ id: userId }, (summary) =>
          summary ? withUserPicture(summary, userId, picture) : summary,
        );
        queryClient.setQueriesData<BusinessCardList>(
          { queryKey: getQueryKey(trpc.businesscard.getUserCards) },
          (list) => (list ? cardsWithPicture(list, userId, picture) : list),
        );
        utils.user.getUser.setData({ id: userId }, (answer) => {
          if (!answer) return answer;
          const user = withUserPicture(answer.data.user, userId, picture);
          return user === answer.data.user ? answer : { data: { user } };
        });
      },
    }),
    [queryClient, utils],
  );
}
