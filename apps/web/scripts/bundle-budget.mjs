// The front-end budgets (docs/performance.md, "Front-end budgets"): which JavaScript each route of the app loads, read
// from the Vite manifest, and whether it stays within its limits. Pure (no files, no process): check-bundle-size.mjs
// reads the build and the router and prints; bundle-budget.test.ts feeds it hand-written manifests.
//
// The measure, in gzipped bytes of the built files (gzip level 9, as served):
// - the shell: the entry chunk and every chunk it imports statically, transitively (index.html modulepreloads them all;
//   login.html's starting script too). Its dynamic imports are not part of it.
// - a route: the shell, plus each lazily loaded component on its way in the router (a layout such as CampaignRoot, then
//   the screen), with everything those chunks import, statically or dynamically (a route's dynamic imports are its own).
// - the sign-in page "before its own chunk": what must have arrived before the sign-in route's own code can run: the
//   shell, plus the chunks of the lazy layouts above it if any. Its own chunk, when it has one, is not counted.
import ts from 'typescript';

/**
 * @typedef {{ file: string, src?: string, name?: string, isEntry?: boolean, isDynamicEntry?: boolean,
 *   imports?: string[], dynamicImports?: string[], css?: string[] }} ManifestChunk
 * @typedef {Record<string, ManifestChunk>} Manifest
 * @typedef {{ gzip: number, sources: string[] }} FileInfo  what a built file weighs gzipped, and the modules it holds
 * @typedef {{ label: string, element: string, lazy: string[], ownChunk: boolean }} RouteDeclaration  lazy: module paths
 *   of the lazy components on the way to the route, outermost first; ownChunk: the route's element is lazy itself (the
 *   last of them)
 * @typedef {{ signInKb: number, routeKb: number, routeKbOverrides?: Record<string, number> }} Budgets
 */

/**
 * The routes of `router.tsx`: every route object with a `path` or `index`, in the tree given to `createBrowserRouter`
 * (an array literal, or a `const` of the file holding one),
 * with the lazy components met on the way. A lazy component is a `const X = lazy(() => import('./module')...)` at the
 * top of the file; an element `<X />` whose X is not one is in the shell (as LoginRoute, RouteError, Root).
 * Module paths come out relative to the app (`src/app/routes/app/report`, no extension); `@/` is `src/`.
 * @param {string} source the text of src/app/router.tsx
 * @param {string} routerPath its path relative to the app, e.g. 'src/app/router.tsx'
 * @returns {{ routes: RouteDeclaration[], lazyComponents: Record<string, string> }}
 */
export function routesFromRouter(source, routerPath) {
  const file = ts.createSourceFile(routerPath, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const routerDir = routerPath.split('/').slice(0, -1);
  const resolveSpecifier = (specifier) => {
    if (specifier.startsWith('@/')) return `src/${specifier.slice(2)}`;
    if (!specifier.startsWith('.')) throw new Error(`${routerPath}: lazy import of a package (${specifier}): routes are app modules`);
    const parts = [...routerDir];
    for (const part of specifier.split('/')) {
      if (part === '..') parts.pop();
      else if (part !== '.') parts.push(part);
    }
    return parts.join('/');
  };

  /** @type {Record<string, string>} */
  const lazyComponents = {};
  let routeArray;
  /** @type {Record<string, ts.Expression>} */
  const constants = {};
  const visit = (node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) constants[node.name.text] = node.initializer;
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && isLazyCall(node.initializer)) {
      const specifier = findDynamicImport(node.initializer);
      if (!specifier) throw new Error(`${routerPath}: ${node.name.text} = lazy(...) without an import('./module') of a literal path`);
      lazyComponents[node.name.text] = resolveSpecifier(specifier);
    }
    if (ts.isCallExpression(node) && /^create\w*Router$/.test(node.expression.getText(file)) && node.arguments[0]) routeArray = node.arguments[0];
    ts.forEachChild(node, visit);
  };
  visit(file);
  if (!routeArray) throw new Error(`${routerPath}: no createBrowserRouter([...]) found`);
  if (ts.isIdentifier(routeArray)) routeArray = constants[routeArray.text];
  if (!routeArray || !ts.isArrayLiteralExpression(routeArray)) throw new Error(`${routerPath}: the router's routes are not an array literal`);

  /** @type {RouteDeclaration[]} */
  const routes = [];
  const walk = (array, lazyAbove) => {
    for (const item of array.elements) {
      if (!ts.isObjectLiteralExpression(item)) throw new Error(`${routerPath}: a route that is not an object literal: ${item.getText(file)}`);
      const props = Object.fromEntries(
        item.properties.filter((p) => ts.isPropertyAssignment(p)).map((p) => [p.name.getText(file), p.initializer]),
      );
      const element = props.element ? elementName(props.element, file) : undefined;
      if (props.lazy) throw new Error(`${routerPath}: a route's \`lazy\` property is not measured; declare const X = lazy(() => import(...)) and use element: <X />`);
      const ownChunk = Boolean(element && lazyComponents[element]);
      const lazy = ownChunk ? [...lazyAbove, lazyComponents[element]] : lazyAbove;
      if (props.path || props.index) {
        const label = props.path ? pathLabel(props.path, file) : 'index';
        routes.push({ label, element: element ?? '(none)', lazy, ownChunk });
      }
      if (props.children) {
        if (!ts.isArrayLiteralExpression(props.children)) throw new Error(`${routerPath}: children that are not an array literal`);
        walk(props.children, lazy);
      }
    }
  };
  walk(routeArray, []);
  return { routes, lazyComponents };
}

