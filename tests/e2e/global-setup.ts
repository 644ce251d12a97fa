// Fails the run at once, with the fix, when Debian's Chromium is missing (no browser download works here).
import { accessSync, constants } from 'node:fs';
import { CHROMIUM_PATH } from './fixtures/env.ts';

export default function globalSetup(): void {
  try {
    accessSync(CHROMIUM_PATH, constants.X_OK);
  } catch {
    throw new Error(
      `${CHROMIUM_PATH} is missing. The end-to-end suite drives Debian's Chromium: install Debian's chromium: apt-get install -y chromium`,
    );
  }
}
