// Room access changing while a visitor is inside (spec 02 §4.12, spec 01 §4): root grants ada the VIP Lounge
// through the access call (a success toast names it), she goes in; root moves the rule elsewhere, and she hears
// 'Access Denied / You are not allowed to access this room.' and is back in the lobby within 6 s.
import { apiSignIn, expect, signIn, test } from '../fixtures/stack.ts';
import { TALK_STAGE, VIP_LOUNGE, closeWelcomePopup, notice, putRole } from '../fixtures/demo-rooms.ts';

test('root revokes the room ada is in: the access-denied toast, then the lobby within 6 s', async ({
  page,
}) => {
  await signIn(page, { email: 'ada@demo.test' });
  await closeWelcomePopup(page);
  const root = await apiSignIn('root@demo.test');

  const rule = await putRole(root.token, { room_id: VIP_LOUNGE, user_id: 1 });
  const gained = notice(page, 'New rooms');
  await expect(gained).toContainText('You can now enter: VIP Lounge');

  await page.goto(`/room/${VIP_LOUNGE}`);
  await expect(page.getByRole('heading', { name: 'VIP Lounge', level: 1 })).toBeAttached();
  await expect(page.frameLocator('iframe').getByText('Welcome, Ada!')).toBeVisible();

  // The same rule, now for another room: the VIP Lounge is no longer hers.
  await putRole(root.token, { id: rule.id, room_id: TALK_STAGE, user_id: 1 });
  const revokedAt = Date.now();
  const denied = notice(page, 'Access Denied');
  await expect(denied).toContainText('You are not allowed to access this room.');
  await expect(page).toHaveURL(/\/lobby$/, { timeout: 6_000 });
  expect(Date.now() - revokedAt).toBeLessThan(6_000);
  await expect(page.getByRole('heading', { name: 'Lobby', level: 1 })).toBeVisible();
  // The room's frame went at once, and the lobby's took its place.
  await expect(page.frameLocator('iframe').getByText('Welcome, Ada!')).toBeVisible();
});