function isLazyCall(node) {
  return ts.isCallExpression(node) && ['lazy', 'React.lazy'].includes(node.expression.getText());
}

function findDynamicImport(node) {
  let found;
  const visit = (inner) => {
    if (found) return;
    if (ts.isCallExpression(inner) && inner.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = inner.arguments;
      if (argument && ts.isStringLiteralLike(argument)) found = argument.text;
      return;
    }
    ts.forEachChild(inner, visit);
  };
  visit(node);
  return found;
}

function elementName(node, file) {
  if (ts.isJsxSelfClosingElement(node)) return node.tagName.getText(file);
  if (ts.isJsxElement(node)) return node.openingElement.tagName.getText(file);
  if (ts.isParenthesizedExpression(node)) return elementName(node.expression, file);
  return undefined;
}

/** `paths.app.report.path` -> 'app.report'; a string literal stays as it is. */
function pathLabel(node, file) {
  if (ts.isStringLiteralLike(node)) return node.text;
  return node
    .getText(file)
    .replace(/^paths\./, '')
    .replace(/\.path$/, '');
}

/**
 * The manifest key of an app module (path without extension, as routesFromRouter gives it).
 * @param {Manifest} manifest
 * @param {string} modulePath
 */
export function manifestKeyOf(manifest, modulePath) {
  for (const suffix of ['', '.tsx', '.ts', '.jsx', '.js', '/index.tsx', '/index.ts']) {
    if (manifest[modulePath + suffix]) return modulePath + suffix;
  }
  return undefined;
}

/**
 * Files reached from `keys`, following static imports and, when asked, dynamic imports too, never entering `stop`.
 * @param {Manifest} manifest
 * @param {string[]} keys
 * @param {{ dynamic: boolean, stop?: Set<string> }} options
 * @returns {Set<string>} manifest keys
 */
