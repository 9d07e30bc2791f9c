// What an activity downloads: the browser build of the activity side, bundled as build.mjs does.
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/** The budget for dist/prova-activity.js, gzipped (an activity should not pay for a schema library). */
const BUDGET_BYTES = 15 * 1024;

describe('the activity script', () => {
  it('stays within its budget and carries no schema library', async () => {
    const result = await build({
      entryPoints: [new URL('./browser.ts', import.meta.url).pathname],
      bundle: true,
      format: 'iife',
      platform: 'browser',
      target: 'es2020',
      minify: true,
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const code = result.outputFiles[0].contents;
    expect(gzipSync(code).length).toBeLessThanOrEqual(BUDGET_BYTES);
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.filter((path) => path.includes('node_modules'))).toEqual([]);
    expect(inputs.some((path) => path.includes('/calls/'))).toBe(false);
  });
});
