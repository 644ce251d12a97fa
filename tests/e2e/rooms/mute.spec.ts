// Muting in the multiplayer hall (spec 02 §2.7, §6): erin (event-admin) opens the Participants page over the
// Expo Hall and mutes grace; the relay records her microphone muted and passes the mute to the room: grace's tab
// posts it to her room (the demo hall says who muted her and turns her microphone off), and erin's list shows
// grace muted live. Grace turns her microphone off before erin comes: erin, a late joiner, still sees her
// true state (the relay tells a tab entering a room the states reported there). Two browser contexts, one account
// each.
import { expect, openMenuPage, test } from '../fixtures/stack.ts';
import { ERIN, GRACE, inTheHall, type InTheHall } from '../fixtures/demo-rooms.ts';

test('erin mutes grace in the Expo Hall and grace’s room receives it', async ({ browser }) => {
  // Two browsers, each signing in and loading the app and the hall.
  test.setTimeout(120_000);
  const grace = await inTheHall(browser, 'grace@demo.test', GRACE);
  let erin: InTheHall | undefined;
  try {
    const graceRoom = grace.page.frameLocator('iframe');
    await expect(graceRoom.getByText('Welcome, Grace!')).toBeVisible();
    const microphone = graceRoom.getByRole('button', { name: /^Turn microphone/ });
    await expect(microphone).toHaveAttribute('aria-pressed', 'true');
    // Grace turns her microphone off before erin comes.
    await microphone.click();
    await expect(microphone).toHaveAttribute('aria-pressed', 'false');

    erin = await inTheHall(browser, 'erin@demo.test', ERIN);
    await openMenuPage(erin.page, /Open the menu/, 'Participants');
    const people = erin.page.getByRole('list', { name: 'People in this room' });
    const graceRow = people.getByRole('listitem').filter({ hasText: 'Grace Hopper' });
    // Erin came later and still sees it; grace turning it on again shows live.
    await expect(graceRow).toContainText('Muted');
    await microphone.click();
    await expect(microphone).toHaveAttribute('aria-pressed', 'true');
    await expect(graceRow).toContainText('Microphone on');
    // Erin sees no mute button for herself.
    await expect(people.getByRole('button', { name: 'Mute Erin Meyer' })).toHaveCount(0);
    await graceRow.getByRole('button', { name: 'Mute Grace Hopper' }).click();

    // Grace's room heard it: it names who muted her and her microphone is off.
    await expect(graceRoom.getByRole('status')).toHaveText('Erin Meyer muted your microphone.');
    await expect(microphone).toHaveAttribute('aria-pressed', 'false');
    // Erin's list shows her muted without a reload (the mute the relay recorded), and offers no second mute.
    await expect(graceRow).toContainText('Muted');
    await expect(graceRow.getByRole('button', { name: 'Mute Grace Hopper' })).toHaveCount(0);
  } finally {
    await erin?.context.close();
    await grace.context.close();
  }
});
