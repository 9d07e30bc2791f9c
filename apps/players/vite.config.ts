import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * One page per player, served by the server's activities listener at /players/<name>/ (its own origin,
 * like every activity). Relative asset paths: the pages do not know the prefix they are served under.
 */
export default defineConfig({
  root,
  base: './',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // qti-components' item.css holds a selector lightningcss refuses (`::part(drop-list)[dragging]`, which
    // browsers drop); esbuild minifies it and leaves that rule as it is.
    cssMinify: 'esbuild',
    rollupOptions: {
      input: { qti: resolve(root, 'qti/index.html'), scorm: resolve(root, 'scorm/index.html') },
    },
  },
});
