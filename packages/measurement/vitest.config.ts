import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'measurement',
    root: import.meta.dirname,
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
