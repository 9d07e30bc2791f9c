import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFixture, filesOf, zipOf } from '@prova/test-support/content-files';
import { importWithShippedImporter, ShippedServer } from '@prova/test-support/shipped-server';
import { type DatabaseHandle, openDatabase } from '../../src/db/database';
import { createFaultWorld, FAULT_DIST, type FaultWorld } from '../faults/fault-world';

// "The server is the source of truth for results", proven against the server as it ships: a browser that lies
// (lying-browser.mjs, a Node process of its own speaking HTTP to the built server) takes a QTI package test
// with wrong answers while claiming a score, outcomes, completion and a clock, and a SCORM course naming a
// source and a score past the course's maximum. What the server stores and reports is its own scoring of the
// responses, on its own clock; a course's outcomes are the content's own, under that source only.

const C = 7401;
const QTI = 741;
const SCORM = 742;
const PASSWORD = 'Bugiardo-di-prova-2026';
const LIA = 'lia@bugie.example';
const ADA = 'ada@bugie.example';

const bundle = {
  version: 2,
  companies: [{ name: 'Bugie' }],
  users: [
    { company: 'Bugie', email: LIA, password: PASSWORD, firstName: 'Lia', lastName: 'Test', privacy: true },
    { company: 'Bugie', email: ADA, password: PASSWORD, firstName: 'Ada', lastName: 'Admin', role: 'admin', privacy: true },
  ],
  tests: [
    { id: QTI, abbreviation: 'QLB', name: 'Banca QTI', package: { type: 'qti', file: 'items/bank.zip' } },
    { id: SCORM, abbreviation: 'SLB', name: 'Corso', package: { type: 'scorm', file: 'courses/safety.zip' } },
  ],
  campaigns: [
    {
      id: C,
      company: 'Bugie',
      name: 'Campagna',
      dateStart: '2026-01-01T08:00:00+01:00',
      dateEnd: '2099-12-31T20:00:00+01:00',
      // The candidate reads their report once a test is complete.
      report: { allowEarlyDownload: true },
      tests: [{ test: QTI }, { test: SCORM }],
      participants: [{ user: LIA }],
      model: {
        areas: [{ id: 1, name: 'Area', inProfile: true }],
        skills: [{ id: 10, areaId: 1, name: 'Competenza' }],
        markers: [
          { id: 100, skillId: 10, name: 'Ragionamento' },
          { id: 101, skillId: 10, name: 'Sicurezza' },
        ],
        tasks: [
          { id: 1000, markerId: 100, name: 'Banca', test: QTI, outcome: 'SCORE', min: 0, max: 7 },
          { id: 1001, markerId: 101, name: 'Corso', test: SCORM, outcome: 'score.raw', min: 0, max: 100 },
        ],
      },
    },
  ],
};

type Answer = { status: number; body: any };
interface Lies {
  me: number;
  answers: Record<string, Answer>;
}

const run = promisify(execFile);
let world: FaultWorld;
let server: ShippedServer;
let database: DatabaseHandle;
let lies: Lies;
let before: number;
let after: number;

async function signInAs(email: string) {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { origin: server.publicUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .find((c) => c.startsWith('prova_session='))!
    .split(';')[0];
}
const getJson = async (cookie: string, path: string) => {
  const response = await fetch(`${server.url}${path}`, { headers: { cookie } });
  return { status: response.status, body: (await response.json()) as any };
};

async function outcomesOf(testId: number) {
  const rows = await database.db
    .selectFrom('outcomes')
    .select(['source', 'outcomes'])
    .where('campaign_id', '=', C)
    .where('test_id', '=', testId)
    .where('user_id', '=', lies.me)
    .orderBy('source')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.source, JSON.parse(r.outcomes) as Array<{ questionId: string; value: unknown }>]));
}

beforeAll(async () => {
  world = await createFaultWorld();
  const zip = join(world.dir, 'bundle.zip');
  writeFileSync(
    zip,
    await zipOf(
      new Map<string, Uint8Array>([
        ['bundle.json', Buffer.from(JSON.stringify(bundle))],
        ['items/bank.zip', await zipOf(filesOf(contentFixture('qti-all-interactions')))],
        ['courses/safety.zip', await zipOf(filesOf(contentFixture('scorm12-course')))],
      ]),
    ),
  );
  await importWithShippedImporter(world.databaseUrl, zip, {}, FAULT_DIST);
  server = await ShippedServer.start({ databaseUrl: world.databaseUrl, dir: world.dir, dist: FAULT_DIST });
  database = await openDatabase(world.databaseUrl, { poolMax: 2 });
  const plan = { url: server.url, origin: server.publicUrl, email: LIA, password: PASSWORD, campaign: C, qti: QTI, scorm: SCORM };
  before = Date.now();
  const { stdout } = await run(process.execPath, [resolve(import.meta.dirname, 'lying-browser.mjs'), JSON.stringify(plan)], {
    env: { PATH: process.env.PATH },
  });
  after = Date.now();
  lies = JSON.parse(stdout) as Lies;
}, 120_000);

