import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { reactOnPreact } from './vite.config.ts';

// `root` keeps `include` relative to apps/web when run from the repository root with --config.
export default defineConfig({
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // Their ES module builds: Node would load the CommonJS ones, which require React itself, past the alias.
      { find: /^@testing-library\/react$/, replacement: '@testing-library/react/dist/@testing-library/react.esm.js' },
      { find: /^react-router$/, replacement: fileURLToPath(import.meta.resolve('react-router').replace(/\.js$/, '.mjs')) },
      ...Object.entries(reactOnPreact).map(([find, replacement]) => ({ find, replacement })),
    ],
  },
  // As the build: JSX to Preact's runtime.
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  test: {
    name: 'web',
    root: fileURLToPath(new URL('.', import.meta.url)),
    // Logic tests run in node; component tests (*.test.tsx) ask for jsdom in their first line.
    environment: 'node',
    // scripts/: the build's own checks (the size check's measure, bundle-budget.mjs).
    setupFiles: ['src/testing/after-paint.ts'],
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    // Bundled by vite rather than loaded by Node, so that their `react` imports are Preact too (the alias above).
    server: { deps: { inline: [/@testing-library\/react/, /react-router/, /@tanstack\/react-query/, /react-i18next/, /react-hook-form/] } },
  },
});
