// Every query on a candidate's path reads only what is theirs: nothing they do may cost more as the
// campaign grows (issue 14, "Growth"; `npm run bench` measures it on 100,000 candidates).
// The hot paths run once against the real app; each statement they execute is then explained (SQLite's
// EXPLAIN QUERY PLAN). On a table that grows with the people in it, a full scan fails the test, and so
// does a search narrowed by neither a person nor a row (the campaign alone is all its people). Tables
// that grow only with the catalogue (companies, campaigns, tests) may be read whole.
import { randomBytes } from 'node:crypto';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadEnv } from '../../src/config/env';
import type { WriteDurably, WriteWithoutSync } from '../../src/db/database';
import { importBundle } from '../../src/import/import-bundle';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { CAMPAIGN, OUTCOME_TESTS, reportModel, TEST_SAVE, TEST_START } from '@prova/test-support/bench-campaign';

/** Tables whose size does not follow the number of people: scanning them is fine. */
const CATALOGUE = new Set([
  'languages',
  'companies',
  'campaigns',
  'campaign_tests',
  'campaign_norms',
  'norms',
  'tests',
  // A company's webhooks (a completed test looks them up): a handful of endpoints, not one per person.
  'webhooks',
  'kysely_migration',
]);

/** Columns that narrow a search to one person or one row. */
const NARROWING = new Set([
  'rowid',
  'id',
  'user_id',
  'email',
  'key',
  'token_hash',
  'evaluee_id',
  'evaluator_id',
  'assessor_id',
  'assessed_id',
]);

/**
 * Reads known today that grow with the campaign, to be removed. The test fails when one of them is no
 * longer seen, so that this list only shrinks.
 */
const KNOWN: { why: string; table: string; detail: RegExp; statement: RegExp }[] = [];

/**
 * Reads narrowed by the campaign and a test only, that stay cheap however big the campaign: an
 * `exists (...)` stops at its first row.
 */
