// The build counts the JavaScript of the login route (apps/web/vite-plugin-login-size.ts) against its 200 KB
// goal. This checks the count is honest: a browser opening the login page fresh loads exactly the files the
// build counted, no fewer and no more (a lazy chunk pulled in at start-up, or the schema library, would show).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../fixtures/stack.ts';

interface LoginRouteManifest {
  files: string[];
  gzipBytes: number;
  goalBytes: number;
  packages: string[];
}

const manifestPath = fileURLToPath(new URL('../../../apps/web/dist/.vite/login-route.json', import.meta.url));

test('a fresh visit to the login page loads exactly the JavaScript the build counted', async ({ page }) => {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as LoginRouteManifest;
  const loaded = new Set<string>();
  page.on('requestfinished', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.endsWith('.js')) loaded.add(path.replace(/^\//, ''));
  });

  await page.goto('/auth/login?event=DEMO');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  // Late loads (an effect's dynamic import) would land within the network-idle window.
  await page.waitForLoadState('networkidle');

  expect([...loaded].sort()).toEqual(manifest.files);
  expect(manifest.packages).not.toContain('zod');
  expect(manifest.packages).not.toContain('socket.io-client');
});

test('the build manifest is not served', async ({ request }) => {
  const answer = await request.get('/.vite/login-route.json');
  expect(answer.status()).toBe(404);
  expect(await answer.text()).not.toContain('"gzipBytes"');
});
