// Results nobody can bend: the server's clock for timed tests, nothing written after completion, the
// assessors' tests closed to candidates, capped outcomes, and scoring in a bounded pool.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTCOMES_MAX_CHARS, TIMED_SAVE_GRACE_SECONDS } from '@prova/contract/tests';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import { ANNA, C_MAIN, type Caller, deliveryBundle, ELENA, MARCO, signIn } from './test-delivery-fixtures';

let t: TestApp;
let anna: Caller;
let marco: Caller;
let elena: Caller;
beforeAll(async () => {
  t = await buildTestApp(deliveryBundle);
  [anna, marco, elena] = await Promise.all([signIn(t.app, ANNA, C_MAIN), signIn(t.app, MARCO, C_MAIN), signIn(t.app, ELENA)]);
});
afterAll(() => t.close());

const post = (who: Caller, url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: { cookie: who.cookie }, payload });
const get = (who: Caller, url: string) => t.app.inject({ url, headers: { cookie: who.cookie } });
const db = (app = t.app) => app.database.db;
const row = (testId: number, userId: number, app = t.app) =>
  db(app)
    .selectFrom('test_progress')
    .selectAll()
    .where('campaign_id', '=', C_MAIN)
    .where('test_id', '=', testId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
const outcomesOf = async (testId: number, userId: number, source: string, app = t.app) =>
  (
    await db(app)
      .selectFrom('outcomes')
      .select('outcomes')
      .where('campaign_id', '=', C_MAIN)
      .where('test_id', '=', testId)
      .where('user_id', '=', userId)
      .where('source', '=', source)
      .execute()
  ).map((r) => JSON.parse(r.outcomes));
/** Moves a person's clock so that their test ended `secondsAgo` ago. */
const endedAgo = (testId: number, userId: number, secondsAgo: number, app = t.app) =>
  db(app)
    .updateTable('test_progress')
    .set({ ends_at: new Date(Date.now() - secondsAgo * 1000).toISOString() })
    .where('campaign_id', '=', C_MAIN)
    .where('test_id', '=', testId)
    .where('user_id', '=', userId)
    .execute();
const roomStatus = async (who: Caller, testId: number) => {
  const tests = (await get(who, '/api/usertests')).json().tests as Array<{
    id: number;
    status: string;
    canStart: boolean;
    timing: unknown;
  }>;
  return tests.find((x) => x.id === testId);
};

describe("the clock of a timed test is the server's", () => {
  it('starts at the first opening, includes the extra time, and survives a reopening', async () => {
    const url = `/api/tests/101/start/${C_MAIN}/${anna.id}`;
    const before = Date.now();
    const first = await post(anna, url);
    expect(first.statusCode).toBe(200);
    const timing = first.json().timing;
    // 20 minutes and Anna's 25% extra time.
    expect(Date.parse(timing.endsAt) - Date.parse(timing.startedAt)).toBe(25 * 60_000);
    expect(Date.parse(timing.startedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(timing.remainingSeconds).toBeGreaterThan(25 * 60 - 5);
    const again = await post(anna, url);
    expect(again.json().timing.startedAt).toBe(timing.startedAt);
    expect(again.json().timing.endsAt).toBe(timing.endsAt);
    // The room and the tracking read show the same clock, and the time left.
    expect((await roomStatus(anna, 101))!.timing).toMatchObject({ startedAt: timing.startedAt, endsAt: timing.endsAt });
    expect((await get(anna, `/api/tests/101/sync/${C_MAIN}/${anna.id}`)).json().timing.endsAt).toBe(timing.endsAt);
  });

  it('keeps saves within the grace, refuses later ones with 409, and settles the test as complete and scored', async () => {
    const base = `${C_MAIN}/${anna.id}`;
    await post(anna, `/api/tests/101/data/${base}`, { version: 1, data: { answers: { q1: 'b', q2: 'd' } } });
    // Ended a few seconds ago: still within the network grace.
    await endedAgo(101, anna.id, TIMED_SAVE_GRACE_SECONDS - 5);
    const inGrace = await post(anna, `/api/tests/101/data/${base}`, { version: 2, data: { answers: { q1: 'b', q2: 'd', q3: 'c' } } });
    expect(inGrace.json()).toMatchObject({ stored: true, version: 2 });
    // Past the grace: refused, nothing changes, and the test is complete with what arrived in time.
    await endedAgo(101, anna.id, TIMED_SAVE_GRACE_SECONDS + 1);
    const late = await post(anna, `/api/tests/101/data/${base}`, { version: 3, data: { answers: { q1: 'b', q2: 'd', q3: 'a' } } });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ status: false, code: 'TEST_COMPLETE' });
    expect((await post(anna, `/api/outcomes/${C_MAIN}/101/${anna.id}`, { values: [{ questionId: 'score', value: 100 }] })).statusCode).toBe(
      409,
    );
    expect(await row(101, anna.id)).toMatchObject({ version: 2, status: 'complete' });
    await t.app.scoring.idle();
    expect(await outcomesOf(101, anna.id, 'server')).toEqual([[{ questionId: 'score', value: 67 }]]);
    expect(await outcomesOf(101, anna.id, 'client')).toEqual([]);
    // Reopening does not restart it.
    expect((await post(anna, `/api/tests/101/start/${base}`)).statusCode).toBe(422);
  });

  it('settles a test whose time ran out by itself: complete in the room at once, written and scored by the sweep', async () => {
    const base = `${C_MAIN}/${marco.id}`;
    await post(marco, `/api/tests/101/start/${base}`);
    await post(marco, `/api/tests/101/data/${base}`, { version: 1, data: { answers: { q1: 'b' } } });
    await endedAgo(101, marco.id, TIMED_SAVE_GRACE_SECONDS + 1);
    // Nobody reopens the test: the room already counts it complete and the next test unlocked...
    expect(await roomStatus(marco, 101)).toMatchObject({ status: 'complete', timing: { remainingSeconds: 0 } });
    expect(await roomStatus(marco, 102)).toMatchObject({ canStart: true });
    expect((await row(101, marco.id))!.status).toBe('incomplete');
    // ...and the server's sweep writes it so and scores what was saved.
    await t.app.scoring.sweep();
    await t.app.scoring.idle();
    expect(await row(101, marco.id)).toMatchObject({ status: 'complete', scoring_due: 0 });
    expect(await outcomesOf(101, marco.id, 'server')).toEqual([[{ questionId: 'score', value: 33 }]]);
  });

  it('settles and scores a test whose time ran out when its person opens it again, without waiting for the sweep', async () => {
    const own = await buildTestApp(deliveryBundle);
    try {
      const who = await signIn(own.app, MARCO, C_MAIN);
      const post = (url: string, payload: object = {}) => own.app.inject({ method: 'POST', url, headers: { cookie: who.cookie }, payload });
      const open = () => post(`/api/tests/101/start/${C_MAIN}/${who.id}`);
      expect((await open()).statusCode).toBe(200);
      expect((await post(`/api/tests/101/data/${C_MAIN}/${who.id}`, { version: 1, data: { answers: { q1: 'b' } } })).statusCode).toBe(200);
      await endedAgo(101, who.id, TIMED_SAVE_GRACE_SECONDS + 1, own.app);
      // Opened again a day later, say: the answer says it is over, and the server has written and scored it.
      const again = await open();
      expect(again.statusCode).toBe(422);
      expect(again.json()).toMatchObject({ code: 'TEST_LOCKED', message: 'Test already complete' });
      expect((await row(101, who.id, own.app))?.status).toBe('complete');
      await own.app.scoring.idle();
      expect(await outcomesOf(101, who.id, 'server', own.app)).toEqual([[{ questionId: 'score', value: 33 }]]);
      // Opened once more, nothing changes: no second attempt, no second scoring.
      expect((await open()).json()).toMatchObject({ code: 'TEST_LOCKED' });
      await own.app.scoring.idle();
      expect((await row(101, who.id, own.app))?.version).toBe(1);
      expect(await outcomesOf(101, who.id, 'server', own.app)).toHaveLength(1);
    } finally {
      await own.close();
    }
  });

  it('sweeps on its own timer, with no request at all', async () => {
    const own = await buildTestApp(deliveryBundle, { env: { SWEEP_INTERVAL_MS: '50' } });
    try {
      const who = await signIn(own.app, MARCO);
      await own.app.inject({
        method: 'POST',
        url: `/api/tests/101/start/${C_MAIN}/${who.id}`,
        headers: { cookie: who.cookie },
        payload: {},
      });
      await own.app.database.db
        .updateTable('test_progress')
        .set({ ends_at: new Date(Date.now() - 60_000).toISOString() })
        .where('user_id', '=', who.id)
        .execute();
      await expect
        .poll(
          async () =>
            (
              await own.app.database.db
                .selectFrom('test_progress')
                .select('status')
                .where('user_id', '=', who.id)
                .where('test_id', '=', 101)
                .executeTakeFirst()
            )?.status,
        )
        .toBe('complete');
    } finally {
      await own.close();
    }
  });

  it('starts the clock at the first save when the test was never opened, so it cannot be saved for ever', async () => {
    const base = `${C_MAIN}/${elena.id}`;
    const saved = await post(elena, `/api/tests/101/data/${base}`, { version: 1, data: 'x' });
    expect(saved.statusCode).toBe(200);
    const r = await row(101, elena.id);
    expect(Date.parse(r!.ends_at!) - Date.parse(r!.started_at!)).toBe(20 * 60_000);
  });
});

describe('after completion', () => {
  it('refuses every save of progress and outcomes with 409 and changes nothing', async () => {
    const base = `${C_MAIN}/${marco.id}`;
    await post(marco, `/api/tests/106/sync/${base}`, { version: 4, status: 'complete', data: 'final' });
    for (const [url, payload] of [
      [`/api/tests/106/data/${base}`, { version: 5, data: 'changed' }],
      [`/api/tests/106/sync/${base}`, { version: 6, status: 'complete', data: 'changed' }],
      [`/api/tests/106/status/${base}`, { version: 1, status: 'incomplete' }],
      [`/api/outcomes/${C_MAIN}/106/${marco.id}`, { values: [{ questionId: 'score', value: 100 }] }],
    ] as const) {
      const res = await post(marco, url, payload);
      expect(res.statusCode, url).toBe(409);
    }
    expect(await row(106, marco.id)).toMatchObject({ version: 4, status: 'complete', data: 'final' });
    expect(await outcomesOf(106, marco.id, 'client')).toEqual([]);
  });

  it('scores a completed test once, in a pool that never runs more at once than it allows, however many saves arrive', async () => {
    const base = `${C_MAIN}/${marco.id}`;
    await post(marco, `/api/tests/101/start/${base}`).catch(() => undefined);
    const before = t.app.scoring.stats().completed;
    // A burst of completing and late saves of the same scored test.
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2 === 0
          ? post(marco, `/api/tests/103/status/${base}`, { version: 2, status: 'complete' })
          : post(marco, `/api/tests/103/data/${base}`, { version: 10 + i, data: `v${i}` }),
      ),
    );
    for (const res of burst) expect([200, 409]).toContain(res.statusCode);
    await t.app.scoring.idle();
    const stats = t.app.scoring.stats();
    expect(stats.peak).toBeLessThanOrEqual(2);
    // One completion, one scoring.
    expect(stats.completed - before).toBe(1);
  });
});

