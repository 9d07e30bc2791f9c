import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import exampleBundle from '../import/fixtures/example-bundle.json';
import { runImport } from './import';

// The command itself, on a SQLite file (the import logic is tested on both databases beside it).
let dir: string;
let out: string[];
let err: string[];
const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) };
const run = (...args: string[]) => runImport(args, { DATABASE_URL: `sqlite:${join(dir, 'data', 'prova.db')}`, INIT_CWD: dir }, io);

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'prova-cli-'));
  out = [];
  err = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('import command', () => {
  it('imports a bundle, then finds nothing to change', async () => {
    writeFileSync(join(dir, 'bundle.json'), JSON.stringify(exampleBundle));
    expect(await run('bundle.json')).toBe(0);
    expect(out).toContain('  users: 3 created');
    expect(err).toEqual([]);
    out = [];
    expect(await run('bundle.json')).toBe(0);
    expect(out).toContain('  users: 3 unchanged');
  });

  it('lists every problem of an invalid bundle and exits 1', async () => {
    const broken = structuredClone(exampleBundle) as any;
    broken.companies[0].name = '';
    broken.campaigns[0].tests[2].test = 999;
    writeFileSync(join(dir, 'broken.json'), JSON.stringify(broken));
    expect(await run('broken.json')).toBe(1);
    expect(err).toContain('companies[0].name: No valid company name');
    expect(err).toContain('campaigns[0].tests[2].test: unknown test 999');
    expect(out).toEqual([]);
  });

  it("refuses a test on an origin outside the operator's ACTIVITY_ORIGINS, and takes it once listed", async () => {
    const partner = { version: 1, tests: [{ id: 1, abbreviation: 'P', name: 'Partner', url: 'https://quiz.partner.example/a/' }] };
    writeFileSync(join(dir, 'partner.json'), JSON.stringify(partner));
    expect(await run('partner.json')).toBe(1);
    expect(err[0]).toMatch(/^tests\[0\]\.url: https:\/\/quiz\.partner\.example is not an origin this platform frames/);
    err = [];
    const listed = {
      DATABASE_URL: `sqlite:${join(dir, 'data', 'prova.db')}`,
      INIT_CWD: dir,
      ACTIVITY_ORIGINS: 'https://quiz.partner.example',
    };
    expect(await runImport(['partner.json'], listed, io)).toBe(0);
    expect(err).toEqual([]);
  });

  it('explains an unreadable file, bad JSON and a missing argument', async () => {
    expect(await run('missing.json')).toBe(1);
    expect(err.at(-1)).toMatch(/missing\.json: cannot read the file/);
    writeFileSync(join(dir, 'bad.json'), '{ "version": 1,');
    expect(await run('bad.json')).toBe(1);
    expect(err.at(-1)).toMatch(/bad\.json: not valid JSON/);
    expect(await run()).toBe(1);
    expect(err.at(-1)).toBe('Usage: npm run import -- <bundle.json>');
  });
});
