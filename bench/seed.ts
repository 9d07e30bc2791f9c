import { createHash, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SESSION_IDLE_MS } from '@prova/contract/limits';
import { hashOnThreadPool } from '@prova/server/bench';
import { type BenchDb, openBenchDb } from './bench-db';
import { importBundleFile } from './built-server';
import { CAMPAIGN, OUTCOME_TESTS, reportModel, SCORED_TEST, TEST_SAVE, TEST_START } from '@prova/test-support/bench-campaign';

// What the bench measures on: one company, one campaign open now with a dozen tests (one to save into,
// one timed to open, ten whose outcomes feed a 50-marker report model, one of them scored by the server),
// the candidates who save and read (sessions made directly in the database: signing in is measured on its
// own) and the candidates who arrive and sign in for real. Imported through the real importer.

export const COMPANY = 'Bench S.p.A.';
export { CAMPAIGN, OUTCOME_TESTS, reportModel, SCORED_TEST, TEST_SAVE, TEST_START };
export const PASSWORD = 'Bench-Accesso-2026!';

export interface Candidate {
  index: number;
  userId: number;
  email: string;
  /** Cookie header of a session (savers only, until an arrival signs in). */
  cookie: string;
  /** Their own address, sent in X-Forwarded-For (the server trusts one proxy). */
  address: string;
}

export interface World {
  databaseUrl: string;
  savers: Candidate[];
  arrivals: Candidate[];
  /** questionIds of each outcome test, as the model's tasks read them. */
  outcomeIds: Map<number, string[]>;
  markers: number;
}

const address = (group: number, i: number) => `10.${group}.${(i >> 8) & 255}.${i & 255}`;
/** The address groups of later visits (addressOnLap); the seed's own groups are 1 (savers) and 2 (arrivals). */
const LAP_GROUP_FROM = 100;
const LAP_GROUPS = 150;
const saverEmail = (i: number) => `saver.${i}@bench.example`;
const arrivalEmail = (i: number) => `arrival.${i}@bench.example`;

export function benchBundle(savers: number, arrivals: number) {
  const model = reportModel();
  const outcomeIds = new Map(OUTCOME_TESTS.map((test) => [test, model.tasks.filter((t) => t.test === test).map((t) => t.outcome)]));
  // The server's scoring of the scored test: a value for each outcome the model reads of it.
  const scoredIds = JSON.stringify(outcomeIds.get(SCORED_TEST));
  const algorithm = `function computeOutcomes(data) { var ids = ${scoredIds}; var out = []; for (var i = 0; i < ids.length; i++) out.push({ questionId: ids[i], value: (i * 37) % 101 }); return out; }`;
  const users = [
    ...Array.from({ length: savers }, (_, i) => saverEmail(i)),
    ...Array.from({ length: arrivals }, (_, i) => arrivalEmail(i)),
  ].map((email, i) => ({ company: COMPANY, email, firstName: 'Candidato', lastName: String(i), privacy: true }));
  const tests = [
    { id: TEST_SAVE, abbreviation: 'BSAV', name: 'Salvataggi', url: '/activities/numerical/', jsonData: { hasTimer: false } },
    {
      id: TEST_START,
      abbreviation: 'BTIM',
      name: 'A tempo',
      description: 'Un test a tempo.',
      instructions: '<p>Hai 90 minuti.</p>',
      url: '/activities/numerical/',
      jsonData: { hasTimer: true, duration: 90 },
    },
    ...OUTCOME_TESTS.map((id, k) => ({
      id,
      abbreviation: `BOU${k}`,
      name: { IT_it: `Prova ${k}`, EN_en: `Test ${k}` },
      description: { IT_it: `Descrizione della prova ${k}.` },
      url: '/activities/numerical/',
      jsonData: { hasTimer: false, color: '#1565c0' },
      ...(id === SCORED_TEST ? { algorithm } : {}),
    })),
  ];
  return {
    outcomeIds,
    markers: model.markers.length,
    bundle: {
      version: 1,
      companies: [{ name: COMPANY }],
      users,
      tests,
      campaigns: [
        {
          id: CAMPAIGN,
          company: COMPANY,
          name: { IT_it: 'Campagna di prova', EN_en: 'Bench campaign' },
          description: { IT_it: '<p>Le attività della campagna.</p>' },
          dateStart: '2020-01-01T00:00:00Z',
          dateEnd: '2099-01-01T00:00:00Z',
          tests: [{ test: TEST_SAVE }, { test: TEST_START }, ...OUTCOME_TESTS.map((test) => ({ test }))],
          participants: users.map((u) => ({ user: u.email })),
          model,
          report: { canAssessedDownload: true, allowEarlyDownload: true },
        },
      ],
    },
  };
}

