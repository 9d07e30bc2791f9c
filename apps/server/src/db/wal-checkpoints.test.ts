import fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startSqliteWriter } from './sqlite-writer';
import { startWalCheckpoints } from './wal-checkpoints';

let dir: string;
let file: string;
let reader: SQLite.Database;

beforeEach(() => {
  dir = fs.mkdtempSync(join(tmpdir(), 'prova-checkpoints-'));
  file = join(dir, 'prova.db');
  reader = new SQLite(file);
  reader.pragma('journal_mode = WAL');
  reader.exec('create table notes (n integer not null, text text not null)');
});

afterEach(() => {
  reader.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('keeps the write-ahead log to the writes of about one checkpoint interval while writes never pause', async () => {
  const checkpoints = startWalCheckpoints(reader, file, 50);
  const writer = startSqliteWriter(file);
  const text = 'x'.repeat(2_000);
  let written = 0;
  try {
    // Durable groups one after another, as under steady saves: a commit is always close behind the last one.
    const until = Date.now() + 1_500;
    for (let n = 0; Date.now() < until; n += 10) {
      await writer.writeGroup(
        Array.from({ length: 10 }, (_, i) => CompiledQuery.raw('insert into notes (n, text) values (?, ?)', [n + i, text])),
      );
      written += 10 * text.length;
    }
  } finally {
    writer.close();
    await checkpoints.stop();
  }
  // Without its restarts the log would hold every page written, more than the rows' own bytes.
  expect(written).toBeGreaterThan(1_000_000);
  expect(fs.statSync(`${file}-wal`).size).toBeLessThan(written / 4);
  expect((reader.prepare('select count(*) as n from notes').get() as { n: number }).n).toBe(written / text.length);
});
