import { defineConfig } from 'vitest/config';

// One runner for the whole workspace: each package brings its own project config.
export default defineConfig({
  test: {
    projects: ['packages/*', 'mock-provider', 'apps/*', 'tests/load', 'tests/faults'],
  },
});
