import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'test-support',
    root: import.meta.dirname,
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
