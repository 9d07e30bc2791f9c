// Builds the browser scripts an activity loads from the platform, into dist/ and dist/<version>/:
// prova-activity.js (defines the global ProvaActivity; no schema library, a few KB gzipped),
// prova-mock-host.js (the mock page's script), and kit/ (the activity kit: the brand's styles and
// components, copied from kit/ as they are). The server serves dist/ at /sdk/: the versioned copy
// is immutable, the unversioned one follows the latest release.
import { build as esbuild } from 'esbuild';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('.', import.meta.url));
export const SDK_VERSION = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8')).version;

export async function build() {
  rmSync(`${root}dist`, { recursive: true, force: true });
  const common = {
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    sourcemap: true,
    absWorkingDir: root,
    logLevel: 'warning',
  };
  await Promise.all([
    esbuild({ ...common, entryPoints: ['src/browser.ts'], outfile: 'dist/prova-activity.js' }),
    esbuild({ ...common, entryPoints: ['src/mock-browser.ts'], outfile: 'dist/prova-mock-host.js' }),
  ]);
  if (existsSync(`${root}kit`)) cpSync(`${root}kit`, `${root}dist/kit`, { recursive: true });
  const files = ['prova-activity.js', 'prova-activity.js.map', 'prova-mock-host.js', 'prova-mock-host.js.map', 'kit'];
  for (const file of files.filter((f) => existsSync(`${root}dist/${f}`))) {
    cpSync(`${root}dist/${file}`, `${root}dist/${SDK_VERSION}/${file}`, { recursive: true });
  }
  precompress(`${root}dist`);
  return { gzipBytes: gzipSync(readFileSync(`${root}dist/prova-activity.js`)).length };
}

/**
 * Each script and style sheet also as .br and .gz, which the server sends to browsers that accept them
 * (preCompressed in apps/server/src/plugins/sdk-files.ts); a copy no smaller than the file is not written.
 */
function precompress(dir) {
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(js|css)$/.test(entry.name)) continue;
    const path = `${entry.parentPath}/${entry.name}`;
    const content = readFileSync(path);
    const brotli = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } });
    const gzip = gzipSync(content, { level: constants.Z_BEST_COMPRESSION });
    if (brotli.length < content.length) writeFileSync(`${path}.br`, brotli);
    if (gzip.length < content.length) writeFileSync(`${path}.gz`, gzip);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { gzipBytes } = await build();
  console.log(`built dist/ and dist/${SDK_VERSION}/: prova-activity.js is ${(gzipBytes / 1024).toFixed(1)} KB gzipped`);
}
