// Room chat across two gateway nodes sharing Redis: ada (node a), grace and linus (node b) in the lobby. What ada
// writes in the lobby's chat reaches grace's room chat once, and linus, who is not reading it, sees it as a chat
// toast at the bottom left (the newsfeed is on by default), at most four at a time.
import { signIn } from '../fixtures/stack.ts';
import { expect, test } from '../fixtures/two-nodes.ts';
import { countOf, messages, openRoomChat, roomEntered, send } from './helpers.ts';

/** The lobby of the demo event. */
const LOBBY = { id: 1, name: 'Lobby' };

test('room chat reaches everyone in the room, and the newsfeed toasts show', async ({
  browser,
  twoNodes,
}) => {
  const people = [
    { email: 'ada@demo.test', url: twoNodes.a.url },
    { email: 'grace@demo.test', url: twoNodes.b.url },
    { email: 'linus@demo.test', url: twoNodes.b.url },
  ];
  const [ada, grace, linus] = await Promise.all(
    people.map(async ({ email, url }) => {
      const context = await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const entered = roomEntered(page, LOBBY.id);
      await signIn(page, { email });
      await entered;
      return { context, page };
    }),
  );
  if (!ada || !grace || !linus) throw new Error('three visitors expected');
  await openRoomChat(ada.page, LOBBY.name);
  await openRoomChat(grace.page, LOBBY.name);

  await send(ada.page, 'Hello lobby, the keynote starts in ten minutes');
  await expect(
    messages(grace.page).getByText('Hello lobby, the keynote starts in ten minutes'),
  ).toBeVisible();
  await expect.poll(() => countOf(grace.page, 'Hello lobby, the keynote starts in ten minutes')).toBe(1);
  await send(grace.page, 'Thanks, on my way');
  await expect(messages(ada.page).getByText('Thanks, on my way')).toBeVisible();

  // Linus stays in the lobby without the room chat open: each message is a toast, bottom left, four at most.
  const toasts = linus.page.getByRole('alert').filter({ hasText: /in Lobby/ });
  await expect(toasts.filter({ hasText: 'Ada Lovelace in Lobby' })).toHaveCount(1);
  await expect(toasts.filter({ hasText: 'Grace Hopper in Lobby' })).toHaveCount(1);
  for (let i = 1; i <= 4; i += 1) await send(ada.page, `Booth tip ${i}`);
  await expect(messages(grace.page).getByText('Booth tip 4')).toBeVisible();
  await expect(toasts).toHaveCount(4);
  const box = await toasts.first().boundingBox();
  expect(box).not.toBeNull();
  if (box) {
    expect(box.x).toBeLessThan(640);
    expect(box.y).toBeGreaterThan(400);
  }
  // Ada reading the room chat gets no toast of her own or grace's messages there.
  await expect(ada.page.getByRole('alert').filter({ hasText: /in Lobby/ })).toHaveCount(0);
  // The room chat's participants are the people in the room.
  await grace.page.getByRole('button', { name: /^Participants/ }).click();
  const list = grace.page.getByRole('list', { name: 'Participants' });
  for (const name of ['Ada Lovelace', 'Grace Hopper', 'Linus Torvalds'])
    await expect(list.getByText(name)).toBeVisible();
  for (const who of [ada, grace, linus]) await who.context.close();
});
