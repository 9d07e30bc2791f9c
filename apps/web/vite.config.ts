import { fileURLToPath } from 'node:url';
import { defineConfig, type BuildEnvironmentOptions } from 'vite';
import { compression } from 'vite-plugin-compression2';

/** The Fastify API (apps/server) serves /api, the activities and the activity SDK. */
const API_ORIGIN = process.env.PROVA_API_ORIGIN ?? 'http://localhost:3000';
const proxied = ['/api', '/activities', '/sdk'];

/**
 * Every text file of the build also as .br and .gz, written once here rather than on each request: the server
 * (static-files.ts, @fastify/static's preCompressed) sends the one the browser accepts. A variant no smaller than
 * the file is not written, and the server then sends the file itself.
 */
const precompress = compression({
  include: /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/,
  // The build's manifest is read by the size check, never sent (the server serves no dot folder).
  exclude: /(^|\/)\.vite\//,
  algorithms: ['brotliCompress', 'gzip'],
  logLevel: 'silent',
});

/**
 * The app is written against React's API but runs on Preact's compatibility layer (about 8 KB gzipped against
 * React DOM's 68): every page loads it first (docs/performance.md, "Front-end budgets"). `react/...` and
 * `react-dom/...` (client, server, test-utils) resolve to `preact/compat/...`, the libraries' imports included.
 * Exported for vitest.config.ts, so that the component tests run on what the build ships.
 */
export const reactOnPreact = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  // react-i18next's shim for React before 18, in CommonJS: it would require React itself.
  'use-sync-external-store/shim': 'preact/compat',
};

const moduleIn =
  (...patterns: RegExp[]) =>
  (id: string) =>
    patterns.some((pattern) => pattern.test(id.replaceAll('\\', '/')));

/**
 * What the signed-in pages share besides the sending queue (a chunk of its own, src/app/app-queue.ts): the contract's
 * schemas of tests, the signed-in header with its logout dialog (the room, the picker, the console), and what the
 * campaign's layout shows. No screen of a route is in it: each keeps a chunk of its own (the size check,
 * scripts/check-bundle-size.mjs, measures routes by their screens' chunks).
 */
const SIGNED_IN = [
  /packages\/contract\/src\/(tests|feedback360|report-texts)\.ts$/,
  /src\/lib\/(user-tests|gender|current-test|test-clock|italian-articles)\.ts$/,
  /src\/components\/layout\/(header|account-widget|save-indicator)\.tsx$/,
  /src\/components\/ui\/(avatar|html-text)\.tsx$/,
  /src\/features\/auth\/(hooks\/use-synced-logout\.ts|components\/logout-sync-dialog\.tsx)$/,
];

/** The test room and the campaign's dates, shared by the room (the home page), the tests, the picker and the 360. */
const ROOM = [
  /src\/features\/test-room\//,
  /src\/lib\/(dates|campaign-time)\.ts$/,
  /src\/components\/ui\/(campaign-finished|time-bar)\.tsx$/,
  /node_modules\/date-fns\//,
];

/**
 * The browser's chunks (not the prerendering's SSR build, whose entry's exports are used). What every page runs first
 * is one file rather than a dozen, and a route's helpers of a few hundred bytes go into the chunks that use them: on a
 * slow network each file costs a round trip, six at a time (docs/performance.md, "Lighthouse"). Likewise the room
 * arrives in a few files rather than fifteen (signed-in, room, and its screens').
 */
const browserChunks: BuildEnvironmentOptions['rolldownOptions'] = {
  output: {
    codeSplitting: {
      groups: [
        { name: 'shell', tags: ['$initial'], priority: 3 },
        // Shared by signed-out pages (new-password) and the console too: kept apart, or it would follow the room's
        // modules that import it into their chunk (a group takes its modules' dependencies along).
        { name: 'load-error', test: moduleIn(/src\/components\/ui\/load-error\.tsx$/), priority: 2 },
        { name: 'signed-in', test: moduleIn(...SIGNED_IN), priority: 1 },
        { name: 'room', test: moduleIn(...ROOM), priority: 1 },
      ],
    },
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [precompress],
  // JSX straight to Preact's runtime (compat hooks its own into Preact's options, so React's props still work).
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      ...reactOnPreact,
      // react-router 7 exports only its development build, which warns developers at run time; its production
      // build (the same code without them) ships in the same package, unexported.
      'react-router/dom': fileURLToPath(new URL('../../node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)),
      'react-router': fileURLToPath(new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url)),
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: API_ORIGIN, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: which chunk imports which, read by the size check (scripts/check-bundle-size.mjs).
    manifest: true,
    rolldownOptions: {
      ...(isSsrBuild ? {} : browserChunks),
      onwarn(warning, warn) {
        // React Router uses React 19's useOptimistic when there is one; Preact has none, and the router does without.
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')) return;
        warn(warning);
      },
    },
  },
}));
