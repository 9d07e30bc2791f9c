// Fills a database with a large campaign: `candidates` more people in the bench's company and campaign
// (a session each, consent given), `progress` rows of test progress spread over them (the first tests of
// the campaign; most complete, with the activity's outcomes), as a campaign of that size holds them after
// its days of tests. Bulk inserts in a few transactions, straight into the tables, not through the API;
// the rows are as the server writes them, in the columns every migration since 0001 has.
//
//   npx tsx bench/growth/grow.ts <DATABASE_URL> [candidates] [progress rows]
//
// On a database without the bench's campaign, the campaign is imported first (the bench's bundle, no one
// in it). The server must not run on the database meanwhile (it keeps copies of people and sessions).
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SESSION_IDLE_MS } from '@prova/contract/limits';
import type pg from 'pg';
import { type BenchDb, openBenchDb } from '../bench-db';
import { importBundleFile } from '../built-server';
import { benchBundle, CAMPAIGN, COMPANY, OUTCOME_TESTS, TEST_SAVE, TEST_START } from '../seed';

export interface GrowOptions {
  candidates: number;
  progress: number;
  /** Print progress lines. */
  log?: (line: string) => void;
}

export interface Grown {
  users: number;
  progress: number;
  outcomes: number;
  sessions: number;
  seconds: number;
}

/** The order in which a grown candidate's tests have progress rows. */
const TESTS = [TEST_SAVE, TEST_START, ...OUTCOME_TESTS];
const BATCH = 5_000;

interface Tables {
  users: unknown[][];
  participants: unknown[][];
  sessions: unknown[][];
  progress: unknown[][];
  outcomes: unknown[][];
}

const COLUMNS = {
  users: ['id', 'company_id', 'email', 'password_hash', 'first_name', 'last_name', 'role', 'has_sso', 'privacy', 'created_at'],
  participants: ['campaign_id', 'user_id', 'lang', 'last_access', 'extra_time_percent'],
  sessions: ['id', 'user_id', 'campaign_id', 'via_sso', 'created_at', 'expires_at'],
  test_progress: ['campaign_id', 'test_id', 'user_id', 'version', 'status', 'data', 'updated_at', 'started_at', 'ends_at', 'scoring_due'],
  outcomes: ['campaign_id', 'test_id', 'user_id', 'source', 'outcomes', 'created_at'],
} as const;
type Table = keyof typeof COLUMNS;
const TYPES: Record<Table, string[]> = {
  users: ['int', 'int', 'text', 'text', 'text', 'text', 'text', 'int', 'int', 'text'],
  participants: ['int', 'int', 'text', 'text', 'int'],
  sessions: ['text', 'int', 'int', 'int', 'text', 'text'],
  test_progress: ['int', 'int', 'int', 'int', 'text', 'text', 'text', 'text', 'text', 'int'],
  outcomes: ['int', 'int', 'int', 'text', 'text', 'text'],
};

/** Rows of one batch of candidates, from `first` (their index among the grown ones). */
function rowsFor(
  first: number,
  count: number,
  firstId: number,
  companyId: number,
  perCandidate: number[],
  passwordHash: string | null,
): Tables {
  const now = Date.now();
  const at = new Date(now).toISOString();
  const tables: Tables = { users: [], participants: [], sessions: [], progress: [], outcomes: [] };
  for (let i = first; i < first + count; i++) {
    const id = firstId + i;
    tables.users.push([id, companyId, `grown.${i}@bench.example`, passwordHash, 'Candidato', `Cresciuto ${i}`, 'user', 0, 1, at]);
    tables.participants.push([CAMPAIGN, id, 'IT_it', at, 0]);
    const token = `grown-session-${i}`;
    tables.sessions.push([
      createHash('sha256').update(token).digest('hex'),
      id,
      CAMPAIGN,
      0,
      at,
      new Date(now + SESSION_IDLE_MS).toISOString(),
    ]);
    const tests = TESTS.slice(0, perCandidate[i]);
    for (const [k, test] of tests.entries()) {
      // The test being saved into and the timed one still open; the others finished, with their outcomes.
      const open = test === TEST_SAVE || test === TEST_START;
      const version = 3 + ((i * 7 + k) % 40);
      const data = JSON.stringify({ v: version, answers: { q1: 'b', q2: 'd', q3: String(i % 5) }, at });
      const endsAt = test === TEST_START ? new Date(now + 24 * 3600_000).toISOString() : null;
      tables.progress.push([CAMPAIGN, test, id, version, open ? 'incomplete' : 'complete', data, at, at, endsAt, 0]);
      if (!open) {
        const values = Array.from({ length: 10 }, (_, q) => ({ questionId: `q${q}`, value: (i + q * 13) % 101 }));
        tables.outcomes.push([CAMPAIGN, test, id, 'client', JSON.stringify(values), at]);
      }
    }
  }
  return tables;
}

/** Inserts rows into a table: one prepared statement on SQLite, one statement a batch (each column an array) on PostgreSQL. */
async function insert(db: BenchDb, client: pg.PoolClient | undefined, table: Table, rows: unknown[][]): Promise<void> {
  if (rows.length === 0) return;
  const columns = COLUMNS[table];
  if (db.sqlite) {
    const statement = db.sqlite.prepare(`insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`);
    for (const row of rows) statement.run(...row);
    return;
  }
  const arrays = columns.map((_, c) => rows.map((row) => row[c]));
  const unnest = TYPES[table].map((type, c) => `$${c + 1}::${type}[]`).join(', ');
  await client!.query(`insert into ${table} (${columns.join(', ')}) select * from unnest(${unnest})`, arrays);
}

