import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runSimulate } from './simulate';

// The command itself, over a bundle.json: it reads the adaptive tests only (no package needed to simulate).
let dir: string;
let out: string[];
let err: string[];
const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) };
const run = (...args: string[]) => runSimulate(args, { INIT_CWD: dir }, io);
const items = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`q${i}`, { a: 1.2, b: -2 + i / 10 }]));

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'prova-simulate-'));
  out = [];
  err = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('simulate command', () => {
  it('prints bias, RMSE, average length and exposure for each adaptive test', async () => {
    const adaptive = { model: '2PL', stop: { minItems: 5, maxItems: 12, se: 0.35 }, items };
    const bundle = {
      version: 2,
      tests: [
        { id: 1, abbreviation: 'PLAIN', name: 'x', url: '/a/' },
        { id: 2, abbreviation: 'CAT', name: 'y', package: { type: 'qti', file: 'b.zip' }, adaptive },
      ],
    };
    writeFileSync(join(dir, 'bundle.json'), JSON.stringify(bundle));
    expect(await run('bundle.json', '--candidates', '200')).toBe(0);
    expect(err).toEqual([]);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(
      /^CAT \(2PL, EAP, 40 items, stop at SE 0\.35 after 5, at most 12\), 200 candidates: bias -?\d\.\d{3}, RMSE 0\.\d{3}, average length \d+\.\d items, max exposure \d+\.\d%, never used \d+\.\d% of the bank$/,
    );
    // The same seed, the same figures.
    const first = out[0];
    out = [];
    await run('bundle.json', '--candidates', '200');
    expect(out[0]).toBe(first);
  });

  it('names the problems of invalid settings, and the usage', async () => {
    const bad = { tests: [{ id: 2, abbreviation: 'CAT', adaptive: { model: '4PL', stop: { minItems: 1, maxItems: 2, se: 0.3 }, items } }] };
    writeFileSync(join(dir, 'bad.json'), JSON.stringify(bad));
    expect(await run('bad.json')).toBe(1);
    expect(err[0]).toBe('tests[0].adaptive.model: Expected the model "1PL", "2PL" or "3PL"');
    err = [];
    expect(await run()).toBe(1);
    expect(err[0]).toMatch(/^Usage: npm run simulate/);
  });
});
