// The recruiting dashboard against the real stack (spec 02 §4.10): erin (event-admin, mode Recruiting) opens it,
// sets ada's recruiting status (the message shows, ada's tab hears user_recruiting_status) and the status
// survives a reload; one column with navigation under 960 px; ada can neither open the page nor call its
// procedures through the gateway; axe in en and de.
import type { Page } from '@playwright/test';
import {
  apiSignIn,
  callTrpc,
  expect,
  expectAccessible,
  signIn,
  socketConnected,
  test,
} from '../fixtures/stack.ts';
import { forEachLanguage } from '../fixtures/languages.ts';

async function openDashboard(page: Page, menu = /Open the menu/, label = 'Recruiting dashboard') {
  await page.getByRole('button', { name: menu }).click();
  await page.getByRole('link', { name: label, exact: true }).click();
  await expect(page.getByRole('dialog', { name: label })).toBeVisible();
}

test("erin sets ada's recruiting status, ada's tab hears it, and it survives a reload", async ({
  page,
  browser,
}) => {
  const adaPage = await (await browser.newContext()).newPage();
  const heard: string[] = [];
  adaPage.on('websocket', (ws) =>
    ws.on('framereceived', (frame) => {
      if (String(frame.payload).includes('user_recruiting_status')) heard.push(String(frame.payload));
    }),
  );
  const connected = socketConnected(adaPage);
  await signIn(adaPage, { email: 'ada@demo.test' });
  await connected;

  await signIn(page, { email: 'erin@demo.test' });
  await openDashboard(page);
  await page
    .getByRole('list', { name: 'Candidates' })
    .getByRole('button', { name: /^Ada Lovelace/ })
    .click();
  await expect(page.getByRole('dialog', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
  await expect(page.getByText('Last login')).toBeVisible();
  const status = page.getByRole('combobox', { name: 'Recruiting status' });
  await expect(status).toHaveValue('Contacted');
  await status.click();
  await page.getByRole('option', { name: 'Interview' }).click();
  const message = page.getByText('Recruiting status set to Interview.');
  await expect(message).toBeVisible();
  await expect(message).toBeHidden({ timeout: 6_000 });
  await expect.poll(() => heard.length).toBe(1);
  expect(heard[0]).toContain('"status_id":3');

  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Recruiting status' })).toHaveValue('Interview');
  // The badge list and the notification page for this candidate.
  await page
    .getByRole('navigation', { name: 'Dashboard pages' })
    .getByRole('button', { name: 'Badges' })
    .click();
  await expect(page.getByRole('list', { name: 'Badges' }).getByRole('listitem').first()).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Dashboard pages' })
    .getByRole('button', { name: 'Notification' })
    .click();
  await expect(page.getByText('To: Ada Lovelace')).toBeVisible();
});

test('under 960 px the dashboard is one column with navigation between its pages', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await signIn(page, { email: 'erin@demo.test' });
  await openDashboard(page);
  await page
    .getByRole('list', { name: 'Candidates' })
    .getByRole('button', { name: /^Grace Hopper/ })
    .click();
  await expect(page.getByRole('dialog', { name: 'Profile' })).toBeVisible();
  // One column: the list is gone while the candidate's page shows.
  await expect(page.getByRole('list', { name: 'Candidates' })).toHaveCount(0);
  await page
    .getByRole('navigation', { name: 'Dashboard pages' })
    .getByRole('button', { name: 'Chat' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Chat' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to Recruiting dashboard' }).click();
  await expect(page.getByRole('list', { name: 'Candidates' })).toBeVisible();
});

test('ada can neither open the dashboard nor call its procedures', async ({ page }) => {
  await signIn(page, { email: 'ada@demo.test' });
  await page.getByRole('button', { name: /Open the menu/ }).click();
  await expect(page.getByRole('link', { name: 'Chat', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Recruiting dashboard', exact: true })).toHaveCount(0);
  await page.goto('/RecruitingDashboard');
  await expect(page.getByText('This page is not available to you at this event.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Candidates' })).toHaveCount(0);

  const ada = await apiSignIn('ada@demo.test');
  const read = await callTrpc('user.getRecruitingUserData', { id: 2 }, { token: ada.token });
  const patch = await callTrpc(
    'user.setRecruitingStatus',
    { user_id: 2, status_id: 4, event_code: 'DEMO' },
    { token: ada.token, kind: 'mutation' },
  );
  const notes = await callTrpc(
    'user.updateRecruitingNotes',
    { id: 2, notes: 'mine' },
    { token: ada.token, kind: 'mutation' },
  );
  expect([read.status, patch.status, notes.status]).toEqual([403, 403, 403]);
  // Nothing changed: erin still reads grace's status as the fixture has it.
  const erin = await apiSignIn('erin@demo.test');
  const grace = await callTrpc<{ recruiting_status_id: number | null }>(
    'user.getRecruitingUserData',
    { id: 2 },
    { token: erin.token },
  );
  expect(grace.status).toBe(200);
  expect(grace.data?.recruiting_status_id).not.toBe(4);
});

forEachLanguage(
  'accessibility of the recruiting dashboard (axe)',
  {
    email: 'erin@demo.test',
    texts: {
      en: { label: 'Recruiting dashboard', candidates: 'Candidates', badges: 'Badges' },
      de: { label: 'Recruiting-Dashboard', candidates: 'Kandidaten', badges: 'Abzeichen' },
    },
  },
  async ({ page, texts, menu }) => {
    await openDashboard(page, menu, texts.label);
    await expect(page.getByRole('list', { name: texts.candidates })).toBeVisible();
    await expectAccessible(page);
    await page
      .getByRole('list', { name: texts.candidates })
      .getByRole('button', { name: /^Ada Lovelace/ })
      .click();
    await expect(page.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: texts.badges, exact: true }).click();
    await expect(page.getByRole('list', { name: texts.badges })).toBeVisible();
    await expectAccessible(page);
  },
);