export async function grow(databaseUrl: string, opts: GrowOptions): Promise<Grown> {
  const log = opts.log ?? (() => {});
  const started = performance.now();
  const db = openBenchDb(databaseUrl);
  try {
    const company = await db.all<{ id: number }>('select id from companies where name = ?', [COMPANY]);
    const campaign = await db.all<{ id: number }>('select id from campaigns where id = ?', [CAMPAIGN]);
    if (company.length === 0 || campaign.length === 0) throw new Error(`the database has no bench campaign ${CAMPAIGN}`);
    const companyId = Number(company[0].id);
    const firstId = Number((await db.all<{ m: number | null }>('select max(id) as m from users'))[0].m ?? 0) + 1;
    const hashRow = await db.all<{ h: string | null }>('select password_hash as h from users where password_hash is not null limit 1');
    const passwordHash = hashRow[0]?.h ?? null;
    // Progress rows spread evenly: every candidate has the first n tests, some one more.
    const base = Math.floor(opts.progress / opts.candidates);
    const extra = opts.progress - base * opts.candidates;
    if (base + (extra > 0 ? 1 : 0) > TESTS.length)
      throw new Error(`at most ${TESTS.length} progress rows a candidate (${TESTS.length * opts.candidates})`);
    const perCandidate = Array.from({ length: opts.candidates }, (_, i) => base + (i < extra ? 1 : 0));

    const grown: Grown = { users: 0, progress: 0, outcomes: 0, sessions: 0, seconds: 0 };
    const sqlite = db.sqlite;
    sqlite?.pragma('journal_mode = WAL');
    sqlite?.pragma('synchronous = NORMAL'); // bulk loading: the log is checkpointed and synced at the end
    const client = db.pool ? await db.pool.connect() : undefined;
    // Bulk test data: a crash while loading means loading again, so this connection's commits need not wait for the disk.
    await client?.query('set synchronous_commit = off');
    const run = async (text: string) => (sqlite ? sqlite.exec(text) : await client!.query(text));
    for (let first = 0; first < opts.candidates; first += BATCH) {
      const count = Math.min(BATCH, opts.candidates - first);
      const rows = rowsFor(first, count, firstId, companyId, perCandidate, passwordHash);
      await run('begin');
      try {
        await insert(db, client, 'users', rows.users);
        await insert(db, client, 'participants', rows.participants);
        await insert(db, client, 'sessions', rows.sessions);
        await insert(db, client, 'test_progress', rows.progress);
        await insert(db, client, 'outcomes', rows.outcomes);
        await run('commit');
      } catch (error) {
        await run('rollback');
        client?.release();
        throw error;
      }
      grown.users += rows.users.length;
      grown.sessions += rows.sessions.length;
      grown.progress += rows.progress.length;
      grown.outcomes += rows.outcomes.length;
      if ((first / BATCH) % 5 === 4 || first + count >= opts.candidates) {
        log(
          `${grown.users.toLocaleString('en')} candidates, ${grown.progress.toLocaleString('en')} progress rows (${((performance.now() - started) / 1000).toFixed(0)} s)`,
        );
      }
    }
    client?.release();
    if (sqlite) {
      sqlite.pragma('wal_checkpoint(TRUNCATE)');
    } else {
      await db.run(`select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users))`);
      // What autovacuum does after a bulk load, at once: the planner knows the tables' sizes.
      await db.run('analyze');
    }
    grown.seconds = (performance.now() - started) / 1000;
    return grown;
  } finally {
    await db.close();
  }
}

const isEntry = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isEntry) {
  const [given, candidates = '100000', progress = '1000000'] = process.argv.slice(2);
  // npm runs the script in bench/: a relative SQLite path means where the command was typed.
  const url = given?.startsWith('sqlite:')
    ? `sqlite:${resolve(process.env.INIT_CWD ?? process.cwd(), given.slice('sqlite:'.length))}`
    : given;
  if (!url) {
    console.error('Usage: npx tsx bench/growth/grow.ts <DATABASE_URL> [candidates] [progress rows]');
    process.exit(1);
  }
  const db = openBenchDb(url);
  const hasCampaign = await db
    .all<{ id: number }>('select id from campaigns where id = ?', [CAMPAIGN])
    .then((rows) => rows.length > 0)
    .catch(() => false);
  await db.close();
  if (!hasCampaign) {
    const dir = mkdtempSync(join(tmpdir(), 'prova-grow-'));
    const file = join(dir, 'bench-bundle.json');
    writeFileSync(file, JSON.stringify(benchBundle(0, 0).bundle));
    await importBundleFile(url, file);
    rmSync(dir, { recursive: true, force: true });
    console.log(`imported the bench campaign ${CAMPAIGN}`);
  }
  const grown = await grow(url, { candidates: Number(candidates), progress: Number(progress), log: (line) => console.log(line) });
  console.log(
    `grew by ${grown.users.toLocaleString('en')} candidates, ${grown.progress.toLocaleString('en')} progress rows, ` +
      `${grown.outcomes.toLocaleString('en')} outcomes and ${grown.sessions.toLocaleString('en')} sessions in ${grown.seconds.toFixed(1)} s`,
  );
}
