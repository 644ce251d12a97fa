// The agenda (spec 01 §7, issue 15) against the real stack: the demo event's nine sessions by day, room and
// presenter, each linking to its room, days and times in the visitor's own time zone; the menu offers the agenda
// only when the event has one; axe en + de. The demo's sessions sit at whole UTC hours of tomorrow and the day
// after (mock-provider fixtures/demo.ts), so a visitor in Tokyo (UTC+9) sees them on three days, one in Berlin
// (UTC+1 in winter, the suite's default) on two.
import type { Locator, Page } from '@playwright/test';
import {
  apiSignIn,
  callTrpc,
  expect,
  expectAccessible,
  fillLogin,
  openMenuPage,
  signIn,
  test,
} from '../fixtures/stack.ts';
import { forEachLanguage } from '../fixtures/languages.ts';

interface Session {
  id: number;
  title: string;
  room_id: number;
  start_timestamp: number;
  end_timestamp: number;
}

/** The demo event's sessions as the gateway answers them. */
async function demoSessions(): Promise<Session[]> {
  const ada = await apiSignIn('ada@demo.test');
  const answer = await callTrpc<{ agenda: Session[] }>(
    'agenda.getAgenda',
    { type: 'event', event_code: 'DEMO' },
    { token: ada.token },
  );
  if (!answer.data) throw new Error(`agenda: ${answer.status} ${answer.message}`);
  return answer.data.agenda;
}

/** The day heading the page shows for an instant in a time zone, e.g. 'Friday, November 27, 2026'. */
function dayHeading(timestamp: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(timestamp);
}

/** A session's card (a list item) by its title. */
const sessionCard = (scope: Locator, title: string) =>
  scope
    .getByRole('listitem')
    .filter({ has: scope.page().getByRole('heading', { name: title, exact: true }) });

/** Its shown time, spaces of any kind (Intl puts narrow and thin ones around the dash) made plain. */
async function shownTime(card: Locator): Promise<string> {
  return ((await card.locator('time').textContent()) ?? '').replace(/\s+/g, ' ');
}

const titlesIn = (section: Locator) => section.getByRole('heading', { level: 4 }).allTextContents();

/**
 * Signs ada in and opens the agenda, which names `timeZone` as the visitor's; answers the drawer, its day regions
 * and the demo's first and last sessions (as the gateway answers them).
 */
async function openAgenda(page: Page, timeZone: string) {
  const sessions = await demoSessions();
  const keynote = sessions.find((s) => s.title === 'Opening keynote');
  const closing = sessions.find((s) => s.title === 'Closing remarks');
  if (!keynote || !closing) throw new Error('the demo agenda lost its keynote or closing remarks');
  await signIn(page, { email: 'ada@demo.test' });
  await openMenuPage(page, /Open the menu/, 'Agenda');
  const drawer = page.getByRole('dialog', { name: 'Agenda' });
  await expect(drawer.getByText(`Times are shown in your time zone (${timeZone}).`)).toBeVisible();
  return { drawer, days: drawer.getByRole('region'), keynote, closing };
}

/**
 * Switches the agenda to a grouping (`By room`, `By presenter`) and checks its groups' headings in order and, for
 * the groups named in `sessions`, their sessions' titles in order.
 */
async function expectGrouping(
  drawer: Locator,
  grouping: string,
  groups: readonly string[],
  sessions: Readonly<Record<string, readonly string[]>>,
): Promise<void> {
  await drawer.getByText(grouping, { exact: true }).click();
  await expect(drawer.getByRole('region')).toHaveCount(groups.length);
  expect(await drawer.getByRole('heading', { level: 3 }).allTextContents()).toEqual(groups);
  for (const [group, titles] of Object.entries(sessions))
    expect(await titlesIn(drawer.getByRole('region', { name: group })), group).toEqual(titles);
}

test.describe('in Tokyo', () => {
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('the sessions show on the days and at the times of the visitor, not of the server', async ({
    page,
  }) => {
    const { days, keynote, closing } = await openAgenda(page, 'Asia/Tokyo');
    // 09:00 UTC is 18:00 in Tokyo; 16:00 UTC on the second day is 01:00 of a third day there.
    await expect(days).toHaveCount(3);
    await expect(days.nth(0)).toHaveAccessibleName(dayHeading(keynote.start_timestamp, 'Asia/Tokyo'));
    await expect(days.nth(2)).toHaveAccessibleName(dayHeading(closing.start_timestamp, 'Asia/Tokyo'));
    expect(await titlesIn(days.nth(2))).toEqual(['Closing remarks']);
    const keynoteCard = sessionCard(days.nth(0), 'Opening keynote');
    expect(await shownTime(keynoteCard)).toMatch(/^6:00 ?– ?7:00 PM$/);
    expect(await shownTime(sessionCard(days.nth(2), 'Closing remarks'))).toMatch(/^1:00 ?– ?1:30 AM$/);
    // The machine-readable time is the provider's instant.
    await expect(keynoteCard.locator('time')).toHaveAttribute(
      'datetime',
      new Date(keynote.start_timestamp).toISOString(),
    );
  });
});

