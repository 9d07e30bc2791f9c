import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
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

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
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
  },
});
