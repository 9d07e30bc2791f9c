import { defineConfig } from 'vitest/config';

// Each workspace keeps its own config; the root lists them as projects.
export default defineConfig({
  test: {
    projects: [
      'apps/server/vitest.config.ts',
      'packages/*/vitest.config.ts',
      'apps/web/vitest.config.ts',
      'apps/players/vitest.config.ts',
      'bench/vitest.config.ts',
    ],
  },
});
