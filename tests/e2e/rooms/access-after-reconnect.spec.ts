// Room access changing while a visitor's socket is down (apps/web README "After a reconnect"): the relay's
// `user_access_change` is never stored, so ada's tab does not hear it. After the reconnect the tab reads its queries
// again and asks the relay `access_catch_up`, in one wait, and applies the answer as that frame: a room granted
// meanwhile is hers (the new rooms' notice, open in the lobby); the VIP Lounge taken while she is in it gets one
// notice (its read again answers 401, and the answer no longer lists it) and, after 5 s, the lobby.
// The test cuts the tab's socket itself: every /messaging connection goes through a route it can close, and while
// the socket is "down" a new one is closed at once (and socket.io's polling refused): fixtures/switchable-socket.ts.
import type { Page } from '@playwright/test';
import { apiSignIn, expect, signIn, test } from '../fixtures/stack.ts';
import { TALK_STAGE, VIP_LOUNGE, closeWelcomePopup, notice, putRole } from '../fixtures/demo-rooms.ts';
import { switchableSocket } from '../fixtures/switchable-socket.ts';

/**
 * Records the text of every notification the page shows from now on (the room page's and the session's notices of
 * a refused room can both be asked for after a reconnect: only one may show); answers the reader of the record.
 */
async function recordNotices(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const shown: string[] = [];
    const known = new WeakSet<Element>();
    for (const root of document.querySelectorAll('.mantine-Notification-root')) known.add(root);
    (window as unknown as { shownNotices: string[] }).shownNotices = shown;
    new MutationObserver(() => {
      for (const root of document.querySelectorAll('.mantine-Notification-root')) {
        if (known.has(root)) continue;
        known.add(root);
        shown.push(root.textContent ?? '');
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { shownNotices: string[] }).shownNotices);
}

test('ada loses the VIP Lounge while her socket is down: after the reconnect, one notice and the lobby', async ({
  page,
}) => {
  const socket = await switchableSocket(page);
  await signIn(page, { email: 'ada@demo.test' });
  await closeWelcomePopup(page);
  const root = await apiSignIn('root@demo.test');

  // Heard live while connected.
  const rule = await putRole(root.token, { room_id: VIP_LOUNGE, user_id: 1 });
  await expect(notice(page, 'New rooms')).toContainText('You can now enter: VIP Lounge');

  await page.goto(`/room/${VIP_LOUNGE}`);
  await expect(page.getByRole('heading', { name: 'VIP Lounge', level: 1 })).toBeAttached();
  await expect(page.frameLocator('iframe').getByText('Welcome, Ada!')).toBeVisible();
  // The reloaded tab's socket has connected (the lobby's was the first, this is the second): the next is a
  // reconnect, not the first connection of the tab's socket.
  await expect.poll(() => socket.connects()).toBeGreaterThanOrEqual(2);
  const first = socket.connects();

  await socket.down();
  const shown = await recordNotices(page);
  // Moved to another room while ada's tab has no socket: the relay has no tab of hers to tell.
  await putRole(root.token, { id: rule.id, room_id: TALK_STAGE, user_id: 1 });
  socket.up();
  await expect.poll(() => socket.connects(), { timeout: 15_000 }).toBeGreaterThan(first);

  // The room's read again answers 401 and the relay's answer no longer lists it: the restricted room's card, one
  // notice (whichever came first: the restricted room's or the access change's), then the lobby.
  await expect(page.getByRole('button', { name: 'Go to the lobby now' })).toBeVisible();
  await expect.poll(() => socket.accessAnswers(), { timeout: 10_000 }).toBe(1);
  await expect(page).toHaveURL(/\/lobby$/, { timeout: 10_000 });
  await expect(page.getByRole('heading', { name: 'Lobby', level: 1 })).toBeVisible();
  const refused = (await shown()).filter(
    (text) =>
      text.includes('You do not have access to this room.') ||
      text.includes('You are not allowed to access this room.'),
  );
  expect(refused).toHaveLength(1);
});

test('root grants ada the VIP Lounge while her socket is down: after the reconnect, the new rooms notice and the lounge open in the lobby', async ({
  page,
}) => {
  const socket = await switchableSocket(page);
  await signIn(page, { email: 'ada@demo.test' });
  await closeWelcomePopup(page);
  const root = await apiSignIn('root@demo.test');
  const lobby = page.frameLocator('iframe');
  await expect(lobby.getByRole('group', { name: 'VIP Lounge – locked' })).toBeVisible();
  await expect.poll(() => socket.connects()).toBeGreaterThanOrEqual(1);
  const first = socket.connects();

  await socket.down();
  // Granted while ada's tab has no socket: the relay has no tab of hers to tell.
  const rule = await putRole(root.token, { room_id: VIP_LOUNGE, user_id: 1 });
  try {
    socket.up();
    await expect.poll(() => socket.connects(), { timeout: 15_000 }).toBeGreaterThan(first);
    await expect(notice(page, 'New rooms')).toContainText('You can now enter: VIP Lounge');
    await expect(lobby.getByRole('button', { name: /^Enter VIP Lounge/ })).toBeVisible();
    await expect(lobby.getByRole('group', { name: 'VIP Lounge – locked' })).toHaveCount(0);
  } finally {
    // As the other access specs leave it: the rule on the open Talk Stage, the VIP Lounge closed to ada again.
    await putRole(root.token, { id: rule.id, room_id: TALK_STAGE, user_id: 1 });
  }
});
