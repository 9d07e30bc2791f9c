// What the server preloads with a campaign's page (apps/server/src/plugins/static-files.ts): the files its screens
// need at once, read from the Vite manifest and the router, so that they arrive with the shell rather than after it has
// run (docs/performance.md, "The page's code comes with it"). Pure (no files): write-page-chunks.mjs reads the build and writes the list;
// page-chunks.test.ts feeds it hand-written manifests.
import { closure, manifestKeyOf, shellOf } from './bundle-budget.mjs';

/**
 * The campaign page a route of the router is (its key in packages/contract/src/pages.ts), from its label as
 * routesFromRouter gives it: `paths.app.tests.path` is 'app.tests', the campaign layout's index route is the home page.
 * @param {string} label
 */
const campaignPageOf = (label) => (label === 'index' ? 'home' : label.startsWith('app.') ? label.slice('app.'.length) : undefined);

/**
 * For each campaign page, the build's files it loads at once, as URL paths, in the order they are needed: the shell's
 * entry (which the page's HTML names too), then each lazy component's chunk on the way in (the campaign layout, then the
 * screen) with what it imports statically, and what every signed-in page loads besides. Each chunk's stylesheets follow
 * it. A route's dynamic imports are left out: they load on demand.
 * @param {{ manifest: import('./bundle-budget.mjs').Manifest, routes: import('./bundle-budget.mjs').RouteDeclaration[],
 *   signedIn?: string[] }} input  signedIn: module paths (no extension) every signed-in page imports dynamically
 * @returns {Record<string, string[]>}
 */
export function pageChunks({ manifest, routes, signedIn = [] }) {
  const { entry, shell } = shellOf(manifest);
  const keyOf = (modulePath) => {
    const key = manifestKeyOf(manifest, modulePath);
    if (!key) throw new Error(`${modulePath} is not a chunk of the build (is it still imported with import()?)`);
    return key;
  };
  /** @type {Record<string, string[]>} */
  const pages = {};
  for (const route of routes) {
    const page = campaignPageOf(route.label);
    if (!page) continue;
    // A second index route (say, in the console) would otherwise take the home page's place unnoticed.
    if (pages[page]) throw new Error(`Two routes of the router are the campaign page ${page}`);
    const files = [manifest[entry].file];
    for (const lazyKey of [...route.lazy, ...signedIn].map(keyOf)) {
      // The chunk first (closure visits its start first), then what it imports.
      for (const key of closure(manifest, [lazyKey], { dynamic: false, stop: shell })) {
        const chunk = manifest[key];
        files.push(chunk.file, ...(chunk.css ?? []));
      }
    }
    pages[page] = [...new Set(files)].map((file) => `/${file}`);
  }
  return pages;
}
