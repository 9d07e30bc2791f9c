import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { config } from './config';
import { shippedBundles } from '@prova/test-support/shipped-server';
import { DIST } from './built-server';
import { runCommand } from './processes';

// The bench measures the server as it ships, `npm run build`'s bundle: built again when it is missing or
// older than its sources (BENCH_BUILD=0 never builds, 1 always does).

const root = resolve(import.meta.dirname, '..');
const SOURCES = ['apps/server/src', 'apps/server/build.mjs', 'packages/contract/src'].map((p) => join(root, p));

function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((entry) => newest(join(path, entry))));
}

export async function ensureBuilt(): Promise<string> {
  const outputs = Object.values(shippedBundles(DIST));
  const missing = outputs.some((f) => !existsSync(f));
  const stale = !missing && Math.min(...outputs.map((f) => statSync(f).mtimeMs)) < Math.max(...SOURCES.filter(existsSync).map(newest));
  if (config.build === '0') {
    if (missing) throw new Error(`${DIST} has no server build: run \`npm run build\` (or leave BENCH_BUILD unset)`);
    return stale ? 'the server build is older than its sources (BENCH_BUILD=0: measured as it is)' : 'the server build is up to date';
  }
  if (config.build !== '1' && !missing && !stale) return 'the server build is up to date';
  const started = performance.now();
  await runCommand('npm', ['run', 'build', '-w', '@prova/server'], process.env, root);
  return `built the server (${missing ? 'no build yet' : stale ? 'sources newer than the build' : 'BENCH_BUILD=1'}) in ${((performance.now() - started) / 1000).toFixed(1)} s`;
}