export function closure(manifest, keys, { dynamic, stop = new Set() }) {
  const seen = new Set();
  const queue = [...keys];
  while (queue.length > 0) {
    const key = queue.pop();
    if (seen.has(key) || stop.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest names ${key} but has no entry for it`);
    seen.add(key);
    queue.push(...(chunk.imports ?? []));
    if (dynamic) queue.push(...(chunk.dynamicImports ?? []));
  }
  return seen;
}

/**
 * The build's one entry (index.html's script) and the shell: the entry with every chunk it imports statically.
 * @param {Manifest} manifest
 * @returns {{ entry: string, shell: Set<string> }} manifest keys
 */
export function shellOf(manifest) {
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (entries.length !== 1) throw new Error(`The manifest has ${entries.length} entries; one (index.html) was expected`);
  return { entry: entries[0], shell: closure(manifest, entries, { dynamic: false }) };
}

/**
 * Everything the check needs, measured.
 * @param {{ manifest: Manifest, files: Record<string, FileInfo>, routes: RouteDeclaration[],
 *   signIn: string, report: string, onDemand?: string[] }} input
 *   signIn, report: route labels; onDemand: module paths (no extension) that the shell or a route may import
 *   dynamically to load on demand (the texts of other languages, the sending queue): each is reported on its own, in
 *   no route's total.
 */
export function measureBuild({ manifest, files, routes, signIn, report, onDemand = [] }) {
  const problems = [];
  const { shell } = shellOf(manifest);
  const kb = (keys) => [...keys].reduce((sum, key) => sum + gzipOf(files, manifest[key].file), 0) / 1024;

  const keyOf = (modulePath, what) => {
    const key = manifestKeyOf(manifest, modulePath);
    if (!key) problems.push(`${what}: ${modulePath} is not a chunk of the build (is it still imported with import()?)`);
    return key;
  };
  // Loaded on demand (the texts of other languages, the queue): measured apart, in no route's total.
  const onDemandKeys = new Map(onDemand.map((path) => [manifestKeyOf(manifest, path), path]));
  const notCounted = new Set([...shell, ...onDemandKeys.keys()]);
  const measured = routes.map((route) => {
    const lazyKeys = route.lazy.map((path) => keyOf(path, `route ${route.label}`));
    const present = (keys) => keys.filter((key) => key !== undefined);
    // Lazy layouts above the route: their chunks must arrive before its own (for an eager route, all of them).
    const above = route.ownChunk ? lazyKeys.slice(0, -1) : lazyKeys;
    const before = new Set([...shell, ...closure(manifest, present(above), { dynamic: false, stop: shell })]);
    const all = new Set([...shell, ...closure(manifest, present(lazyKeys), { dynamic: true, stop: notCounted })]);
    return { ...route, keys: all, beforeKb: kb(before), routeKb: kb(all) - kb(shell), totalKb: kb(all) };
  });

  // The shell's dynamic imports are routes, or declared as loaded on demand: anything else would escape the measure.
  const routeKeys = new Set(measured.flatMap((route) => route.lazy.map((path) => manifestKeyOf(manifest, path))));
  for (const key of shell) {
    for (const imported of manifest[key].dynamicImports ?? []) {
      if (!shell.has(imported) && !routeKeys.has(imported) && !onDemandKeys.has(imported)) {
        problems.push(`the shell imports ${imported} dynamically, which is neither a route of the router nor declared as loaded on demand`);
      }
    }
  }
  // Each on-demand chunk that the shell or a route asks for, with what it brings.
  const asked = new Set([...shell, ...measured.flatMap((route) => [...route.keys])].flatMap((key) => manifest[key].dynamicImports ?? []));
  const extra = [...onDemandKeys]
    .filter(([key]) => asked.has(key))
    .map(([key, label]) => {
      const keys = closure(manifest, [key], { dynamic: true, stop: shell });
      return { label, keys, kb: kb(keys) };
    });

  if (!measured.some((route) => route.label === signIn)) problems.push(`no route ${signIn} (the sign-in page) in the router`);
  if (!measured.some((route) => route.label === report)) problems.push(`no route ${report} (the report) in the router`);
  return { shell, shellKb: kb(shell), routes: measured, onDemand: extra, problems };
}

function gzipOf(files, file) {
  const info = files[file];
  if (!info) throw new Error(`No size for ${file}`);
  return info.gzip;
}

/**
 * What breaks the budgets: the sign-in page before its own chunk, every route's total, the charting library in
 * any chunk that something other than the report route loads, and a screen's texts in the shell.
 * @param {ReturnType<typeof measureBuild>} measure
 * @param {{ manifest: Manifest, files: Record<string, FileInfo>, budgets: Budgets, signIn: string, report: string,
 *   chartingLibrary: RegExp, screenTexts?: RegExp }} context  chartingLibrary: matches the module paths of the library
 *   (its sources); screenTexts: those of the texts that are not the shell's (each comes with its screen's chunk)
 * @returns {string[]} one sentence per problem; none when within the budgets
 */
export function checkBudgets(measure, { manifest, files, budgets, signIn, report, chartingLibrary, screenTexts }) {
  const problems = [...measure.problems];
  const signInRoute = measure.routes.find((route) => route.label === signIn);
  if (signInRoute && signInRoute.beforeKb > budgets.signInKb) {
    problems.push(`the sign-in page loads ${signInRoute.beforeKb.toFixed(1)} KB before its own chunk (budget ${budgets.signInKb} KB)`);
  }
  for (const route of measure.routes) {
    const limit = budgets.routeKbOverrides?.[route.label] ?? budgets.routeKb;
    if (route.totalKb > limit) problems.push(`route ${route.label} loads ${route.totalKb.toFixed(1)} KB (budget ${limit} KB)`);
  }

  const charting = Object.keys(manifest).filter((key) => files[manifest[key].file]?.sources.some((s) => chartingLibrary.test(s)));
  const reportRoute = measure.routes.find((route) => route.label === report);
  for (const key of charting) {
    const file = manifest[key].file;
    if (measure.shell.has(key)) problems.push(`the charting library is in ${file}, which every page loads (the shell)`);
    for (const route of measure.routes) {
      if (route !== reportRoute && route.keys.has(key)) problems.push(`the charting library is in ${file}, which route ${route.label} loads`);
    }
    for (const extra of measure.onDemand) {
      if (extra.keys.has(key)) problems.push(`the charting library is in ${file}, which ${extra.label} loads`);
    }
  }
  if (screenTexts) {
    for (const key of measure.shell) {
      const texts = files[manifest[key].file]?.sources.filter((source) => screenTexts.test(source)) ?? [];
      for (const source of texts) problems.push(`${source.replace(/^(\.\.\/)+/, '')} is in the shell, which every page loads`);
    }
  }
  return [...new Set(problems)];
}

/** The table printed by check-bundle-size.mjs. */
export function formatTable(measure, { budgets, signIn }) {
  const rows = [['route', 'screen', 'before own chunk', 'own chunks', 'total', 'budget']];
  for (const route of measure.routes) {
    const limit = budgets.routeKbOverrides?.[route.label] ?? budgets.routeKb;
    const before = route.label === signIn ? `${route.beforeKb.toFixed(1)} (≤ ${budgets.signInKb})` : route.beforeKb.toFixed(1);
    rows.push([route.label, route.element, before, route.routeKb.toFixed(1), route.totalKb.toFixed(1), `≤ ${limit}`]);
  }
  for (const extra of measure.onDemand) rows.push([extra.label, '(on demand)', '', extra.kb.toFixed(1), '', '']);
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  const line = (row) => row.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  return [
    `Gzipped JavaScript per route, KB (the shell, loaded by every page: ${measure.shellKb.toFixed(1)} KB in ${measure.shell.size} files)`,
    line(rows[0]),
    ...rows.slice(1).map(line),
  ].join('\n');
}
