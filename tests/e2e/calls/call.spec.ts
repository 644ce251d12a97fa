// A video call end to end (spec 02 §4.4) on the real stack: the chat's video button sends the start through the
// relay, the callee's incoming dialog answers it, both call windows embed the stand-in conference widget of the
// mock provider in the same room (the gateway's token admits each), and the caller's hang-up closes both. A callee
// with two tabs hears the call ring in both; answering in one stops the other.
import { expect, socketConnected, test } from '../fixtures/stack.ts';
import { PROVIDER_URL } from '../fixtures/env.ts';
import { callWindow, openChatWithGrace, ringGrace, visitor, widgetFrame } from './helpers.ts';

const ROOM = 'Showfloor-conv-1';

async function roomParticipants(): Promise<number[]> {
  const answer = await fetch(`${PROVIDER_URL}/call-widget/api/rooms/${ROOM}`);
  const { participants } = (await answer.json()) as { participants: Array<{ user_id: number }> };
  return participants.map((p) => p.user_id).sort((a, b) => a - b);
}

test('ada calls grace by video, grace answers, both are in the same room, and ada hangs up for both', async ({
  browser,
}) => {
  // Two browsers, each signing in and loading the app and the widget: more than the suite's one-page default.
  test.setTimeout(180_000);
  await ringGrace(browser, 'en', async ({ grace, ada, dialog }) => {
    // Grace's dialog rings; ada's window opened on her own start's return.
    await expect(ada.page.getByRole('dialog', { name: 'Video call with Grace Hopper' })).toBeVisible();
    await expect(dialog.getByText('Ada Lovelace')).toBeVisible();
    await dialog.getByRole('button', { name: 'Answer with video' }).click();
    await expect(dialog).toBeHidden();
    await expect(grace.page.getByRole('dialog', { name: 'Video call with Ada Lovelace' })).toBeVisible();

    // Both frames show the same conference room, with both of them in it, under the call's subject.
    for (const { page } of [ada, grace]) {
      await expect(callWindow(page).locator('iframe')).toHaveAttribute(
        'src',
        new RegExp(`/call-widget/${ROOM}\\?jwt=`),
      );
      const frame = widgetFrame(page);
      await expect(frame.getByText(`Room: ${ROOM}`)).toBeVisible();
      await expect(frame.getByRole('heading', { name: 'VSF Video Call' })).toBeVisible();
      await expect(frame.locator('li[data-participant]')).toHaveCount(2);
      await expect(frame.locator('li[data-participant="Ada Lovelace"]')).toBeVisible();
      await expect(frame.locator('li[data-participant="Grace Hopper"]')).toBeVisible();
    }
    await expect(ada.page.getByTestId('call-status')).toHaveText('In the call: Grace Hopper');
    await expect(grace.page.getByTestId('call-status')).toHaveText('In the call: Ada Lovelace');
    expect(await roomParticipants()).toHaveLength(2);

    // Ada hangs up: her window closes, her end message closes grace's, and the room empties.
    await callWindow(ada.page).getByRole('button', { name: 'Hang up' }).click();
    await expect(callWindow(ada.page)).toHaveCount(0);
    await expect(callWindow(grace.page)).toHaveCount(0);
    await expect.poll(roomParticipants).toEqual([]);
  });
});

test('grace in two tabs: the call rings in both, answering in one stops the other ringing', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const grace = await visitor(browser, 'grace@demo.test');
  // Her second tab: the same browser, the same session, a socket of its own.
  const second = await grace.context.newPage();
  await Promise.all([socketConnected(second), second.goto('/lobby')]);
  const ada = await visitor(browser, 'ada@demo.test');
  try {
    await openChatWithGrace(ada.page);
    await ada.page.getByRole('toolbar').getByRole('button', { name: 'Audio call', exact: true }).click();
    const ringing = grace.page.getByRole('dialog', { name: 'Incoming audio call' });
    const ringingToo = second.getByRole('dialog', { name: 'Incoming audio call' });
    await expect(ringing).toBeVisible();
    await expect(ringingToo).toBeVisible();

    await ringing.getByRole('button', { name: 'Answer with audio only' }).click();
    await expect(grace.page.getByRole('dialog', { name: 'Audio call with Ada Lovelace' })).toBeVisible();
    await expect(ringingToo).toBeHidden();
    await expect(callWindow(second)).toHaveCount(0);
    await expect(widgetFrame(grace.page).locator('li[data-participant]')).toHaveCount(2);

    // Ada hangs up: the tab in the call closes, the other stays quiet.
    await callWindow(ada.page).getByRole('button', { name: 'Hang up' }).click();
    await expect(callWindow(grace.page)).toHaveCount(0);
    await expect(ringingToo).toHaveCount(0);
    await expect(callWindow(second)).toHaveCount(0);
    await expect.poll(roomParticipants).toEqual([]);
  } finally {
    await ada.context.close();
    await grace.context.close();
  }
});
