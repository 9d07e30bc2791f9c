import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `root` keeps `include` relative to apps/web when run from the repository root with --config.
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
