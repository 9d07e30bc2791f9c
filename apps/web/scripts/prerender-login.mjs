// Writes dist/login.html, the sign-in page already rendered, after `vite build` (the build script of package.json).
// Why: rendered in the browser, the form waits on a slow phone for the entry's JavaScript to be downloaded and run
// (docs/performance.md); rendered here, it shows once the HTML and the CSS have arrived, and the app takes over when
// its scripts have run (src/main.tsx). How: an SSR build of src/prerender/login.tsx (the app's own components),
// rendered to a string and put inside <div id="root"> of a copy of dist/index.html, also written as .br and .gz like
// the rest of the build. The server sends it for GET /login only (apps/server/src/plugins/static-files.ts).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';

const webDir = fileURLToPath(new URL('..', import.meta.url));
const dist = join(webDir, 'dist');
// Inside the package, not the system's temp folder: the SSR build imports React and the rest from node_modules.
const outDir = join(webDir, 'node_modules', '.prerender');

await build({
  root: webDir,
  configFile: join(webDir, 'vite.config.ts'),
  logLevel: 'warn',
  build: { ssr: 'src/prerender/login.tsx', outDir, emptyOutDir: true, sourcemap: false, copyPublicDir: false },
  // Bundled, not required from node_modules at run time: there react-router and the rest would get React itself, not
  // Preact (vite.config.ts aliases it only in what it bundles).
  ssr: { noExternal: true },
});
const { renderLogin, renderLoading } = await import(pathToFileURL(join(outDir, 'login.js')).href);
const { html, title } = renderLogin();
const loading = renderLoading();
rmSync(outDir, { recursive: true, force: true });
if (readdirSync(join(webDir, 'node_modules')).length === 0) rmSync(join(webDir, 'node_modules'), { recursive: true });

const EMPTY_ROOT = '<div id="root"></div>';
const shell = readFileSync(join(dist, 'index.html'), 'utf8');
if (!shell.includes(EMPTY_ROOT) || !/<title>[^<]*<\/title>/.test(shell)) {
  throw new Error(`dist/index.html has no ${EMPTY_ROOT} or no <title>`);
}
if (!html.includes('id="login-username"')) throw new Error('The prerendered sign-in page has no form');
// What someone types before the app has taken the page over is handed to the form then (src/main.tsx).
const rendered = html;
const escapeText = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const page = shell
  .replace(EMPTY_ROOT, () => `<div id="root">${rendered}</div>`)
  .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(title)}</title>`);

// The form must be painted before the app's scripts are fetched and run. Fetched with the page (as index.html has
// them), they would compete with the CSS, and run before the first paint when they come first (from the cache, or
// over a fast network): 1 s of a slow phone's CPU. So login.html has one small script instead, which preloads and
// starts the app once the form has been painted (docs/performance.md).
const ENTRY = /<script type="module" crossorigin src="(\/assets\/index-[\w-]+\.js)"><\/script>\s*/;
const PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
const entry = ENTRY.exec(page)?.[1];
if (!entry) throw new Error('No entry <script> in dist/index.html');
const preloads = [entry, ...[...page.matchAll(PRELOAD)].map((match) => match[1])];
const start = `// login.html: the sign-in form is already on screen; the app is fetched and started once it has been painted (after
// 500 ms at the latest: a tab in the background paints nothing). Written by apps/web/scripts/prerender-login.mjs.
let started = false;
const start = () => {
  if (started) return;
  started = true;
  for (const href of ${JSON.stringify(preloads)}) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  import(${JSON.stringify(entry)});
};
if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  new PerformanceObserver((list, observer) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    setTimeout(start, 0);
  }).observe({ type: 'paint', buffered: true });
} else {
  requestAnimationFrame(() => setTimeout(start, 0));
}
setTimeout(start, 500);
`;
const startFile = `/assets/login-start-${createHash('sha256').update(start).digest('base64url').slice(0, 8)}.js`;
writeFileSync(join(dist, startFile), start);
const page2 = page.replace(PRELOAD, '').replace(ENTRY, () => `<script type="module" crossorigin src="${startFile}"></script>\n    `);

writeCompressed(join(dist, 'login.html'), page2);
console.log(`dist/login.html: the sign-in page prerendered (${Buffer.byteLength(page2)} bytes), started by ${startFile}`);

// Every other page: the app's loading screen (header, skeleton, footer) painted with the CSS, before the scripts have
// run; main.tsx replaces it when the app starts (src/prerender/login.tsx, renderLoading).
if (!loading.includes('page-skeleton')) throw new Error('The prerendered loading page has no skeleton');
writeCompressed(
  join(dist, 'index.html'),
  shell.replace(EMPTY_ROOT, () => `<div id="root" data-loading>${loading}</div>`),
);
console.log('dist/index.html: the loading page prerendered');

function writeCompressed(file, text) {
  writeFileSync(file, text);
  // As vite-plugin-compression2 does for the rest (vite.config.ts): brotli 11, gzip 9, only when smaller.
  const variants = [
    ['br', brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })],
    ['gz', gzipSync(text, { level: 9 })],
  ];
  for (const [extension, bytes] of variants) {
    if (bytes.length < Buffer.byteLength(text)) writeFileSync(`${file}.${extension}`, bytes);
    else rmSync(`${file}.${extension}`, { force: true });
  }
}
