import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { parseWebEnv } from './src/config/env-schema.ts';

export default defineProject({
  plugins: [react()],
  // Tests run on the defaults, as a build with no VITE_* variables set.
  define: { __SHOWFLOOR_WEB_ENV__: JSON.stringify(parseWebEnv({})) },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    testTimeout: 15_000,
  },
});
