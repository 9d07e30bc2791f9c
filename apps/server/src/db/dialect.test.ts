import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type DatabaseHandle, type Db, migrateToLatest, openDatabase } from './database';

/** An insert of a language, compiled, that answers the code it stored: for the writes made past Kysely's own execution. */
const insertReturning = (db: Db, lang: string) => db.insertInto('languages').values({ lang, name: lang }).returning('lang').compile();

describe('SQLite transactions', () => {
  let dir: string | undefined;
  let handle: DatabaseHandle | undefined;

  afterEach(async () => {
    await handle?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  // Another process (the importer next to the running server) must wait for the lock, not fail
  // half-way through with "database is locked" because it read before writing.
  it('take the write lock when they begin, so a second writer waits instead of failing later', async () => {
    dir = mkdtempSync(join(tmpdir(), 'prova-dialect-'));
    const file = join(dir, 'prova.db');
    handle = await openDatabase(`sqlite:${file}`);
    await migrateToLatest(handle);
    const other = new SQLite(file, { timeout: 0 });
    try {
      await handle.db.transaction().execute(async (trx) => {
        await trx.selectFrom('companies').select('id').execute();
        expect(() => other.exec('begin immediate')).toThrow(/database is locked/);
      });
      other.exec('begin immediate');
      other.exec('rollback');
    } finally {
      other.close();
    }
  });

  // The import CLI, a process of its own, holding the write lock for a while: the server's transaction
  // waits for it off the server's thread (its timers keep firing), then commits, after the other's commit.
  it("wait for another process's write lock without stopping the server's thread", async () => {
    dir = mkdtempSync(join(tmpdir(), 'prova-dialect-'));
    const file = join(dir, 'prova.db');
    handle = await openDatabase(`sqlite:${file}`);
    await migrateToLatest(handle);
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `const db = new (require(process.argv[1]))(process.argv[2]);
         db.exec("begin immediate; insert into languages (lang, name) values ('xx', 'Altra')");
         console.log('locked');
         setTimeout(() => { db.exec('commit'); db.close(); }, 500);`,
        createRequire(import.meta.url).resolve('better-sqlite3'),
        file,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = once(holder, 'exit');
    await once(holder.stdout, 'data');
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 20);
    try {
      await handle.db.transaction().execute(async (trx) => {
        // The other process's row is there: this transaction began after its commit.
        const other = await trx.selectFrom('languages').select('name').where('lang', '=', 'xx').executeTakeFirst();
        expect(other?.name).toBe('Altra');
        await trx.insertInto('languages').values({ lang: 'yy', name: 'Dopo' }).execute();
      });
    } finally {
      clearInterval(timer);
    }
    expect(ticks, "the server's timers ran while it waited").toBeGreaterThan(5);
    expect(await exited).toEqual([0, null]);
    const names = await handle.db.selectFrom('languages').select('lang').where('lang', 'in', ['xx', 'yy']).orderBy('lang').execute();
    expect(names.map((n) => n.lang)).toEqual(['xx', 'yy']);
  });

  // Concurrent requests' transactions (outcomes arriving together) share one commit: one sync to the
  // disk for the group instead of one each.
  it('that begin together are answered together, once their shared commit is on the disk; one that fails undoes only its own', async () => {
    dir = mkdtempSync(join(tmpdir(), 'prova-dialect-'));
    const file = join(dir, 'prova.db');
    handle = await openDatabase(`sqlite:${file}`);
    await migrateToLatest(handle);
    const db = handle.db;
    const onDisk = new SQLite(file, { readonly: true });
    const held = () =>
      (onDisk.prepare("select lang from languages where lang like 'g%' order by lang").pluck().all() as string[]).join(',');
    try {
      const answeredWith: string[] = [];
      const insert = (lang: string, work: () => Promise<void> = async () => {}) =>
        db.transaction().execute(async (trx) => {
          await trx.insertInto('languages').values({ lang, name: lang }).execute();
          await work();
        });
      const results = await Promise.allSettled([
        insert('g1').then(() => answeredWith.push(held())),
        insert('g2', () => Promise.reject(new Error('refused'))),
        // Still at work after the others ended: they wait for it, as their commit is its commit.
        insert('g3', () => new Promise((resolve) => setTimeout(resolve, 100))).then(() => answeredWith.push(held())),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(answeredWith).toEqual(['g1,g3', 'g1,g3']);
      // The next transaction starts a group of its own, after the first one's commit.
      await insert('g4');
      expect(held()).toBe('g1,g3,g4');
    } finally {
      onDisk.close();
    }
  });

  it('writes without a sync (limit counts) are committed for every other connection, together with durable ones', async () => {
    dir = mkdtempSync(join(tmpdir(), 'prova-dialect-'));
    const file = join(dir, 'prova.db');
    handle = await openDatabase(`sqlite:${file}`);
    await migrateToLatest(handle);
    const db = handle.db;
    const other = new SQLite(file, { readonly: true });
    try {
      // Alone, then in one commit with a durable write: each answered with its own rows, the failing one alone refused.
      expect(await handle.writeWithoutSync(insertReturning(db, 'h1'))).toEqual([{ lang: 'h1' }]);
      expect(other.prepare("select count(*) from languages where lang = 'h1'").pluck().get()).toBe(1);
      const results = await Promise.allSettled([
        handle.writeWithoutSync(insertReturning(db, 'h2')),
        db.insertInto('languages').values({ lang: 'h3', name: 'h3' }).execute(),
        handle.writeWithoutSync(insertReturning(db, 'h1')),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
      expect(other.prepare("select lang from languages where lang like 'h%' order by lang").pluck().all()).toEqual(['h1', 'h2', 'h3']);
    } finally {
      other.close();
    }
  });

  // Concurrent saves and log entries are written as one group of statements (DatabaseHandle.writeDurably).
  it('groups of writes are answered with their rows once committed, keep all or nothing, and wait for an open transaction', async () => {
    dir = mkdtempSync(join(tmpdir(), 'prova-dialect-'));
    const file = join(dir, 'prova.db');
    handle = await openDatabase(`sqlite:${file}`);
    await migrateToLatest(handle);
    const { db, writeDurably } = handle;
    const other = new SQLite(file, { readonly: true });
    const held = () => (other.prepare("select lang from languages where lang like 'w%' order by lang").pluck().all() as string[]).join(',');
    try {
      expect(await writeDurably([insertReturning(db, 'w1'), insertReturning(db, 'w2')])).toEqual([[{ lang: 'w1' }], [{ lang: 'w2' }]]);
      expect(held()).toBe('w1,w2');
      // w1 is there already: the group fails, and w3 is not kept either.
      await expect(writeDurably([insertReturning(db, 'w3'), insertReturning(db, 'w1')])).rejects.toThrow(/UNIQUE/);
      expect(held()).toBe('w1,w2');
      // A transaction holds the writer until it ends: the group waits, and is not undone with it.
      let began!: () => void;
      let end!: () => void;
      const open = new Promise<void>((resolve) => (began = resolve));
      const ended = new Promise<void>((resolve) => (end = resolve));
      const undone = db.transaction().execute(async (trx) => {
        await trx.insertInto('languages').values({ lang: 'w4', name: 'w4' }).execute();
        began();
        await ended;
        throw new Error('undone');
      });
      await open;
      const group = writeDurably([insertReturning(db, 'w5')]);
      end();
      await expect(undone).rejects.toThrow('undone');
      expect(await group).toEqual([[{ lang: 'w5' }]]);
      expect(held()).toBe('w1,w2,w5');
    } finally {
      other.close();
    }
  });

  it('in a group whose commit fails are all refused, and nothing of theirs is kept', async () => {
    dir = mkdtempSync(join(tmpdir(), 'prova-dialect-'));
    handle = await openDatabase(`sqlite:${join(dir, 'prova.db')}`);
    await migrateToLatest(handle);
    const db = handle.db;
    const results = await Promise.allSettled([
      db.transaction().execute((trx) => trx.insertInto('languages').values({ lang: 'h1', name: 'h1' }).execute()),
      // A foreign key checked only at commit, and broken: SQLite refuses the commit.
      db.transaction().execute(async (trx) => {
        await sql`pragma defer_foreign_keys = on`.execute(trx);
        await trx
          .insertInto('campaign_tests')
          .values({ campaign_id: 999_999, test_id: 999_999, position: 1, prerequisites: '[]' })
          .execute();
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await db.selectFrom('languages').select('lang').where('lang', '=', 'h1').execute()).toEqual([]);
    // The next group commits as usual.
    await db.transaction().execute((trx) => trx.insertInto('languages').values({ lang: 'h2', name: 'h2' }).execute());
    expect(await db.selectFrom('languages').select('lang').where('lang', '=', 'h2').execute()).toEqual([{ lang: 'h2' }]);
  });
});

describe('a DATABASE_URL that is neither SQLite nor PostgreSQL', () => {
  it('is refused without echoing the rest of the URL, which may hold a password', async () => {
    const attempt = openDatabase('postgresql+ssl://prova:s3cret-pw@db.example/prova');
    await expect(attempt).rejects.toThrow(
      'DATABASE_URL must start with sqlite: or postgres:// (it starts with "postgresql+ssl:"; the rest is not shown)',
    );
    await expect(openDatabase('mysql://root:hunter2@localhost/prova')).rejects.not.toThrow(/hunter2/);
  });
});

/** A backend message of the PostgreSQL protocol: type byte, length, body. */
function message(type: string, body: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeInt32BE(body.length + 4);
  return Buffer.concat([Buffer.from(type), length, body]);
}
const AUTHENTICATION_OK = message('R', Buffer.alloc(4));
const READY_FOR_QUERY = message('Z', Buffer.from('I'));
const SELECT_NOTHING = message('C', Buffer.from('SELECT 0\0'));

describe('a PostgreSQL connection lost mid-query (database restart, failover, network cut)', () => {
  // A checked-out connection has no pool listener; pg emits 'error' on it after failing the query, and
  // that event unheard ended the server process (e2e/specs/database-outage.spec.ts found it).
  it('fails that query only: the process lives on and the next query opens a new connection', async () => {
    // A stand-in for PostgreSQL: lets every connection in, resets the first one at its first query and
    // answers the others' queries with no rows.
    let connections = 0;
    const server = createServer((socket) => {
      const n = ++connections;
      let started = false;
      socket.on('error', () => {});
      socket.on('data', (chunk) => {
        if (chunk[0] === 'X'.charCodeAt(0)) return; // Terminate, at close
        if (!started) socket.write(Buffer.concat([AUTHENTICATION_OK, READY_FOR_QUERY]));
        else if (n === 1) socket.resetAndDestroy();
        else socket.write(Buffer.concat([SELECT_NOTHING, READY_FOR_QUERY]));
        started = true;
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const handle = await openDatabase(`postgres://prova@127.0.0.1:${(server.address() as { port: number }).port}/prova`);
    try {
      await expect(sql`select 1`.execute(handle.db)).rejects.toThrow();
      // The connection's 'error' event comes after the query's failure.
      await new Promise((done) => setTimeout(done, 50));
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('PostgreSQL connection lost'));
      expect((await sql`select 1`.execute(handle.db)).rows).toEqual([]);
      expect(connections).toBe(2);
    } finally {
      warn.mockRestore();
      await handle.close();
      server.close();
    }
  });
});
