import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { claimUniqueId, ID_STRIDE } from './unique-ids';

const folders: string[] = [];
const claims = () => {
  const dir = mkdtempSync(join(tmpdir(), 'prova-ids-'));
  folders.push(dir);
  return dir;
};
afterEach(() => folders.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('claimUniqueId', () => {
  it('never hands out a number already claimed in the folder, even when the same one comes up again', () => {
    const dir = claims();
    const picks = [5, 5, 5, 7];
    const pick = () => picks.shift()!;
    expect(claimUniqueId(dir, pick)).toBe(100_500);
    expect(claimUniqueId(dir, pick)).toBe(100_700);
  });

  it('gives processes claiming at once in one folder different numbers, with their derived ids apart and below the database integer', async () => {
    const dir = claims();
    const script = `import { claimUniqueId } from ${JSON.stringify(join(import.meta.dirname, 'unique-ids.ts'))};
      // Few numbers to choose from, so that the processes meet on them.
      const ids = Array.from({ length: 100 }, () => claimUniqueId(process.argv[1], () => Math.floor(Math.random() * 400)));
      console.log(JSON.stringify(ids));`;
    const run = () => promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, dir]);
    const ids = (await Promise.all([run(), run(), run()])).flatMap(({ stdout }) => JSON.parse(stdout) as number[]);
    expect(new Set(ids).size).toBe(300);
    for (const n of ids) expect(n % ID_STRIDE).toBe(0);
    expect(Math.max(...ids) * 10 + 999).toBeLessThan(2 ** 31 - 1);
    expect(claimUniqueId(dir, () => 1_999_999) * 10 + 999).toBeLessThan(2 ** 31 - 1);
  }, 60_000);
});
