// A room access change while a visitor's socket is down (apps/web README "After a reconnect"): the relay's
// `user_access_change` is never stored, so ada's tab does not hear it; on its reconnect the tab reads its queries
// again, the VIP Lounge's read answers 401, and she gets the restricted room's notice and, after 5 s, the lobby.
// The test cuts the tab's socket itself: every /messaging connection goes through a route it can close, and while
// the socket is "down" a new one is closed at once (and socket.io's polling refused).
import type { Page } from '@playwright/test';
import { apiSignIn, expect, signIn, test } from '../fixtures/stack.ts';
import { TALK_STAGE, VIP_LOUNGE, closeWelcomePopup, notice, putRole } from '../fixtures/demo-rooms.ts';

/**
 * The tab's socket through a switch: `connects` counts the relay's connect packets passed to the page; `down()`
 * closes both sides of every open connection (the relay forgets the tab) and closes each new one at once.
 */
async function switchableSocket(page: Page) {
  const state = { isDown: false, connects: 0, open: new Set<() => Promise<void>>() };
  await page.route(/\/messaging\/.*transport=polling/, (route) =>
    state.isDown ? route.abort() : route.continue(),
  );
  await page.routeWebSocket(/\/messaging\//, (ws) => {
    if (state.isDown) {
      void ws.close();
      return;
    }
    const server = ws.connectToServer();
    const close = async () => {
      state.open.delete(close);
      await Promise.all([ws.close(), server.close()]);
    };
    state.open.add(close);
    ws.onMessage((message) => server.send(message));
    server.onMessage((message) => {
      // socket.io's CONNECT packet for the default namespace: the handshake was accepted.
      if (typeof message === 'string' && message.startsWith('40')) state.connects += 1;
      ws.send(message);
    });
    ws.onClose(() => void close());
    server.onClose(() => void close());
  });
  return {
    connects: () => state.connects,
    async down() {
      state.isDown = true;
      await Promise.all([...state.open].map((close) => close()));
    },
    up() {
      state.isDown = false;
    },
  };
}

test('ada loses the VIP Lounge while her socket is down: after the reconnect, the restricted notice and the lobby', async ({
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
  // Moved to another room while ada's tab has no socket: the relay has no tab of hers to tell.
  await putRole(root.token, { id: rule.id, room_id: TALK_STAGE, user_id: 1 });
  socket.up();
  await expect.poll(() => socket.connects(), { timeout: 15_000 }).toBeGreaterThan(first);

  // The room's read again answers 401: the restricted room's notice and card, then the lobby.
  await expect(notice(page, 'Restricted room')).toContainText('You do not have access to this room.');
  await expect(page.getByRole('button', { name: 'Go to the lobby now' })).toBeVisible();
  await expect(page).toHaveURL(/\/lobby$/, { timeout: 10_000 });
  await expect(page.getByRole('heading', { name: 'Lobby', level: 1 })).toBeVisible();
});
