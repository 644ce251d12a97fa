import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'load',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
  },
});
