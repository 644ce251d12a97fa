// Keyboard reachability of the screens issues 12–15 added, with Tab, Enter, Escape and the arrow keys only,
// in English and in Deutsch: the lobby's welcome popup, the side menu and the agenda, a booth and the popup its
// button opens (closed with Escape, the focus back on that button inside the room's frame), the instance picker,
// the announcements form (filled and sent), the recruiting dashboard (a candidate, the badge page), a chat
// conversation (a message sent with Enter) and the call window (it takes the focus, the arrows move it, Hang up
// closes it and the focus goes back to the call button). Every control used is reached by Tab (never clicked or
// focused by script) and shows a visible focus ring; a closed dialog hands the focus back to what opened it.
import { expect, signIn, switchLanguage, test } from '../fixtures/stack.ts';
import { ringGrace } from '../calls/helpers.ts';
import { expectFocusRing, isFocused, operate, tabTo } from '../fixtures/keyboard.ts';
import { forEachLanguage, type Language } from '../fixtures/languages.ts';

const TEXTS = {
  en: {
    information: 'Information',
    ok: 'OK',
    watchTour: 'Watch the product tour',
    tour: 'Product tour',
    agenda: 'Agenda',
    picker: 'Enter Meeting Room',
    tableB: /^Table B/,
    enter: 'Enter',
    atTableB: 'You are at Table B.',
  },
  de: {
    information: 'Information',
    ok: 'OK',
    watchTour: 'Produkttour ansehen',
    tour: 'Produkttour',
    agenda: 'Programm',
    picker: 'Meeting Room betreten',
    tableB: /^Table B/,
    enter: 'Betreten',
    atTableB: 'Sie sind an Table B.',
  },
};

