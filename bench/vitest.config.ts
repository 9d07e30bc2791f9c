import { defineConfig } from 'vitest/config';

// The bench's own tools that have tests (the disk probe); the scenarios themselves run with `npm run bench`.
export default defineConfig({
  test: {
    name: 'bench',
    root: import.meta.dirname,
    environment: 'node',
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**'],
  },
});
