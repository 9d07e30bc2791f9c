import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TEST_ATTEMPTS } from '@prova/contract/limits';
import { PROGRESS_DATA_MAX_CHARS } from '@prova/contract/tests';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import {
  ANNA,
  BRUNO,
  C_360,
  C_BETA,
  C_MAIN,
  type Caller,
  deliveryBundle,
  ELENA,
  MARCO,
  signIn,
  SOFIA,
  UGO,
  userId,
} from './test-delivery-fixtures';

let t: TestApp;
let anna: Caller;
let marco: Caller;
let elena: Caller;
beforeAll(async () => {
  t = await buildTestApp(deliveryBundle);
  [anna, marco, elena] = await Promise.all([signIn(t.app, ANNA), signIn(t.app, MARCO), signIn(t.app, ELENA)]);
});
afterAll(() => t.close());

const post = (who: Caller, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie: who.cookie }, payload });
const get = (who: Caller, url: string) => t.app.inject({ url, headers: { cookie: who.cookie } });
const serverOutcomes = async (testId: number, user: number) => {
  const rows = await t.app.database.db
    .selectFrom('outcomes')
    .select(['outcomes', 'source'])
    .where('campaign_id', '=', C_MAIN)
    .where('test_id', '=', testId)
    .where('user_id', '=', user)
    .where('source', '=', 'server')
    .execute();
  return rows.map((r) => JSON.parse(r.outcomes));
};