test('ada reads the agenda by day, room and presenter and goes to a session’s room', async ({ page }) => {
  const { drawer, days, keynote, closing } = await openAgenda(page, 'Europe/Berlin');
  // By day (the default): two days in Berlin, each in time order.
  await expect(days).toHaveCount(2);
  await expect(days.nth(0)).toHaveAccessibleName(dayHeading(keynote.start_timestamp, 'Europe/Berlin'));
  await expect(days.nth(1)).toHaveAccessibleName(dayHeading(closing.start_timestamp, 'Europe/Berlin'));
  expect(await titlesIn(days.nth(0))).toEqual([
    'Opening keynote',
    'Booth tour',
    // Side by side at 14:00: the shorter one first.
    'Meet the makers',
    'Hiring panel',
    'Kernel live demo',
  ]);
  expect(await titlesIn(days.nth(1))).toEqual([
    'Day two welcome',
    'Hardware hacking workshop',
    'Career clinic',
    'Closing remarks',
  ]);
  const keynoteCard = sessionCard(days.nth(0), 'Opening keynote');
  expect(await shownTime(keynoteCard)).toMatch(/^10:00 ?– ?11:00 AM$/);
  await expect(keynoteCard).toContainText('Presenter: Linus Torvalds');
  await expect(sessionCard(days.nth(1), 'Closing remarks')).toContainText(
    'Presenters: Root Admin, Erin Meyer',
  );

  // By room: rooms by name, each with its sessions; a session names its day as well.
  await expectGrouping(drawer, 'By room', ['Expo Hall', 'Kernel Booth', 'Meeting Room', 'Talk Stage'], {
    'Talk Stage': ['Opening keynote', 'Hiring panel', 'Day two welcome', 'Closing remarks'],
  });
  const stage = drawer.getByRole('region', { name: 'Talk Stage' });
  expect(await shownTime(sessionCard(stage, 'Opening keynote'))).toMatch(/10:00 ?– ?11:00 AM$/);

  // By presenter: a session with two presenters under both.
  await expectGrouping(drawer, 'By presenter', ['Erin Meyer', 'Linus Torvalds', 'Root Admin'], {
    'Root Admin': ['Meet the makers', 'Day two welcome', 'Closing remarks'],
    'Erin Meyer': ['Hiring panel', 'Career clinic', 'Closing remarks'],
  });

  // Each session links to its room: the Kernel live demo takes ada into the Kernel Booth.
  await sessionCard(drawer.getByRole('region', { name: 'Linus Torvalds' }), 'Kernel live demo')
    .getByRole('link', { name: 'Kernel Booth: go to the room' })
    .click();
  await expect(page).toHaveURL(/\/room\/8$/);
  await expect(page.getByRole('heading', { name: 'Kernel Booth', level: 1 })).toBeAttached();
  await expect(page.frameLocator('iframe').getByRole('heading', { name: 'Kernel Booth' })).toBeVisible();
});

test('the menu offers no agenda for an event without sessions', async ({ page }) => {
  await page.goto('/auth/login?event=VIP');
  await fillLogin(page, { email: 'vera@demo.test' });
  const dialog = page.getByRole('dialog', { name: 'Access code' });
  await dialog.getByLabel('Access code').fill('VIP-2026');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/lobby$/);
  await page.getByRole('button', { name: /Open the menu/ }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: 'Help', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Agenda', exact: true })).toHaveCount(0);
});

// Sign-in, a reload into the language and three scans of a long page: over a minute on a busy machine.
forEachLanguage(
  'accessibility of the agenda (axe)',
  {
    email: 'ada@demo.test',
    slow: true,
    texts: {
      en: { agenda: 'Agenda', byRoom: 'By room', byPresenter: 'By presenter' },
      de: { agenda: 'Programm', byRoom: 'Nach Raum', byPresenter: 'Nach Vortragenden' },
    },
  },
  async ({ page, texts, menu }) => {
    await openMenuPage(page, menu, texts.agenda);
    const drawer = page.getByRole('dialog', { name: texts.agenda });
    await expect(drawer.getByRole('region')).toHaveCount(2);
    await expectAccessible(page);
    await drawer.getByText(texts.byRoom, { exact: true }).click();
    await expect(drawer.getByRole('region')).toHaveCount(4);
    await expectAccessible(page);
    await drawer.getByText(texts.byPresenter, { exact: true }).click();
    await expect(drawer.getByRole('region')).toHaveCount(3);
    await expectAccessible(page);
  },
);
