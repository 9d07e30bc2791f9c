// Part of `npm run build -w @prova/web`, after vite build: writes dist/.vite/page-chunks.json, the files each campaign
// page loads at once (page-chunks.mjs), which the server preloads with the page. The server sends no dot folder.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readManifest, readRoutes, SENDING_QUEUE, viteDir } from './built-app.mjs';
import { pageChunks } from './page-chunks.mjs';

const chunks = pageChunks({ manifest: readManifest(), routes: readRoutes(), signedIn: [SENDING_QUEUE] });
writeFileSync(join(viteDir, 'page-chunks.json'), `${JSON.stringify(chunks, null, 2)}\n`);
