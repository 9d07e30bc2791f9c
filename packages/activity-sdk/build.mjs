// Builds the browser scripts an activity loads from the platform, into dist/ and dist/<version>/:
// prova-activity.js (defines the global ProvaActivity; no schema library, a few KB gzipped),
// prova-mock-host.js (the mock page's script, in dist/ only), and kit/ (the activity kit: the brand's styles
// and components, copied from kit/ as they are). The server serves dist/ at /sdk/: the unversioned files
// are the sources' build, and each dist/<version>/ is that version's frozen copy in released/<version>/,
// byte for byte, so what an activity pinned to a version loads never changes (CHANGELOG.md).
// `node build.mjs --release` freezes the current version (package.json) into released/.
import { build as esbuild } from 'esbuild';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('.', import.meta.url));
export const SDK_VERSION = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8')).version;
/** The published versions' files, one folder each, never edited (released.test.ts checks their checksums). */
export const RELEASED = `${root}released`;

/** What a version's folder holds, built from the sources as they are: path in the folder -> bytes. */
export async function versionFiles() {
  const result = await esbuild({ ...common, entryPoints: ['src/browser.ts'], outfile: 'dist/prova-activity.js', write: false });
  const files = new Map(result.outputFiles.map((file) => [file.path.slice(file.path.lastIndexOf('/') + 1), Buffer.from(file.contents)]));
  for (const entry of readdirSync(`${root}kit`, { withFileTypes: true })) {
    if (entry.isFile()) files.set(`kit/${entry.name}`, readFileSync(`${root}kit/${entry.name}`));
  }
  return files;
}

/** A released version's files: path in its folder -> bytes. */
export function releasedFiles(version) {
  const dir = `${RELEASED}/${version}`;
  return new Map(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const path = `${entry.parentPath}/${entry.name}`;
        return [path.slice(dir.length + 1), readFileSync(path)];
      }),
  );
}

export const releasedVersions = () => (existsSync(RELEASED) ? readdirSync(RELEASED).filter((name) => /^\d+\.\d+\.\d+$/.test(name)) : []);

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

export async function build() {
  rmSync(`${root}dist`, { recursive: true, force: true });
  await Promise.all([
    esbuild({ ...common, entryPoints: ['src/browser.ts'], outfile: 'dist/prova-activity.js' }),
    esbuild({ ...common, entryPoints: ['src/mock-browser.ts'], outfile: 'dist/prova-mock-host.js' }),
  ]);
  if (existsSync(`${root}kit`)) cpSync(`${root}kit`, `${root}dist/kit`, { recursive: true });
  for (const version of releasedVersions()) cpSync(`${RELEASED}/${version}`, `${root}dist/${version}`, { recursive: true });
  // Not released yet (work on the next version): its folder follows the sources until `--release`.
  if (!releasedVersions().includes(SDK_VERSION)) writeFiles(`${root}dist/${SDK_VERSION}`, await versionFiles());
  precompress(`${root}dist`);
  return { gzipBytes: gzipSync(readFileSync(`${root}dist/prova-activity.js`)).length };
}

/** Freezes the current version into released/<version>/; a version released with other files is an error. */
export async function release() {
  const files = await versionFiles();
  if (releasedVersions().includes(SDK_VERSION)) {
    const frozen = releasedFiles(SDK_VERSION);
    const same = frozen.size === files.size && [...files].every(([path, bytes]) => frozen.get(path)?.equals(bytes));
    if (!same) throw new Error(`${SDK_VERSION} is released with other files: raise the version in package.json`);
    return;
  }
  writeFiles(`${RELEASED}/${SDK_VERSION}`, files);
  // The checksums released.test.ts holds every released file to, as sha256sum writes them.
  const sums = releasedVersions().flatMap((version) =>
    [...releasedFiles(version)].map(([path, bytes]) => `${createHash('sha256').update(bytes).digest('hex')}  ${version}/${path}`),
  );
  writeFileSync(`${RELEASED}/SHA256SUMS`, `${sums.sort((a, b) => a.slice(66).localeCompare(b.slice(66))).join('\n')}\n`);
}

function writeFiles(dir, files) {
  for (const [path, bytes] of files) {
    mkdirSync(dirname(`${dir}/${path}`), { recursive: true });
    writeFileSync(`${dir}/${path}`, bytes);
  }
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
  if (process.argv.includes('--release')) await release();
  const { gzipBytes } = await build();
  console.log(`built dist/ and dist/${SDK_VERSION}/: prova-activity.js is ${(gzipBytes / 1024).toFixed(1)} KB gzipped`);
}