describe('versioned progress writes', () => {
  it('initialises tracking with version 0, the options as JSON text and the status; only the opening writes', async () => {
    const url = `/api/tests/104/sync/${C_MAIN}/${marco.id}`;
    const read = await get(marco, url);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      status: true,
      data: { version: 0, data: null },
      testData: '{}',
      testStatus: 'not attempted',
      timing: null,
    });
    // Reading changed nothing: the test is still not attempted.
    expect((await get(marco, url)).json().testStatus).toBe('not attempted');
    const opened = await post(marco, `/api/tests/104/start/${C_MAIN}/${marco.id}`, {});
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({
      status: true,
      data: { version: 0, data: null },
      testData: '{}',
      testStatus: 'incomplete',
      timing: null,
    });
    expect((await get(marco, url)).json().testStatus).toBe('incomplete');
    const rag = await get(marco, `/api/tests/101/sync/${C_MAIN}/${marco.id}`);
    expect(rag.json().testData).toBe('{"level":2}');
  });

  it('stores a newer version, ignores a stale one and always answers the server version', async () => {
    const url = `/api/tests/104/sync/${C_MAIN}/${marco.id}`;
    const first = await post(marco, url, { version: 5, status: 'incomplete', data: '{"step":5}' });
    expect(first.json()).toEqual({ status: true, version: 5, stored: true, testStatus: 'incomplete' });
    const stale = await post(marco, url, { version: 3, status: 'incomplete', data: '{"step":3}' });
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toEqual({ status: true, version: 5, stored: false, testStatus: 'incomplete' });
    const retry = await post(marco, url, { version: 5, status: 'incomplete', data: '{"step":5}' });
    expect(retry.json()).toMatchObject({ version: 5 });
    const data = await post(marco, `/api/tests/104/data/${C_MAIN}/${marco.id}`, { version: 7, data: { step: 7 } });
    expect(data.json()).toMatchObject({ version: 7, stored: true });
    const staleData = await post(marco, `/api/tests/104/data/${C_MAIN}/${marco.id}`, { version: 6, data: '{"step":6}' });
    expect(staleData.json()).toMatchObject({ version: 7, stored: false });
    const read = await get(marco, `/api/tests/104/data/${C_MAIN}/${marco.id}`);
    expect(read.json()).toEqual({ status: true, data: { version: 7, status: 'incomplete', data: '{"step":7}' } });
  });

  it('keeps the highest version when saves race', async () => {
    const url = `/api/tests/103/data/${C_MAIN}/${marco.id}`;
    const versions = Array.from({ length: 20 }, (_, i) => i + 1).sort(() => Math.random() - 0.5);
    const answers = await Promise.all(versions.map((v) => post(marco, url, { version: v, data: `v${v}` })));
    for (const a of answers) expect(a.statusCode).toBe(200);
    const read = await get(marco, `/api/tests/103/data/${C_MAIN}/${marco.id}`);
    expect(read.json().data).toMatchObject({ version: 20, data: 'v20' });
  });

  it('completes with a status-only version (1, 2) behind the data, then refuses every later save with 409', async () => {
    const base = `${C_MAIN}/${marco.id}`;
    await post(marco, `/api/tests/106/data/${base}`, { version: 9, data: 'nine' });
    const complete = await post(marco, `/api/tests/106/status/${base}`, { version: 2, status: 'complete' });
    expect(complete.json()).toMatchObject({ version: 9, testStatus: 'complete' });
    for (const [kind, payload] of [
      ['sync', { version: 10, status: 'incomplete', data: 'ten' }],
      ['data', { version: 11, data: 'eleven' }],
      ['status', { version: 1, status: 'incomplete' }],
    ] as const) {
      const late = await post(marco, `/api/tests/106/${kind}/${base}`, payload);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ status: false, code: 'TEST_COMPLETE' });
    }
    expect((await get(marco, `/api/tests/106/data/${base}`)).json().data).toEqual({ version: 9, status: 'complete', data: 'nine' });
  });

  it('takes a repeatable test again only through a new opening, which keeps the finished attempt in the history', async () => {
    const base = `${C_MAIN}/${marco.id}`;
    await post(marco, `/api/tests/104/sync/${base}`, { version: 11, status: 'complete', data: 'done' });
    expect((await post(marco, `/api/tests/104/sync/${base}`, { version: 12, status: 'incomplete', data: 'again' })).statusCode).toBe(409);
    const reopened = await post(marco, `/api/tests/104/start/${base}`, {});
    // Newer than any copy of the old attempt a browser may hold, and empty.
    expect(reopened.json()).toMatchObject({ data: { version: 12, data: null }, testStatus: 'incomplete' });
    const again = await post(marco, `/api/tests/104/sync/${base}`, { version: 13, status: 'incomplete', data: 'again' });
    expect(again.json()).toMatchObject({ version: 13, testStatus: 'incomplete', stored: true });
    const history = await t.app.database.db
      .selectFrom('test_progress_history')
      .selectAll()
      .where('user_id', '=', marco.id)
      .where('test_id', '=', 104)
      .execute();
    expect(history).toMatchObject([{ version: 11, status: 'complete', data: 'done', reason: 'repeat' }]);
  });

  it('names the field of a bad body', async () => {
    const url = `/api/tests/104/sync/${C_MAIN}/${marco.id}`;
    for (const [payload, field] of [
      [{ version: 1.5, status: 'incomplete', data: 'x' }, 'body.version'],
      [{ version: 1, status: 'finished', data: 'x' }, 'body.status'],
      [{ version: 1, status: 'complete' }, 'body.data'],
    ] as const) {
      const res = await post(marco, url, payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(field);
    }
  });

  it('refuses progress data past its limit with 413 naming the field, and keeps what was saved', async () => {
    const url = `/api/tests/103/data/${C_MAIN}/${anna.id}`;
    expect((await post(anna, url, { version: 1, data: 'kept' })).statusCode).toBe(200);
    for (const [route, payload] of [
      ['data', { version: 2, data: 'x'.repeat(PROGRESS_DATA_MAX_CHARS + 1) }],
      ['sync', { version: 2, status: 'incomplete', data: { text: 'x'.repeat(PROGRESS_DATA_MAX_CHARS) } }],
    ] as const) {
      const res = await post(anna, `/api/tests/103/${route}/${C_MAIN}/${anna.id}`, payload);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ status: false, code: 'PAYLOAD_TOO_LARGE', errors: [{ path: 'body.data' }] });
    }
    expect((await get(anna, url)).json().data).toMatchObject({ version: 1, data: 'kept' });
  });
});