afterAll(async () => {
  await database?.close();
  await server?.stop();
  await world?.destroy();
  expect(server?.crashes ?? []).toEqual([]);
});

describe('a browser that lies about a QTI test', () => {
  it("keeps to the server's clock, whatever clock the browser claims", () => {
    const { qtiStart, qtiSave, qtiSavePast, qtiSync } = lies.answers;
    expect(qtiStart.status).toBe(200);
    const { startedAt, endsAt } = qtiStart.body.timing;
    expect(Date.parse(startedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(startedAt)).toBeLessThanOrEqual(after + 1000);
    // The package's own max-time, 30 minutes, from when the server opened it: no extra time, no 2099.
    expect(Date.parse(endsAt) - Date.parse(startedAt)).toBe(30 * 60_000);
    // Saves claiming an end in 2099 or in 2000 are saves like any: the test stays open on the server's clock.
    expect([qtiSave.status, qtiSave.body.stored, qtiSave.body.testStatus]).toEqual([200, true, 'incomplete']);
    expect([qtiSavePast.status, qtiSavePast.body.stored, qtiSavePast.body.testStatus]).toEqual([200, true, 'incomplete']);
    expect(qtiSync.body.timing.startedAt).toBe(startedAt);
    expect(qtiSync.body.timing.endsAt).toBe(endsAt);
    expect(qtiSync.body.testStatus).toBe('incomplete');
  });

  it('completes with its posted outcomes, then takes no more answers', () => {
    expect(lies.answers.qtiOutcomes.status).toBe(200);
    expect(lies.answers.qtiLateSave.status).toBe(409);
    expect(lies.answers.qtiLateSave.body).toMatchObject({ status: false, code: 'TEST_COMPLETE' });
  });

  it("stores the server's scoring of the wrong responses only: zero, and the forged outcomes as a record", async () => {
    let stored: Awaited<ReturnType<typeof outcomesOf>> = {};
    await expect.poll(async () => (stored = await outcomesOf(QTI)).server, { timeout: 15_000, interval: 50 }).toBeDefined();
    const server = new Map(stored.server.map((o) => [o.questionId, o.value]));
    // Every item of the package, each scored 0, the item that is not there nowhere; the test's outcomes after.
    expect([...server.keys()]).toEqual([
      'choice-single',
      'choice-multiple',
      'text-entry',
      'extended-text',
      'inline-choice',
      'order',
      'match',
      'associate',
      'gap-match',
      'hottext',
      'slider',
      'hotspot',
      'SCORE',
      'PASSED',
    ]);
    for (const [id, value] of server) if (id !== 'PASSED') expect([id, value]).toEqual([id, 0]);
    expect(server.get('PASSED')).toBe(false);
    // What the browser posted is kept beside, as its record, under the browser's source and not the one it named.
    expect(stored.client).toEqual([
      { questionId: 'SCORE', value: 100 },
      { questionId: 'PASSED', value: true },
      { questionId: 'choice-single', value: 1 },
    ]);
    expect(Object.keys(stored).sort()).toEqual(['client', 'server']);
  });

  it("reports the server's score to staff and to the candidate", async () => {
    const ada = await signInAs(ADA);
    const responses = await getJson(ada, `/api/staff/campaigns/${C}/participants/${lies.me}/tests/${QTI}/responses`);
    expect(responses.status).toBe(200);
    expect(responses.body.scored).toBe(true);
    expect(responses.body.items.map((i: { score: unknown }) => i.score)).toEqual(Array(12).fill(0));
    expect(responses.body.outcomes).toEqual([
      { questionId: 'SCORE', value: 0 },
      { questionId: 'PASSED', value: false },
    ]);
    const lia = await signInAs(LIA);
    const report = await getJson(lia, `/api/report/${C}/individual/personal/${lies.me}`);
    expect(report.status).toBe(200);
    expect(report.body.result.rep.markers.find((m: { id: number }) => m.id === 100)?.value).toBe(0);
  });
});

describe('a browser that lies about a SCORM course', () => {
  it("keeps the course's outcomes as the content's own, under no source the browser names, and takes no more", async () => {
    expect(lies.answers.scormSave.status).toBe(200);
    expect(lies.answers.scormOutcomes.status).toBe(200);
    expect(lies.answers.scormAgain.status).toBe(409);
    expect(await outcomesOf(SCORM)).toEqual({
      content: [
        { questionId: 'score.raw', value: 500 },
        { questionId: 'score.max', value: 100 },
        { questionId: 'q_fire_alarm', value: 'correct' },
      ],
    });
    const tests = lies.answers.tests.body.tests as Array<{ id: number; status: string }>;
    expect(tests.find((x) => x.id === SCORM)?.status).toBe('complete');
  });

  it("reads a score past the task's maximum as the top of the report's scale, never more", async () => {
    const lia = await signInAs(LIA);
    const report = await getJson(lia, `/api/report/${C}/individual/personal/${lies.me}`);
    expect(report.body.result.rep.markers.find((m: { id: number }) => m.id === 101)?.value).toBe(5);
  });
});
