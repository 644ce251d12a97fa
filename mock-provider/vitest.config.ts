import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'mock-provider',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // The files share no mutable module state (each builds its own provider); one module graph per worker saves seconds.
    isolate: false,
  },
});