describe('who may read and write', () => {
  it("refuses another candidate's progress with 403, reading or writing", async () => {
    expect((await get(marco, `/api/tests/101/sync/${C_MAIN}/${anna.id}`)).statusCode).toBe(403);
    expect(
      (await post(marco, `/api/tests/101/sync/${C_MAIN}/${anna.id}`, { version: 1, status: 'incomplete', data: 'x' })).statusCode,
    ).toBe(403);
    expect((await post(marco, `/api/tests/101/status/${C_MAIN}/${anna.id}`, { version: 1, status: 'complete' })).statusCode).toBe(403);
    expect((await get(marco, `/api/tests/101/data/${C_MAIN}/${anna.id}`)).statusCode).toBe(403);
  });

  it('lets an assessor read the store of an assigned person only, in the assigned test', async () => {
    await t.app.database.db
      .insertInto('test_progress')
      .values({
        campaign_id: C_MAIN,
        test_id: 201,
        user_id: anna.id,
        version: 1,
        status: 'incomplete',
        data: 'notes',
        updated_at: new Date().toISOString(),
        started_at: null,
        ends_at: null,
      })
      .execute();
    const assigned = await get(elena, `/api/tests/201/data/${C_MAIN}/${anna.id}`);
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().data).toMatchObject({ version: 1, data: 'notes' });
    expect((await get(elena, `/api/tests/201/data/${C_MAIN}/${marco.id}`)).statusCode).toBe(403);
    expect((await get(elena, `/api/tests/101/data/${C_MAIN}/${anna.id}`)).statusCode).toBe(403);
    // Reading is not writing: an assessor cannot save someone else's progress.
    expect((await post(elena, `/api/tests/201/data/${C_MAIN}/${anna.id}`, { version: 2, data: 'x' })).statusCode).toBe(403);
    // The person assessed never reads the assessors' test about her, though the path names her own progress.
    expect((await get(anna, `/api/tests/201/data/${C_MAIN}/${anna.id}`)).statusCode).toBe(403);
    const rpc = await t.app.inject({
      method: 'POST',
      url: `/api/v2/rpc/${C_MAIN}/201`,
      headers: { cookie: anna.cookie },
      payload: { action: 'getProgress' },
    });
    expect(rpc.statusCode).toBe(403);
    const byAssessor = await t.app.inject({
      method: 'POST',
      url: `/api/v2/rpc/${C_MAIN}/201`,
      headers: { cookie: elena.cookie },
      payload: { action: 'ping' },
    });
    expect(byAssessor.statusCode).toBe(200);
  });

  it("answers 404 for a test that is not in the campaign, or a campaign that is not the caller's", async () => {
    expect((await get(marco, `/api/tests/901/sync/${C_MAIN}/${marco.id}`)).statusCode).toBe(404);
    expect((await get(marco, `/api/tests/999/sync/${C_MAIN}/${marco.id}`)).statusCode).toBe(404);
    // Test 101 is in the Beta campaign too, but Marco does not take part in it.
    const other = await get(marco, `/api/tests/101/sync/${C_BETA}/${marco.id}`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ status: false, code: 'NOT_FOUND' });
    const bruno = await signIn(t.app, BRUNO);
    expect((await get(bruno, `/api/tests/101/data/${C_MAIN}/${marco.id}`)).statusCode).toBe(404);
    expect((await post(bruno, `/api/tests/checkSync/${C_MAIN}`, { tests: [] })).statusCode).toBe(404);
    // The 360 test exists only in a 360 campaign.
    expect((await get(anna, `/api/tests/360/sync/${C_MAIN}/${anna.id}`)).statusCode).toBe(404);
    expect((await get(anna, `/api/tests/360/sync/${C_360}/${anna.id}`)).statusCode).toBe(200);
  });

  it('answers 422 NO_PRIVACY_CONSENT without consent and 401 without a session', async () => {
    const ugo = await signIn(t.app, UGO);
    const res = await get(ugo, `/api/tests/101/sync/${C_MAIN}/${ugo.id}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('NO_PRIVACY_CONSENT');
    expect((await t.app.inject({ url: `/api/tests/101/sync/${C_MAIN}/${ugo.id}` })).statusCode).toBe(401);
  });
});

describe('start rules', () => {
  it('locks a test until its prerequisites are complete, on start and on save', async () => {
    const locked = await get(marco, `/api/tests/102/sync/${C_MAIN}/${marco.id}`);
    expect(locked.statusCode).toBe(422);
    expect(locked.json()).toMatchObject({ status: false, code: 'TEST_LOCKED', missingPrerequisites: [101] });
    const save = await post(marco, `/api/tests/102/data/${C_MAIN}/${marco.id}`, { version: 1, data: 'x' });
    expect(save.statusCode).toBe(422);
    expect(save.json().code).toBe('TEST_LOCKED');
    // Outcomes count as completion: they are locked like a save, and the test stays not attempted.
    const outcomes = await post(marco, `/api/outcomes/${C_MAIN}/102/${marco.id}`, { values: [{ questionId: 'q', value: 1 }] });
    expect(outcomes.statusCode).toBe(422);
    expect(outcomes.json()).toMatchObject({ code: 'TEST_LOCKED', message: 'Test locked: complete tests 101 first' });
    expect((await get(marco, `/api/tests/102/data/${C_MAIN}/${marco.id}`)).json().data).toMatchObject({
      version: 0,
      status: 'not attempted',
    });
    // Campaign-level prerequisites count too.
    const cmp = await get(marco, `/api/tests/105/sync/${C_MAIN}/${marco.id}`);
    expect(cmp.json()).toMatchObject({ code: 'TEST_LOCKED', missingPrerequisites: [104] });
  });

  it('lets an assessor open a test with unmet prerequisites', async () => {
    expect((await get(elena, `/api/tests/102/sync/${C_MAIN}/${elena.id}`)).statusCode).toBe(200);
  });

  it('unlocks once the prerequisite is complete; a complete test cannot start again unless repeatable', async () => {
    const base = `${C_MAIN}/${marco.id}`;
    await post(marco, `/api/tests/101/status/${base}`, { version: 2, status: 'complete' });
    expect((await get(marco, `/api/tests/102/sync/${base}`)).statusCode).toBe(200);
    const again = await get(marco, `/api/tests/101/sync/${base}`);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: 'TEST_LOCKED', missingPrerequisites: [] });
    await post(marco, `/api/tests/104/start/${base}`, {});
    await post(marco, `/api/tests/104/status/${base}`, { version: 99, status: 'complete' });
    expect((await get(marco, `/api/tests/104/sync/${base}`)).statusCode).toBe(200);
  });
});

describe('attempts at a repeatable test', () => {
  it(`allows ${MAX_TEST_ATTEMPTS} in all, then refuses a new one with 422 ATTEMPTS_EXHAUSTED; a staff reset gives one back`, async () => {
    const annaInMain = await signIn(t.app, ANNA, C_MAIN);
    const base = `${C_MAIN}/${anna.id}`;
    const attempt = async () => {
      const opened = await post(anna, `/api/tests/104/start/${base}`, {});
      if (opened.statusCode !== 200) return opened;
      const version = opened.json().data.version + 1;
      expect((await post(anna, `/api/tests/104/status/${base}`, { version, status: 'complete' })).statusCode).toBe(200);
      return opened;
    };
    const listed = async () =>
      ((await get(annaInMain, '/api/usertests')).json().tests as { id: number; attemptsLeft: number | null; canStart: boolean }[]).find(
        (test) => test.id === 104,
      );
    expect(await listed()).toMatchObject({ attemptsLeft: MAX_TEST_ATTEMPTS, canStart: true });
    for (let n = 1; n <= MAX_TEST_ATTEMPTS; n++) expect((await attempt()).statusCode).toBe(200);
    expect(await listed()).toMatchObject({ attemptsLeft: 0, canStart: false });
    const refused = await post(anna, `/api/tests/104/start/${base}`, {});
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ status: false, code: 'ATTEMPTS_EXHAUSTED' });
    expect((await get(anna, `/api/tests/104/sync/${base}`)).json().code).toBe('ATTEMPTS_EXHAUSTED');
    // Nothing was archived for the refusal: the last attempt stays complete.
    const repeats = () =>
      t.app.database.db
        .selectFrom('test_progress_history')
        .select('reason')
        .where('user_id', '=', anna.id)
        .where('test_id', '=', 104)
        .execute();
    expect(await repeats()).toHaveLength(MAX_TEST_ATTEMPTS - 1);
    expect((await get(anna, `/api/tests/104/data/${base}`)).json().data.status).toBe('complete');

    const sofia = await signIn(t.app, SOFIA);
    const reset = await post(sofia, `/api/staff/campaigns/${C_MAIN}/participants/${anna.id}/tests/104/reset`, {
      reason: 'problema tecnico',
    });
    expect(reset.statusCode).toBe(200);
    expect(await listed()).toMatchObject({ attemptsLeft: 1, canStart: true });
    expect((await attempt()).statusCode).toBe(200);
    expect((await post(anna, `/api/tests/104/start/${base}`, {})).json().code).toBe('ATTEMPTS_EXHAUSTED');
  });
});

describe('scoring on completion', () => {
  it("runs the test's algorithm on the stored data and keeps the result as server outcomes", async () => {
    const base = `${C_MAIN}/${anna.id}`;
    await post(anna, `/api/tests/101/sync/${base}`, {
      version: 3,
      status: 'incomplete',
      data: JSON.stringify({ answers: { q1: 'b', q2: 'd', q3: 'c' } }),
    });
    expect(await serverOutcomes(101, anna.id)).toEqual([]);
    const done = await post(anna, `/api/tests/101/status/${base}`, { version: 4, status: 'complete' });
    expect(done.json()).toMatchObject({ testStatus: 'complete' });
    await t.app.scoring.idle();
    expect(await serverOutcomes(101, anna.id)).toEqual([[{ questionId: 'score', value: 67 }]]);
    // Finished is finished: better answers after completion are refused, and so is a score of one's own.
    expect(
      (await post(anna, `/api/tests/101/data/${base}`, { version: 5, data: { answers: { q1: 'b', q2: 'd', q3: 'a' } } })).statusCode,
    ).toBe(409);
    expect(
      (await post(anna, `/api/outcomes/${base.split('/')[0]}/101/${anna.id}`, { values: [{ questionId: 'score', value: 100 }] }))
        .statusCode,
    ).toBe(409);
    await t.app.scoring.sweep();
    await t.app.scoring.idle();
    expect(await serverOutcomes(101, anna.id)).toEqual([[{ questionId: 'score', value: 67 }]]);
  });

  it('does not hang or fail the save when the algorithm loops', async () => {
    const started = Date.now();
    const res = await post(anna, `/api/tests/103/sync/${C_MAIN}/${anna.id}`, { version: 1, status: 'complete', data: '{}' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ stored: true, testStatus: 'complete' });
    expect(Date.now() - started).toBeLessThan(5_000);
    await t.app.scoring.idle();
    expect(await serverOutcomes(103, anna.id)).toEqual([]);
  });
});

describe('POST /api/tests/checkSync/:campaignId', () => {
  it("lists the tests whose client version is newer than the server's, unless they are finished", async () => {
    const id = await userId(t.app, MARCO);
    expect(id).toBe(marco.id);
    const res = await post(marco, `/api/tests/checkSync/${C_MAIN}`, {
      tests: [
        { testId: 104, version: 100 },
        { testId: 103, version: 20 },
        { testId: 106, version: 1 },
        { testId: 105, version: 1 },
        { testId: 901, version: 9 },
      ],
    });
    expect(res.statusCode).toBe(200);
    // 104 is complete (a repeatable test finished): the server takes nothing more for it.
    expect(res.json()).toEqual({ status: true, needPushing: [105] });
  });
});

describe('GET /api/tests/:abbreviation/algorithm.js', () => {
  it('gives the answer key to staff of the company only, and 404 Algorithm not found otherwise', async () => {
    // A candidate, and an assessor, never read the answer key.
    for (const who of [marco, elena]) {
      const refused = await get(who, '/api/tests/RAG/algorithm.js');
      expect(refused.statusCode).toBe(403);
      expect(refused.body).not.toContain('computeOutcomes');
    }
    const sofia = await signIn(t.app, SOFIA);
    const res = await get(sofia, '/api/tests/RAG/algorithm.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/javascript/);
    expect(res.body).toContain('function computeOutcomes');
    const none = await get(sofia, '/api/tests/STI/algorithm.js');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('Algorithm not found');
    // A test used only in another company's campaigns is not this staff member's.
    expect((await get(sofia, '/api/tests/BET/algorithm.js')).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/tests/RAG/algorithm.js' })).statusCode).toBe(401);
  });
});
