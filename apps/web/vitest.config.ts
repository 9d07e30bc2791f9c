import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `root` keeps `include` relative to apps/web when run from the repository root with --config.
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    root: fileURLToPath(new URL('.', import.meta.url)),
    // Logic tests run in node; component tests (*.test.tsx) ask for jsdom in their first line.
    environment: 'node',
    // scripts/: the build's own checks (the size check's measure, bundle-budget.mjs).
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
  },
});
