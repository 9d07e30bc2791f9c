// The hand-written bundle of packages/test-support/content/bundle-measurement (an adaptive test, a norm on its THETA
// in three languages, a campaign reporting against it), imported by the import command as an operator runs it; then
// what its candidate takes and reads, and what its staff member reads.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contentFixture, filesOf, zipOf } from '@prova/test-support/content-files';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, type TestApp } from '../../test/build-test-app';
import { runImport } from './import';

const PASSWORD = 'Segreta-2026';
const STAFF = 'marta.staff@misura.example';
const GRACE = 'grace.hall@misura.example';
const TEST = 8501;
const CAMPAIGN = 85010;
const NORM = 8601;
/** The bank's key (its README): item qN is right with "ABCD"[N % 4]. */
const rightAnswer = (id: string) => 'ABCD'[Number(id.slice(1)) % 4]!;

let t: TestApp;
let dir: string;
const out: string[] = [];
const err: string[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  // The bundle as written, beside the package it names, zipped from the hand-written bank.
  dir = mkdtempSync(join(tmpdir(), 'prova-measurement-'));
  const bundleDir = contentFixture('bundle-measurement');
  copyFileSync(join(bundleDir, 'bundle.json'), join(dir, 'bundle.json'));
  const bundle = JSON.parse(readFileSync(join(bundleDir, 'bundle.json'), 'utf8')) as { tests: { package: { file: string } }[] };
  const file = bundle.tests[0]!.package.file;
  mkdirSync(join(dir, 'packages'), { recursive: true });
  writeFileSync(join(dir, file), await zipOf(filesOf(contentFixture('qti-adaptive-bank'))));
  const code = await runImport([dir], { DATABASE_URL: t.database.url }, { out: (l) => out.push(l), err: (l) => err.push(l) });
  expect(err).toEqual([]);
  expect(code).toBe(0);
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const as = async (email: string) => {
  const cookie = await login(t.app, email, PASSWORD);
  const id = (await t.app.inject({ url: '/api/auth/me', headers: { cookie } })).json().user.id as number;
  return { cookie, id };
};

describe('the hand-written measurement bundle', () => {
  it('imports its adaptive test and its norm', () => {
    expect(out).toEqual(expect.arrayContaining(['  tests: 1 created', '  norms: 1 created', '  campaigns: 1 created']));
  });

  it('delivers the adaptive test item by item to its end, and its report reads θ against the norm in English', async () => {
    const grace = await as(GRACE);
    const next = (data: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v2/rpc/${CAMPAIGN}/${TEST}`,
        headers: { cookie: grace.cookie },
        payload: { action: 'adaptive.next', data },
      });
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/tests/${TEST}/start/${CAMPAIGN}/${grace.id}`,
      headers: { cookie: grace.cookie },
      payload: {},
    });
    expect(started.statusCode, started.body).toBe(200);
    let reply = (await next({ answered: 0 })).json().result;
    const given: string[] = [];
    while (!reply.done) {
      const id = reply.item.identifier as string;
      expect(reply.item.xml).not.toContain('qti-correct-response');
      given.push(id);
      // Right, then wrong, in turn.
      const response = { RESPONSE: given.length % 2 ? rightAnswer(id) : 'Z' };
      reply = (await next({ answered: reply.answered, response })).json().result;
    }
    // minItems = maxItems = 4 in the bundle.
    expect(given).toHaveLength(4);
    expect(new Set(given).size).toBe(4);
    await t.app.scoring.idle();

    const report = await t.app.inject({ url: `/api/report/${CAMPAIGN}/page`, headers: { cookie: grace.cookie } });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().page.report.norms).toEqual([
      expect.objectContaining({
        normId: NORM,
        testId: TEST,
        testName: 'Adaptive sums',
        outcome: 'THETA',
        name: '2025 graduates',
        n: 640,
        percentile: expect.any(Number),
        band: { low: expect.any(Number), high: expect.any(Number) },
      }),
    ]);

    // Staff read the same attempt: the items in the order given, each with the estimate after it, and the norm.
    const staff = await as(STAFF);
    const norms = (await t.app.inject({ url: '/api/staff/norms', headers: { cookie: staff.cookie } })).json().norms;
    expect(norms).toEqual([
      expect.objectContaining({ id: NORM, name: 'Diplomati 2025', testId: TEST, outcome: 'THETA', campaignIds: [CAMPAIGN] }),
    ]);
    const responses = await t.app.inject({
      url: `/api/staff/campaigns/${CAMPAIGN}/participants/${grace.id}/tests/${TEST}/responses`,
      headers: { cookie: staff.cookie },
    });
    expect(responses.statusCode, responses.body).toBe(200);
    const seen = responses.json();
    expect(seen).toMatchObject({ adaptive: true, status: 'complete', scored: true });
    expect(seen.items.map((i: { identifier: string }) => i.identifier)).toEqual(given);
    expect(seen.items.map((i: { score: number }) => i.score)).toEqual([1, 0, 1, 0]);
    for (const item of seen.items) expect(item.estimate).toEqual({ theta: expect.any(Number), se: expect.any(Number) });
    expect(seen.norms).toEqual([expect.objectContaining({ normId: NORM, name: 'Diplomati 2025', outcome: 'THETA' })]);
  });
});
