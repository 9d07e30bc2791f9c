import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'qti',
    root: import.meta.dirname,
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
