// A visitor's session ended from outside the tab (spec 01 §4 "Realtime session events", §8 "Logged in elsewhere",
// "Session problem", "Socket connect_error"): what the open tab says and where the visitor lands. How the relay
// tells a tab (apps/gateway/src/relay/README.md, "Ended sessions"): a session replaced by a newer sign-in hears
// `logout` ("Did you switch devices? ..."); every other end (a manager's DELETE session, a deactivation) closes the
// socket, whose reconnect is refused ("Please log in again. ..."); the user's own sign-out in another tab reaches
// this one as an 'offline' status for the user, which signs it out like the menu's Log out (no dialog).
// A signed-in call refused with 401.1 may learn of an end before the socket does (the lobby's first reads are often
// still under way when these tests end the session): it reloads the tab, which shows the same session-problem
// dialog (apps/web README, "A session ended elsewhere"). The deactivation and DELETE session tests assert what
// the visitor sees whichever comes first; the last test holds the socket down so that only the call can.
// switch-devices.spec.ts covers the replacement by a second browser's sign-in through the gateway.
import type { Page } from '@playwright/test';
import { PROVIDER_URL } from '../fixtures/env.ts';
import {
  apiSignIn,
  callTrpc,
  expect,
  lobbyReadsDone,
  providerSignIn,
  signIn,
  socketConnected,
  storage,
  switchLanguage,
  test,
} from '../fixtures/stack.ts';
import { switchableSocket } from '../fixtures/switchable-socket.ts';

const ADA = { email: 'ada@demo.test', id: 1 } as const;
const ADMIN_EMAIL = 'root@demo.test';

/** The logged-out dialog's texts (spec 01 §8; Deutsch: the session feature's catalogue). */
const LOGGED_OUT = {
  en: {
    title: 'Logged out',
    switchedDevices: 'Did you switch devices? We noticed you logged in somewhere else.',
    sessionProblem: 'Please log in again. If the error persists, please reach out to the helpdesk...',
    confirm: 'Back to login',
  },
  de: {
    title: 'Abgemeldet',
    switchedDevices:
      'Haben Sie das Gerät gewechselt? Wir haben bemerkt, dass Sie sich woanders angemeldet haben.',
    sessionProblem:
      'Bitte melden Sie sich erneut an. Wenn der Fehler bestehen bleibt, wenden Sie sich bitte an den Helpdesk...',
    confirm: 'Zurück zur Anmeldung',
  },
} as const;

type Texts = (typeof LOGGED_OUT)['en' | 'de'];

/** Signs ada in and resolves once the tab's socket is accepted (an end before that would reach no socket). */
async function signInConnected(page: Page): Promise<void> {
  const connected = socketConnected(page);
  await signIn(page, { email: ADA.email });
  await connected;
}

/**
 * The tab shows the logged-out dialog with exactly `text` (its stored user already gone, the login page behind
 * it); its confirm loads /auth/login?event=DEMO.
 */
async function expectLoggedOut(page: Page, texts: Texts, text: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: texts.title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(text, { exact: true })).toBeVisible();
  // The other reason's text is not shown beside it.
  const other = text === texts.sessionProblem ? texts.switchedDevices : texts.sessionProblem;
  await expect(dialog.getByText(other)).toHaveCount(0);
  expect((await storage(page)).currentUser).toBeUndefined();
  // It stays until confirmed: Escape does not close it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();

  const loaded = page.waitForEvent('load');
  await dialog.getByRole('button', { name: texts.confirm }).click();
  await loaded;
  await expect(page).toHaveURL(/\/auth\/login\?event=DEMO$/);
  await expect(page.getByRole('dialog', { name: texts.title })).toHaveCount(0);
  expect((await storage(page)).eventCode).toBe('DEMO');
}