describe('assessor tests and outcome storage', () => {
  it('keeps candidates out of the assessor test about them, and lets the assigned assessor record about them', async () => {
    const base = `${C_MAIN}/${anna.id}`;
    for (const [method, url, payload] of [
      ['POST', `/api/tests/201/start/${base}`, {}],
      ['GET', `/api/tests/201/sync/${base}`, undefined],
      ['POST', `/api/tests/201/data/${base}`, { version: 1, data: 'x' }],
      ['POST', `/api/outcomes/${C_MAIN}/201/${anna.id}`, { values: [{ questionId: 'ascolto', value: 5 }] }],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { cookie: anna.cookie }, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await roomStatus(anna, 201)).toBeUndefined();
    const recorded = await post(elena, `/api/tests/201/assessedOutcomes/${C_MAIN}/${anna.id}`, {
      values: [{ questionId: 'ascolto', value: 4 }],
    });
    expect(recorded.statusCode).toBe(200);
    // The assessor opens her own grid (her own progress in the test).
    expect((await post(elena, `/api/tests/201/start/${C_MAIN}/${elena.id}`)).statusCode).toBe(200);
    // Marco is in the campaign but assesses nobody: the assessor test is not his to open.
    expect((await post(marco, `/api/tests/201/start/${C_MAIN}/${marco.id}`)).statusCode).toBe(403);
  });

  // Two tabs, or two app instances on one PostgreSQL, each read the row and write it back merged: without making
  // them wait for each other, both insert a row, or the later one writes over what the first added.
  it('keeps every one of several posts that arrive at once, merged in one row', async () => {
    const posts = Array.from({ length: 6 }, (_, i) =>
      post(elena, `/api/tests/201/assessedOutcomes/${C_MAIN}/${anna.id}`, { values: [{ questionId: `at-once:${i}`, value: i }] }),
    );
    expect((await Promise.all(posts)).map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const rows = await outcomesOf(201, anna.id, 'assessor');
    expect(rows).toHaveLength(1);
    expect(
      (rows[0] as { questionId: string }[])
        .map((o) => o.questionId)
        .filter((q) => q.startsWith('at-once:'))
        .sort(),
    ).toEqual(['at-once:0', 'at-once:1', 'at-once:2', 'at-once:3', 'at-once:4', 'at-once:5']);
  });

  it('caps the outcomes kept per test and person with 413, in one row that does not grow with every post', async () => {
    const big = Array.from({ length: 25 }, (_, i) => ({ questionId: `q${i}`, value: 'x'.repeat(10_000) }));
    const refused = await post(marco, `/api/outcomes/${C_MAIN}/104/${marco.id}`, { values: big });
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ status: false, code: 'PAYLOAD_TOO_LARGE' });
    // Nothing kept, and the test not completed by a refused post.
    expect(await outcomesOf(104, marco.id, 'client')).toEqual([]);
    expect((await row(104, marco.id))?.status).not.toBe('complete');

    // The assessor's record merges post after post, up to the cap.
    const chunk = (from: number) => Array.from({ length: 5 }, (_, i) => ({ questionId: `note:${from + i}`, value: 'y'.repeat(9_000) }));
    let status = 200;
    let posts = 0;
    for (let from = 0; status === 200 && posts < 20; from += 5, posts++) {
      status = (await post(elena, `/api/tests/201/assessedOutcomes/${C_MAIN}/${anna.id}`, { values: chunk(from) })).statusCode;
    }
    expect(status).toBe(413);
    expect(posts).toBeLessThanOrEqual(Math.ceil(OUTCOMES_MAX_CHARS / 45_000) + 1);
    const rows = await db()
      .selectFrom('outcomes')
      .select(['id', 'outcomes'])
      .where('test_id', '=', 201)
      .where('user_id', '=', anna.id)
      .where('source', '=', 'assessor')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].outcomes.length).toBeLessThanOrEqual(OUTCOMES_MAX_CHARS);
  });
});
