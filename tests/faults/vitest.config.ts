import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'faults',
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