const BOUNDED = [
  {
    why: 'is this an assessor test: exists() on (campaign_id, test_id)',
    table: 'assessments',
    detail: /USING COVERING INDEX assessments_test_idx \(campaign_id=\? AND test_id=\?\)$/,
    statement: /exists \(select "assessments"\."test_id" from "assessments" where "assessments"\."campaign_id" = /,
  },
];

const PASSWORD = 'Indici-Ovunque-2026';
const EMAIL = 'ada@scale.example';
const bundle = {
  version: 1,
  companies: [{ name: 'Scale S.r.l.' }],
  users: [EMAIL, 'bea@scale.example'].map((email) => ({ company: 'Scale S.r.l.', email, password: PASSWORD, privacy: true })),
  tests: [TEST_SAVE, TEST_START, ...OUTCOME_TESTS].map((id) => ({
    id,
    abbreviation: `T${id}`,
    name: `Test ${id}`,
    url: '/activities/numerical/',
    jsonData: id === TEST_START ? { hasTimer: true, duration: 30 } : { hasTimer: false },
  })),
  campaigns: [
    {
      id: CAMPAIGN,
      company: 'Scale S.r.l.',
      name: 'Scale',
      dateStart: '2020-01-01T00:00:00Z',
      dateEnd: '2099-01-01T00:00:00Z',
      tests: [TEST_SAVE, TEST_START, ...OUTCOME_TESTS].map((test) => ({ test })),
      participants: [{ user: EMAIL }, { user: 'bea@scale.example' }],
      model: reportModel(),
      report: { canAssessedDownload: true, allowEarlyDownload: true },
    },
  ],
};

// The statements executed while `capturing`, by their SQL: those better-sqlite3 runs on the server's
// thread (reads and writes alike), and the groups of writes handed to the database's durable writer.
const executed = new Set<string>();
let capturing = false;
function captureStatements() {
  const probe = new SQLite(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<
    'run' | 'get' | 'all' | 'iterate',
    (...args: unknown[]) => unknown
  >;
  probe.close();
  for (const method of ['run', 'get', 'all', 'iterate'] as const) {
    const original = proto[method];
    proto[method] = function (this: { source: string }, ...args: unknown[]) {
      if (capturing) executed.add(this.source);
      return original.apply(this, args);
    };
  }
}

let app: FastifyInstance;
let database: TestDatabase;
beforeAll(async () => {
  captureStatements();
  database = await createTestDatabase();
  const imported = await importBundle(database, bundle);
  if (!imported.ok) throw new Error(imported.problems.join('\n'));
  const writeDurably: WriteDurably = (queries) => {
    if (capturing) for (const query of queries) executed.add(query.sql);
    return database.writeDurably(queries);
  };
  const env = loadEnv({ PUBLIC_URL: 'http://localhost:3000', LOG_LEVEL: 'silent', DEMO: '0', SWEEP_INTERVAL_MS: '0' });
  const writeWithoutSync: WriteWithoutSync = (query) => {
    if (capturing) executed.add(query.sql);
    return database.writeWithoutSync(query);
  };
  app = await buildApp({ env, database: { ...database, writeDurably, writeWithoutSync }, logger: false });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

describe('the queries on a candidate’s path (SQLite)', () => {
  it('read only the candidate’s rows of the tables that grow with the people in them', async () => {
    const send = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
      app.inject({ method, url, headers: { origin: 'http://localhost:3000', ...(cookie ? { cookie } : {}) }, payload });
    const key = () => randomBytes(16).toString('base64url');

    // A first sign-in starts the server's housekeeping (expired keys and limit counts, every ten minutes,
    // off the requests' path): not what is measured here.
    expect((await send('POST', '/api/auth/login', undefined, { username: 'bea@scale.example', password: PASSWORD })).statusCode).toBe(200);
    await send('GET', '/api/health');
    // Its deletes run on the server's thread, a moment after the answer.
    await new Promise((resolve) => setTimeout(resolve, 200));

    capturing = true;
    const login = await send('POST', '/api/auth/login', undefined, { username: EMAIL, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    const cookie = `prova_session=${login.cookies.find((c) => c.name === 'prova_session')!.value}`;
    const userId = (login.json() as { user: { id: number } }).user.id;
    const progress = (test: number, kind: string) => `/api/tests/${test}/${kind}/${CAMPAIGN}/${userId}`;
    const calls: Array<[string, 'GET' | 'POST', string, object?]> = [
      ['enter the campaign', 'POST', `/api/usercampaign/${CAMPAIGN}`, {}],
      ['who am I', 'GET', '/api/auth/me'],
      ['the campaigns', 'GET', '/api/usercampaign/list'],
      ['the campaign', 'GET', '/api/usercampaign'],
      ['the tests', 'GET', '/api/usertests'],
      ['open a test', 'POST', progress(TEST_START, 'start'), {}],
      ['tracking', 'GET', progress(TEST_SAVE, 'sync')],
      ['save data', 'POST', progress(TEST_SAVE, 'data'), { version: 1, data: '{"a":1}' }],
      ['save status', 'POST', progress(TEST_SAVE, 'status'), { version: 2, status: 'incomplete' }],
      ['save both', 'POST', progress(TEST_SAVE, 'sync'), { version: 3, status: 'incomplete', data: '{"a":2}' }],
      ['a stale save', 'POST', progress(TEST_SAVE, 'data'), { version: 1, data: '{"a":0}' }],
      ['read progress', 'GET', progress(TEST_SAVE, 'data')],
      ['check sync', 'POST', `/api/tests/checkSync/${CAMPAIGN}`, { tests: [{ testId: TEST_SAVE, version: 4 }] }],
      [
        'outcomes',
        'POST',
        `/api/outcomes/${CAMPAIGN}/${OUTCOME_TESTS[0]}/${userId}`,
        { values: [{ questionId: 'q1', value: 50 }], idempotencyKey: key() },
      ],
      ['log entry', 'POST', '/api/logs', { data: JSON.stringify({ campaignId: CAMPAIGN, event: 'x' }), idempotencyKey: key() }],
      ['report settings', 'GET', `/api/report/${CAMPAIGN}/config`],
      ['report page', 'GET', `/api/report/${CAMPAIGN}/individual/personal/${userId}`],
    ];
    for (const [what, method, url, payload] of calls) {
      const answer = await send(method, url, cookie, payload);
      expect(answer.statusCode, `${what}: ${answer.body}`).toBeLessThan(300);
    }
    capturing = false;

    const db = new SQLite(database.url.slice('sqlite:'.length), { readonly: true });
    const found: string[] = [];
    const known = new Set<(typeof KNOWN)[number]>();
    try {
      const tableOf = (name: string, text: string) => {
        const object = db.prepare('select type, tbl_name from sqlite_master where name = ?').get(name) as
          { type: string; tbl_name: string } | undefined;
        if (object) return object.tbl_name;
        // An alias: `"table" as "alias"`, or `table alias`.
        return new RegExp(`"?(\\w+)"?\\s+(?:as\\s+)?"?${name}"?\\b`, 'i').exec(text)?.[1];
      };
      const isTable = (name: string | undefined) =>
        !!name && !!db.prepare("select 1 from sqlite_master where type = 'table' and name = ?").get(name);
      for (const text of executed) {
        if (!/^\s*(select|insert|update|delete|with)\b/i.test(text)) continue;
        const params = Array.from({ length: (text.match(/\?/g) ?? []).length }, () => null);
        const plan = db.prepare(`explain query plan ${text}`).all(...params) as Array<{ detail: string }>;
        if (process.env.SCALE_SHOW_QUERIES) console.log(`${text}\n  ${plan.map((p) => p.detail).join('\n  ')}`);
        for (const { detail } of plan) {
          const scan = /^SCAN (\S+)/.exec(detail);
          const search = /^SEARCH (\S+) USING (?:(?:COVERING )?INDEX (\S+)|INTEGER PRIMARY KEY) \((.*)\)/.exec(detail);
          let table: string | undefined;
          if (scan) table = tableOf(scan[1], text);
          else if (search) {
            table = search[2] ? tableOf(search[2], text) : tableOf(search[1], text);
            const columns = search[3].split(' AND ').map((c) => /^(\w+)/.exec(c)?.[1] ?? '');
            if (columns.some((c) => NARROWING.has(c))) continue;
          } else continue;
          if (!isTable(table) || CATALOGUE.has(table!)) continue;
          if (BOUNDED.some((b) => b.table === table && b.detail.test(detail) && b.statement.test(text))) continue;
          const listed = KNOWN.find((k) => k.table === table && k.detail.test(detail) && k.statement.test(text));
          if (listed) known.add(listed);
          else found.push(`${detail}\n    in: ${text}`);
        }
      }
    } finally {
      db.close();
    }
    expect(executed.size).toBeGreaterThan(10);
    expect(found, `reads that grow with the campaign on a candidate's path:\n${found.join('\n')}`).toEqual([]);
    const gone = KNOWN.filter((k) => !known.has(k)).map((k) => k.why);
    expect(gone, 'known reads no longer seen: remove them from KNOWN').toEqual([]);
  });
});