/** Fetches the mock provider itself (not through the gateway, which then learns of the change by its session check). */
async function atProvider(path: string, init: RequestInit & { token: string }): Promise<void> {
  const { token, ...rest } = init;
  const answer = await fetch(`${PROVIDER_URL}/api/v1${path}`, {
    ...rest,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });
  if (!answer.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${answer.status} ${await answer.text()}`);
}

test('an admin deactivating the account: the session-problem text, then the login page', async ({ page }) => {
  await signInConnected(page);
  const admin = await apiSignIn(ADMIN_EMAIL);
  const answer = await callTrpc(
    'user.deactivateUser',
    { user_id: ADA.id },
    { token: admin.token, kind: 'mutation' },
  );
  expect(answer.status).toBe(200);

  await expectLoggedOut(page, LOGGED_OUT.en, LOGGED_OUT.en.sessionProblem);
});

test("a manager ending the user's sessions at the provider: the session-problem text, then the login page", async ({
  page,
}) => {
  await signInConnected(page);
  // At the provider directly: no gateway node saw it; the relay's session check finds it over.
  const admin = await providerSignIn(ADMIN_EMAIL);
  await atProvider(`/auth/session?user_id=${ADA.id}`, { method: 'DELETE', token: admin });

  await expectLoggedOut(page, LOGGED_OUT.en, LOGGED_OUT.en.sessionProblem);
});

test("an admin ending the event's sessions through the gateway: the session-problem text, then the login page", async ({
  page,
}) => {
  await signInConnected(page);
  const admin = await apiSignIn(ADMIN_EMAIL);
  const answer = await callTrpc(
    'auth.deleteSession',
    { event_code: 'DEMO' },
    { token: admin.token, kind: 'mutation' },
  );
  expect(answer.status).toBe(200);

  await expectLoggedOut(page, LOGGED_OUT.en, LOGGED_OUT.en.sessionProblem);
});

test("an SSO sign-in of the same user in another browser, in Deutsch: the 'switched devices' text, then the login page", async ({
  page,
  browser,
}) => {
  await signIn(page, { email: ADA.email });
  const connected = socketConnected(page);
  await switchLanguage(page, 'de');
  await connected;
  // A read still under way when the session is replaced would learn of it first (401.1: the session-problem text).
  await lobbyReadsDone(page);

  const other = await browser.newContext();
  try {
    const elsewhere = await other.newPage();
    await elsewhere.goto('/auth/login?event=DEMO');
    await elsewhere.getByRole('checkbox', { name: /privacy policy/i }).check();
    await elsewhere.getByRole('checkbox', { name: /local storage/i }).check();
    await elsewhere.getByRole('button', { name: 'Sign in with Demo SSO' }).click();
    await elsewhere.getByLabel('E-mail').fill(ADA.email);
    await elsewhere.getByRole('button', { name: 'Continue' }).click();
    await expect(elsewhere).toHaveURL(/\/lobby$/);

    await expectLoggedOut(page, LOGGED_OUT.de, LOGGED_OUT.de.switchedDevices);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');

    // The newer session is the one kept.
    await elsewhere.reload();
    await expect(elsewhere).toHaveURL(/\/lobby$/);
  } finally {
    await other.close();
  }
});

test('logging out in another tab of the browser takes this tab to the login page without a dialog', async ({
  page,
}) => {
  await signInConnected(page);
  const otherTab = await page.context().newPage();
  const otherConnected = socketConnected(otherTab);
  await otherTab.goto('/lobby');
  await expect(otherTab.getByRole('heading', { name: 'Lobby', level: 1 })).toBeVisible();
  await otherConnected;

  // This tab hears the user's 'offline' and signs out as the menu's Log out does: a new load of the login page.
  const loaded = page.waitForEvent('load');
  await otherTab.getByRole('button', { name: /Open the menu/ }).click();
  await otherTab.getByRole('button', { name: 'Log out' }).click();
  await otherTab.getByRole('dialog', { name: 'Log out' }).getByRole('button', { name: 'No' }).click();
  await expect(otherTab).toHaveURL(/\/auth\/login\?event=DEMO$/);

  await loaded;
  await expect(page).toHaveURL(/\/auth\/login\?event=DEMO$/);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: LOGGED_OUT.en.title })).toHaveCount(0);
  expect((await storage(page)).currentUser).toBeUndefined();
});

test("a deactivation while the tab's socket is down: the next call's 401.1 reloads the tab to the login page, which says why", async ({
  page,
}) => {
  const socket = await switchableSocket(page);
  await signIn(page, { email: ADA.email });
  await expect.poll(() => socket.connects()).toBeGreaterThanOrEqual(1);
  // A read still under way when the account is deactivated would learn of the end before the test's click.
  await lobbyReadsDone(page);
  // Only a call can learn of the end now.
  await socket.down();
  const admin = await apiSignIn(ADMIN_EMAIL);
  const answer = await callTrpc(
    'user.deactivateUser',
    { user_id: ADA.id },
    { token: admin.token, kind: 'mutation' },
  );
  expect(answer.status).toBe(200);

  // The token wallet's read (not made before) answers 401.1: signed out, the stored user cleared, a reload.
  const loaded = page.waitForEvent('load');
  await page.getByRole('button', { name: /Open the menu/ }).click();
  await page.getByRole('link', { name: 'Token wallet', exact: true }).click();
  await loaded;

  await expectLoggedOut(page, LOGGED_OUT.en, LOGGED_OUT.en.sessionProblem);
});
