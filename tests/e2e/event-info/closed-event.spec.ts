import { expect, test } from '../fixtures/stack.ts';

test('/info?event=CLOSED shows the closed texts and each opening window', async ({ page }) => {
  await page.goto('/info?event=CLOSED');
  await expect(page.getByRole('heading', { name: 'Information' })).toBeVisible();
  await expect(
    page.getByText('The event is currently closed. We look forward to seeing you soon.'),
  ).toBeVisible();
  const windows = page.getByRole('list', { name: 'Opening hours' }).getByRole('listitem');
  await expect(windows.first()).toBeVisible();
  expect(await windows.count()).toBeGreaterThan(0);
  // weekday, day month year, hh:mm and the zone abbreviation of the browser (Europe/Berlin: CET or CEST)
  const pattern =
    /^Event will be open from \w+day,? \d{1,2} \w+ \d{4}(,| at) \d{2}:\d{2} (CET|CEST) to \w+day,? \d{1,2} \w+ \d{4}(,| at) \d{2}:\d{2} (CET|CEST)$/;
  for (const text of await windows.allTextContents()) expect(text).toMatch(pattern);
});

test('the login page of a closed event sends the visitor to the information page', async ({ page }) => {
  await page.goto('/auth/login?event=CLOSED');
  await expect(page).toHaveURL(/\/info\?event=CLOSED$/);
  await expect(page.getByRole('heading', { name: 'Information' })).toBeVisible();
});

test('the information page of an open event leads to its login page', async ({ page }) => {
  await page.goto('/info?event=DEMO');
  await expect(page).toHaveURL(/\/auth\/login\?event=DEMO$/);
});
