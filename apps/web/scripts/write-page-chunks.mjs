// Part of `npm run build -w @prova/web`, after vite build: writes dist/.vite/page-chunks.json, the files each campaign
// page loads at once (page-chunks.mjs), which the server preloads with the page. The server sends no dot folder.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { routesFromRouter } from './bundle-budget.mjs';
import { pageChunks } from './page-chunks.mjs';

/** The sending queue: every signed-in page imports it (src/app/provider.tsx). */
const SIGNED_IN = ['src/app/app-queue'];

const webDir = fileURLToPath(new URL('..', import.meta.url));
const viteDir = join(webDir, 'dist', '.vite');
const manifest = JSON.parse(readFileSync(join(viteDir, 'manifest.json'), 'utf8'));
const routerPath = 'src/app/router.tsx';
const { routes } = routesFromRouter(readFileSync(join(webDir, routerPath), 'utf8'), routerPath);
writeFileSync(join(viteDir, 'page-chunks.json'), `${JSON.stringify(pageChunks({ manifest, routes, signedIn: SIGNED_IN }), null, 2)}\n`);
