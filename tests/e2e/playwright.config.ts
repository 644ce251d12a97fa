import { defineConfig } from '@playwright/test';
import {
  BASE_URL,
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  PROVIDER_PORT,
  PROVIDER_URL,
  WEB_PORT,
} from './fixtures/env.ts';

const isCi = Boolean(process.env.CI);

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './global-setup.ts',
  forbidOnly: isCi,
  retries: 0,
  // One worker: the specs share one stack and its demo accounts (a second sign-in ends the first session).
  workers: 1,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-GB',
    timezoneId: 'Europe/Berlin',
    // No slide or fade on modals and drawers (the app honours the setting, lib/ui/theme.ts). Mantine renders an
    // opening modal at its start position for a frame or two before the transition moves it 30 px: Playwright can
    // find the button stable there and click where it no longer is. On a loaded machine that lost clicks on
    // freshly opened dialogs (Log out's 'No', the goodies store's refusal) in the clean-clone CI.
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // The real stack as a newcomer runs it: the built app, the gateway and the mock provider on one origin.
    command: 'node ../../scripts/start.mjs',
    url: `${BASE_URL}/healthz`,
    env: {
      PORT: String(WEB_PORT),
      PROVIDER_PORT: String(PROVIDER_PORT),
      LOG_LEVEL: 'warn',
      // The suite signs the same demo accounts in many times a minute; the limits themselves are tested in the
      // gateway's own tests.
      RATE_LIMIT_AUTH_PER_ACCOUNT: '1000',
      RATE_LIMIT_AUTH_PER_IP: '1000',
    },
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
  metadata: { providerUrl: PROVIDER_URL },
});
