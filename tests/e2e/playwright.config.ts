import { defineConfig } from '@playwright/test';
import { BASE_URL, CHROMIUM_ARGS, CHROMIUM_PATH, STACKS, WORKERS } from './fixtures/env.ts';

const isCi = Boolean(process.env.CI);

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './global-setup.ts',
  forbidOnly: isCi,
  retries: 0,
  // One stack per worker (fixtures/env.ts: the demo accounts and the provider's reset are a stack's own; a second
  // sign-in of an account ends its first session). A spec file runs whole in one worker, its tests in order.
  workers: WORKERS,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: BASE_URL,
    // A trace records every action's DOM and a screencast; in CI that was a fifth to a third of the suite's time
    // (two spec files, alternated: 231 and 119 s with traces, 136 and 99 s without), and a CI machine is thrown
    // away with its files (only the log is kept). Locally a failing test keeps its trace.
    trace: isCi ? 'off' : 'retain-on-failure',
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
  // The real stack as a newcomer runs it, once per worker: the built app, the gateway and the mock provider on one
  // origin. Playwright starts them one after the other, each waited for, so only the first builds the app.
  webServer: STACKS.map((stack) => ({
    command: 'node ../../scripts/start.mjs',
    url: `${stack.baseUrl}/healthz`,
    env: {
      PORT: String(stack.webPort),
      PROVIDER_PORT: String(stack.providerPort),
      LOG_LEVEL: 'warn',
      // The suite signs the same demo accounts in many times a minute; the limits themselves are tested in the
      // gateway's own tests.
      RATE_LIMIT_AUTH_PER_ACCOUNT: '1000',
      RATE_LIMIT_AUTH_PER_IP: '1000',
    },
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
  })),
  metadata: { providerUrls: STACKS.map((stack) => stack.providerUrl) },
});