forEachLanguage(
  'the show floor by keyboard',
  { email: 'ada@demo.test', texts: TEXTS, slow: true },
  async ({ page, texts, menu }) => {
    // The lobby's welcome popup, a non-modal card in a corner (it leaves the focus where it is); its button is
    // reached with Tab and pressed with Enter (Escape closes it too: content-popup.test.tsx).
    const welcome = page.getByRole('dialog', { name: texts.information });
    await expect(welcome).toBeVisible();
    await operate(page, welcome.getByRole('button', { name: texts.ok }));
    await expect(welcome).toBeHidden();

    // The side menu: toggle, page link, page; Escape closes the page and gives the focus back to the toggle.
    const toggle = page.getByRole('button', { name: menu });
    await operate(page, toggle);
    await operate(page, page.getByRole('link', { name: texts.agenda, exact: true }));
    const agenda = page.getByRole('dialog', { name: texts.agenda });
    await expect(agenda).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(agenda).toBeHidden();
    await expect.poll(() => isFocused(toggle)).toBe(true);

    // A booth: its button inside the room's frame opens the popup; Escape closes it, the focus goes back.
    await page.goto('/room/8');
    await expect(page.getByRole('heading', { name: 'Kernel Booth', level: 1 })).toBeAttached();
    const booth = page.frameLocator('iframe');
    const watch = booth.getByRole('button', { name: texts.watchTour });
    await operate(page, watch);
    const popup = page.getByRole('dialog', { name: texts.information });
    await expect(popup.getByRole('heading', { name: texts.tour })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
    await expect.poll(() => isFocused(watch)).toBe(true);
  },
);

forEachLanguage(
  'the organiser screens by keyboard',
  {
    email: 'erin@demo.test',
    slow: true,
    texts: {
      en: {
        announcements: 'Announcements',
        title: /^Title/,
        message: /^Message/,
        room: 'Audience room',
        allRooms: 'All Rooms',
        send: 'Send notification',
        sent: 'Notification sent',
        dashboard: 'Recruiting dashboard',
        candidates: 'Candidates',
        badges: 'Badges',
      },
      de: {
        announcements: 'Ankündigungen',
        title: /^Titel/,
        message: /^Nachricht/,
        room: 'Zielraum',
        allRooms: 'Alle Räume',
        send: 'Benachrichtigung senden',
        sent: 'Benachrichtigung gesendet',
        dashboard: 'Recruiting-Dashboard',
        candidates: 'Kandidaten',
        badges: 'Abzeichen',
      },
    },
  },
  async ({ page, texts, menu }) => {
    const toggle = page.getByRole('button', { name: menu });
    // Announcements: the form filled and sent with the keyboard only (the room chosen with the arrow keys).
    await operate(page, toggle);
    await operate(page, page.getByRole('link', { name: texts.announcements, exact: true }));
    const form = page.getByRole('dialog', { name: texts.announcements });
    await tabTo(page, form.getByRole('textbox', { name: texts.title }));
    await page.keyboard.type('Keynote moved');
    await tabTo(page, form.getByRole('textbox', { name: texts.message }));
    await page.keyboard.type('The keynote starts at 10:30.');
    await tabTo(page, form.getByRole('combobox', { name: texts.room }));
    // ArrowDown opens the list on its first option; the arrows move, Enter chooses.
    await page.keyboard.press('ArrowDown');
    const highlighted = page.getByRole('option').and(page.locator('[data-combobox-selected]'));
    await expect(highlighted).toHaveCount(1);
    for (let i = 0; i < 10 && (await highlighted.textContent()) !== texts.allRooms; i += 1)
      await page.keyboard.press('ArrowDown');
    await expect(highlighted).toHaveText(texts.allRooms);
    await page.keyboard.press('Enter');
    await expect(form.getByRole('combobox', { name: texts.room })).toHaveValue(texts.allRooms);
    await operate(page, form.getByRole('button', { name: texts.send }));
    await expect(page.getByRole('status').filter({ hasText: texts.sent })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();
    await expect.poll(() => isFocused(toggle)).toBe(true);

    // The recruiting dashboard: a candidate, then the dashboard's badge page.
    await page.keyboard.press('Enter');
    await operate(page, page.getByRole('link', { name: texts.dashboard, exact: true }));
    const dashboard = page.getByRole('dialog', { name: texts.dashboard });
    await operate(
      page,
      dashboard.getByRole('list', { name: texts.candidates }).getByRole('button', { name: /^Ada Lovelace/ }),
    );
    await expect(page.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
    await operate(page, page.getByRole('button', { name: texts.badges, exact: true }));
    await expect(page.getByRole('list', { name: texts.badges })).toBeVisible();
  },
);

for (const language of ['en', 'de'] as const satisfies Language[]) {
  test(`the instance picker by keyboard in ${language}`, async ({ page }) => {
    const texts = TEXTS[language];
    await signIn(page, { email: 'erin@demo.test' });
    await switchLanguage(page, language);
    await page.goto('/room/9');
    const picker = page.getByRole('dialog', { name: texts.picker });
    await expect(picker).toBeVisible();
    // The radio group is one Tab stop: the arrow keys choose, Enter on the button enters.
    await tabTo(page, picker.getByRole('radio', { checked: true }));
    await page.keyboard.press('ArrowDown');
    await expect(picker.getByRole('radio', { name: texts.tableB })).toBeChecked();
    await operate(page, picker.getByRole('button', { name: texts.enter, exact: true }));
    await expect(picker).toBeHidden();
    await expect(page.frameLocator('iframe').getByText(texts.atTableB)).toBeVisible();
  });
}

forEachLanguage(
  'chat and the call window by keyboard',
  {
    email: 'ada@demo.test',
    slow: true,
    texts: {
      en: {
        chat: 'Chat',
        message: 'Message',
        videoCall: 'Video call',
        window: 'Video call with Grace Hopper',
        move: 'Move the call window',
        hangUp: 'Hang up',
      },
      de: {
        chat: 'Chat',
        message: 'Nachricht',
        videoCall: 'Videoanruf',
        window: 'Videoanruf mit Grace Hopper',
        move: 'Anruffenster verschieben',
        hangUp: 'Auflegen',
      },
    },
  },
  async ({ page, texts, menu }) => {
    // Chat: the conversation opened and a message sent with Enter.
    await operate(page, page.getByRole('button', { name: menu }));
    await operate(page, page.getByRole('link', { name: texts.chat, exact: true }));
    await operate(page, page.getByRole('dialog').getByRole('button', { name: 'Grace Hopper' }));
    const box = page.getByRole('textbox', { name: texts.message });
    await tabTo(page, box);
    await expectFocusRing(box);
    await page.keyboard.type('Typed, not clicked');
    await page.keyboard.press('Enter');
    await expect(page.getByText('Typed, not clicked')).toBeVisible();

    // The call window: it takes the focus when it opens, the arrow keys move it, Hang up closes it and the focus
    // goes back to the button that started the call.
    const videoCall = page.getByRole('toolbar').getByRole('button', { name: texts.videoCall, exact: true });
    await operate(page, videoCall);
    const window = page.getByRole('dialog', { name: texts.window });
    await expect(window).toBeVisible();
    const move = window.getByRole('button', { name: texts.move });
    await expect.poll(() => isFocused(move)).toBe(true);
    const before = await window.boundingBox();
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await window.boundingBox())?.x).toBeGreaterThan(before?.x ?? Infinity);
    await operate(page, window.getByRole('button', { name: texts.hangUp }));
    await expect(window).toBeHidden();
    await expect.poll(() => isFocused(videoCall)).toBe(true);
  },
);

const CALL_TEXTS = {
  en: { answerVideo: 'Answer with video', answerAudio: 'Answer with audio only', decline: 'Decline' },
  de: { answerVideo: 'Mit Video annehmen', answerAudio: 'Nur mit Audio annehmen', decline: 'Ablehnen' },
} as const;

for (const language of ['en', 'de'] as const satisfies Language[]) {
  test(`the incoming-call dialog by keyboard in ${language}`, async ({ browser }) => {
    test.slow();
    const texts = CALL_TEXTS[language];
    await ringGrace(browser, language, async ({ grace, dialog }) => {
      // The focus lands in the dialog, on its first answer; Tab reaches the others, each with its focus ring.
      const answerVideo = dialog.getByRole('button', { name: texts.answerVideo });
      await expect.poll(() => isFocused(answerVideo)).toBe(true);
      for (const name of [texts.answerAudio, texts.decline, texts.answerVideo]) {
        const button = dialog.getByRole('button', { name });
        await tabTo(grace.page, button);
        await expectFocusRing(button);
      }
      // Escape declines: the dialog closes and no call window opens.
      await grace.page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(grace.page.getByTestId('call-window')).toHaveCount(0);
    });
  });
}
