import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'qti',
    root: import.meta.dirname,
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Converting a QTI 2.x package first loads Saxon-JS, a few seconds on a busy machine.
    testTimeout: 30_000,
  },
});