/** A session as the server makes one (it keeps the token's SHA-256), with the campaign selected. */
async function createSession(db: BenchDb, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await db.run('insert into sessions (id, user_id, campaign_id, via_sso, created_at, expires_at) values (?, ?, ?, 0, ?, ?)', [
    createHash('sha256').update(token).digest('hex'),
    userId,
    CAMPAIGN,
    new Date(now).toISOString(),
    new Date(now + SESSION_IDLE_MS).toISOString(),
  ]);
  return `prova_session=${token}`;
}

/**
 * Imports the bench's bundle into an empty database through the real importer, then, before any server
 * runs on it: the arrivals' password (one argon2id hash with the server's parameters, set directly:
 * hashing 2,000 passwords at import would take a minute) and a session for each saver.
 */
export async function seed(databaseUrl: string, dir: string, savers: number, arrivals: number): Promise<World> {
  const { bundle, outcomeIds, markers } = benchBundle(savers, arrivals);
  const file = join(dir, 'bench-bundle.json');
  writeFileSync(file, JSON.stringify(bundle));
  await importBundleFile(databaseUrl, file);

  const db = openBenchDb(databaseUrl);
  try {
    const ids = new Map(
      (await db.all<{ id: number; email: string }>("select id, email from users where email like '%@bench.example'")).map((u) => [
        u.email,
        Number(u.id),
      ]),
    );
    await db.run("update users set password_hash = ? where email like 'arrival.%@bench.example'", [await hashOnThreadPool(PASSWORD)]);
    const candidate = (email: string, index: number, group: number): Candidate => {
      const userId = ids.get(email);
      if (userId === undefined) throw new Error(`${email} was not imported`);
      return { index, userId, email, cookie: '', address: address(group, index) };
    };
    const saverList = Array.from({ length: savers }, (_, i) => candidate(saverEmail(i), i, 1));
    for (const s of saverList) s.cookie = await createSession(db, s.userId);
    return {
      databaseUrl,
      savers: saverList,
      arrivals: Array.from({ length: arrivals }, (_, i) => candidate(arrivalEmail(i), i, 2)),
      outcomeIds,
      markers,
    };
  } finally {
    await db.close();
  }
}

/**
 * A candidate's address on their `lap`th visit; 0 is their own (the synchronised start's). A scenario that signs the
 * same candidates in again and again comes from other addresses each lap, as a person who signs in again from another
 * network: the product's limit of sign-ins per address and account then counts no more of them than real visits would,
 * however long the run and however few the candidates, and nothing of the product is loosened.
 */
export const addressOnLap = (candidate: Candidate, lap: number) =>
  lap === 0 ? candidate.address : address(LAP_GROUP_FROM + ((lap - 1) % LAP_GROUPS), candidate.index);

/** The headers a browser of the app sends: its origin on writes, the session, the candidate's address. */
export function headersOf(origin: string, candidate: Candidate, json: boolean): Record<string, string> {
  return {
    origin,
    'x-forwarded-for': candidate.address,
    ...(candidate.cookie ? { cookie: candidate.cookie } : {}),
    ...(json ? { 'content-type': 'application/json' } : {}),
  };
}
