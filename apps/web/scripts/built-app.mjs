// What the build's own scripts (check-bundle-size.mjs, write-page-chunks.mjs) read of the built app: the Vite manifest
// and the router's routes.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { routesFromRouter } from './bundle-budget.mjs';

export const webDir = fileURLToPath(new URL('..', import.meta.url));
export const dist = join(webDir, 'dist');
/** Where the manifest is, and what the build's scripts write for the server: a folder the server never sends. */
export const viteDir = join(dist, '.vite');
/** The sending queue: every signed-in page imports it on demand (src/app/provider.tsx). */
export const SENDING_QUEUE = 'src/app/app-queue';

/** @returns {import('./bundle-budget.mjs').Manifest} */
export function readManifest() {
  const manifestFile = join(viteDir, 'manifest.json');
  if (!existsSync(manifestFile)) {
    console.error(`No ${manifestFile}: run \`npm run build -w @prova/web\` first (vite.config.ts writes the manifest).`);
    process.exit(1);
  }
  return JSON.parse(readFileSync(manifestFile, 'utf8'));
}

export function readRoutes() {
  const routerPath = 'src/app/router.tsx';
  return routesFromRouter(readFileSync(join(webDir, routerPath), 'utf8'), routerPath).routes;
}
