import fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSqliteWriter } from './sqlite-writer';

let dir: string;
let file: string;
let reader: SQLite.Database;
let writer: ReturnType<typeof startSqliteWriter>;
/** Per sync of the log: the file synced, and the rows a reader saw then. */
let syncs: { log: boolean; rows: number }[];

const insert = (n: number) => CompiledQuery.raw('insert into notes (n) values (?)', [n]);

beforeEach(() => {
  dir = fs.mkdtempSync(join(tmpdir(), 'prova-writer-'));
  file = join(dir, 'prova.db');
  reader = new SQLite(file);
  reader.pragma('journal_mode = WAL');
  reader.exec('create table notes (n integer not null)');
  syncs = [];
  const sync = fs.fdatasyncSync;
  vi.spyOn(fs, 'fdatasyncSync').mockImplementation((fd) => {
    syncs.push({
      log: fs.fstatSync(fd).ino === fs.statSync(`${file}-wal`).ino,
      rows: (reader.prepare('select count(*) as n from notes').get() as { n: number }).n,
    });
    sync(fd);
  });
  writer = startSqliteWriter(file);
});

afterEach(() => {
  vi.restoreAllMocks();
  writer.close();
  reader.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the SQLite writer', () => {
  it('answers a durable write once the log holding its commit is synced to the disk', async () => {
    await writer.write(insert(1));
    expect(syncs).toEqual([{ log: true, rows: 1 }]);
    await writer.writeGroup([insert(2), insert(3)]);
    expect(syncs).toEqual([
      { log: true, rows: 1 },
      { log: true, rows: 3 },
    ]);
  });

  it('syncs once for a group of transactions begun together, before any of them is answered', async () => {
    const member = async (n: number) => {
      const transaction = await writer.begin();
      await transaction.query(insert(n));
      await transaction.commit();
      return syncs.length;
    };
    expect(await Promise.all([member(1), member(2), member(3)])).toEqual([1, 1, 1]);
    expect(syncs).toEqual([{ log: true, rows: 3 }]);
  });

  it('answers a write that need not survive a power cut without a sync; the next durable commit takes it to the disk', async () => {
    await writer.write(insert(1), { sync: false });
    expect(syncs).toEqual([]);
    await writer.write(insert(2));
    expect(syncs).toEqual([{ log: true, rows: 2 }]);
  });
});
