// Builds the browser scripts: dist/prova-activity.js (served by the platform at /sdk/prova-activity.js,
// defines the global ProvaActivity) and dist/prova-mock-host.js (the mock page's script).
// esbuild is resolved from the repository's node_modules.
import { build as esbuild } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

export async function build() {
  const common = { bundle: true, format: 'iife', platform: 'browser', target: 'es2020', minify: true, sourcemap: true, absWorkingDir: root, logLevel: 'warning' };
  await Promise.all([
    esbuild({ ...common, entryPoints: ['src/browser.ts'], outfile: 'dist/prova-activity.js' }),
    esbuild({ ...common, entryPoints: ['src/mock-browser.ts'], outfile: 'dist/prova-mock-host.js' }),
  ]);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await build();
  console.log('built dist/prova-activity.js and dist/prova-mock-host.js');
}
