import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { renderHook } from '@testing-library/react';
import type { UserList } from '@showfloor/contracts';
import { trpc } from '../lib/api/trpc.ts';
import { makeProfile } from '../testing/fixtures.ts';
import { TestProviders, createTestQueryClient } from '../testing/render.tsx';
import { cardsWithPicture, listWithPicture, pictureOf, useUserPictures } from './use-user-pictures.ts';

const person = (id: number, picture: string | null = null) => ({
  id,
  firstname: `P${id}`,
  lastname: 'Person',
  company: null,
  job_title: null,
  profile_picture: picture,
});

describe('listWithPicture', () => {
  it("gives the user the picture and keeps everyone else's", () => {
    const list: UserList = { users: [person(1, 'pictures/1.png'), person(2)] };
    const next = listWithPicture(list, 2, 'pictures/2.png');
    expect(next.users.map((u) => u.profile_picture)).toEqual(['pictures/1.png', 'pictures/2.png']);
    expect(next.users[0]).toBe(list.users[0]);
  });

  it('answers the same list when it holds nobody to change (nothing re-renders)', () => {
    const list: UserList = { users: [person(1, 'pictures/1.png')] };
    expect(listWithPicture(list, 2, 'pictures/2.png')).toBe(list);
    expect(listWithPicture(list, 1, 'pictures/1.png')).toBe(list);
  });

  it("reads the event's empty path as no picture", () => {
    expect(pictureOf('')).toBeNull();
    expect(pictureOf('pictures/1.png')).toBe('pictures/1.png');
  });
});

const card = (cardId: number, userId: number, picture: string | null = null) => ({
  card_id: cardId,
  user_id: userId,
  firstname: `P${userId}`,
  lastname: 'Person',
  job_title: null,
  company: null,
  phone_number: null,
  webpage: null,
  linkedin: null,
  email: null,
  personal_quote: null,
  skill: [],
  interest: [],
  notes: null,
  profile_picture_path: picture,
});

describe('cardsWithPicture', () => {
  it("gives the owner's cards the picture and answers the same list when none is theirs", () => {
    const list = { cards: [card(10, 1), card(11, 2, 'pictures/2-old.png')] };
    const next = cardsWithPicture(list, 2, 'pictures/2.png');
    expect(next.cards.map((c) => c.profile_picture_path)).toEqual([null, 'pictures/2.png']);
    expect(next.cards[0]).toBe(list.cards[0]);
    expect(cardsWithPicture(list, 3, 'pictures/3.png')).toBe(list);
  });
});

describe('useUserPictures', () => {
  it('writes the picture into every cached user read that shows the user, whatever its input', () => {
    const queryClient = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <TestProviders queryClient={queryClient}>{children}</TestProviders>
    );
    // The cache is filled and read through tRPC's own utils: the keys are the ones its queries use.
    const { result } = renderHook(() => ({ pictures: useUserPictures(), utils: trpc.useUtils() }), {
      wrapper,
    });
    const { pictures, utils } = result.current;
    utils.user.getRoomUsers.setData({ id: 1 }, { users: [person(1), person(2)] });
    utils.user.getSummaries.setData({ ids: [2, 3] }, { users: [person(2), person(3)] });
    const loggedList: UserList = { users: [person(3)] };
    utils.user.getLoggedUsers.setData({ event_code: 'DEMO' }, loggedList);
    utils.user.getUser.setData({ id: 2 }, { data: { user: makeProfile({ id: 2 }) } });
    const other = { data: { user: makeProfile({ id: 3 }) } };
    utils.user.getUser.setData({ id: 3 }, other);
    utils.businesscard.getUserCards.setData({ id: 1 }, { cards: [card(10, 2), card(11, 3)] });

    pictures.applyPicture(2, 'pictures/2.png');

    const shown = (list: UserList | undefined) => list?.users.map((u) => [u.id, u.profile_picture]);
    expect(shown(utils.user.getRoomUsers.getData({ id: 1 }))).toEqual([
      [1, null],
      [2, 'pictures/2.png'],
    ]);
    expect(shown(utils.user.getSummaries.getData({ ids: [2, 3] }))).toEqual([
      [2, 'pictures/2.png'],
      [3, null],
    ]);
    expect(utils.user.getLoggedUsers.getData({ event_code: 'DEMO' })).toBe(loggedList);
    expect(utils.user.getUser.getData({ id: 2 })?.data.user.profile_picture).toBe('pictures/2.png');
    expect(utils.user.getUser.getData({ id: 3 })).toBe(other);
    expect(
      utils.businesscard.getUserCards.getData({ id: 1 })?.cards.map((c) => c.profile_picture_path),
    ).toEqual(['pictures/2.png', null]);

    pictures.applyPicture(2, '');
    expect(shown(utils.user.getRoomUsers.getData({ id: 1 }))).toEqual([
      [1, null],
      [2, null],
    ]);
  });
});
