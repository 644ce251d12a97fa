// Help against the real stack (spec 02 §2.3, §5, §8): ada sends a help-desk question and the provider stores it;
// the FAQ's answers and the user manual (framed from the file proxy, and downloadable); axe in en and de.
import { expect, expectAccessible, signIn, switchLanguage, test } from '../fixtures/stack.ts';
import { PROVIDER_URL } from '../fixtures/env.ts';

interface StoredQuestion {
  user_id: number;
  phoneNumber: string;
  email: string;
  message: string;
}

async function storedQuestions(): Promise<StoredQuestion[]> {
  const answer = await fetch(`${PROVIDER_URL}/__admin/help-requests`);
  return ((await answer.json()) as { help_requests: StoredQuestion[] }).help_requests;
}

test('ada sends a help-desk question and the provider stores it', async ({ page }) => {
  await signIn(page, { email: 'ada@demo.test' });
  await page.getByRole('button', { name: /Open the menu/ }).click();
  await page.getByRole('link', { name: 'Help', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Help' });
  await drawer.getByRole('button', { name: /^Help desk/ }).click();
  await expect(page.getByRole('dialog', { name: 'Help desk' })).toBeVisible();

  await page.getByRole('button', { name: 'Send question' }).click();
  await expect(page.getByText('*Please enter a valid phone number')).toBeVisible();
  await expect(
    page.getByText('*Please explain your problems or question to us in more detail.'),
  ).toBeVisible();
  await page.getByRole('textbox', { name: /^Phone number/ }).fill('+49 30 1234567');
  await page
    .getByRole('textbox', { name: /^Your question/ })
    .fill('I cannot hear the keynote on the Talk Stage.');
  await expect(page.getByRole('textbox', { name: /^Email/ })).toHaveValue('ada@demo.test');
  expect(await storedQuestions()).toEqual([]);
  await page.getByRole('button', { name: 'Send question' }).click();
  await expect(page.getByRole('status')).toContainText('Your question was sent to the help desk.');

  expect(await storedQuestions()).toEqual([
    expect.objectContaining({
      user_id: 1,
      phoneNumber: '+49 30 1234567',
      email: 'ada@demo.test',
      message: 'I cannot hear the keynote on the Talk Stage.',
    }),
  ]);
  // Back returns to the help menu.
  await page.getByRole('button', { name: 'Back to help', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Help pages' })).toBeVisible();
});

test('the user manual shows in the drawer from the file proxy and downloads', async ({ page }) => {
  // A frame the CSP refuses is reported on the console (the room frame's own style notices are not ours).
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/frame-src|frame-ancestors|Refused to frame/i.test(message.text())) refused.push(message.text());
  });
  await signIn(page, { email: 'ada@demo.test' });
  await page.goto('/help');
  await page.getByRole('button', { name: /^User manual/ }).click();
  const frame = page.getByTitle('User manual');
  await expect(frame).toBeVisible();
  // The PDF the app fetched through the file proxy, framed from its bytes; Chromium's viewer shows it.
  await expect(frame).toHaveAttribute('src', /^blob:/);
  await expect
    .poll(() => page.frames().some((f) => f.url().startsWith('blob:')), { timeout: 10_000 })
    .toBe(true);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the user manual (PDF)' }).click();
  expect((await download).suggestedFilename()).toBe('user-manual.pdf');
  expect(refused).toEqual([]);
});

test.describe('accessibility of the help pages (axe)', () => {
  for (const language of ['en', 'de'] as const) {
    test(`in ${language}`, async ({ page }) => {
      const texts =
        language === 'en'
          ? { menu: /Open the menu/, help: 'Help', faq: /^FAQ/, desk: /^Help desk/, send: 'Send question' }
          : { menu: /Menü öffnen/, help: 'Hilfe', faq: /^FAQ/, desk: /^Helpdesk/, send: 'Frage senden' };
      await signIn(page, { email: 'ada@demo.test' });
      await switchLanguage(page, language);
      await page.getByRole('button', { name: texts.menu }).click();
      await page.getByRole('link', { name: texts.help, exact: true }).click();
      await expect(page.getByRole('dialog', { name: texts.help })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('button', { name: texts.faq }).click();
      await page.locator('.mantine-Accordion-control').first().click();
      await expectAccessible(page);
      await page.goBack();
      await page.getByRole('button', { name: texts.desk }).click();
      await page.getByRole('button', { name: texts.send }).click();
      await expect(page.getByRole('textbox').first()).toHaveAttribute('aria-invalid', 'true');
      await expectAccessible(page);
    });
  }
});
