import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, signIn, type SignedIn, type TestApp } from '../../../test/build-test-app';
import { fixtureZip, importWithPackages } from '../../../test/import-with-packages';
import { QtiModelCache } from './qti-models';

// A QTI package's stored scoring model is read and checked once, then kept by the package's hash for every
// candidate it scores.

const C = 7301;
const QTI = 731;
const PASSWORD = 'Modello-letto-una-volta-1';
const EMAILS = ['uno@models.example', 'due@models.example'];

const bundle = {
  version: 2,
  companies: [{ name: 'Modelli' }],
  users: EMAILS.map((email) => ({ company: 'Modelli', email, password: PASSWORD, firstName: 'Ada', lastName: 'Test', privacy: true })),
  tests: [{ id: QTI, abbreviation: 'QMC', name: 'Banca', package: { type: 'qti', file: 'items/bank.zip' } }],
  campaigns: [
    {
      id: C,
      company: 'Modelli',
      name: 'Campagna',
      dateStart: '2026-01-01T08:00:00+01:00',
      dateEnd: '2099-12-31T20:00:00+01:00',
      tests: [{ test: QTI }],
      participants: EMAILS.map((user) => ({ user })),
    },
  ],
};

describe('the QTI models kept by package hash', () => {
  const json = (n: number) => JSON.stringify({ version: 1, items: [], test: { identifier: `t${n}`, outcomes: [], processing: null } });

  it('reads a stored model once however often it is asked for, and keeps only the most recently used past its limit', async () => {
    const cache = new QtiModelCache(2);
    const load = vi.fn(async (n: number) => json(n));
    const get = (n: number) => cache.get(`hash-${n}`, () => load(n));
    expect((await get(1))?.test.identifier).toBe('t1');
    expect((await get(1))?.test.identifier).toBe('t1');
    expect(load).toHaveBeenCalledTimes(1);
    await get(2);
    await get(1); // 1 is now more recent than 2
    await get(3); // over the limit: 2 goes
    expect(cache.size).toBe(2);
    expect(load).toHaveBeenCalledTimes(3);
    await get(1);
    expect(load).toHaveBeenCalledTimes(3);
    await get(2);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('keeps nothing for a package without a model, nor for one whose model is not a scoring model', async () => {
    const cache = new QtiModelCache();
    expect(await cache.get('none', async () => undefined)).toBeUndefined();
    await expect(cache.get('bad', async () => '{"version":1}')).rejects.toThrow(/not a QTI scoring model/);
    expect(cache.size).toBe(0);
  });
});

describe('scoring two candidates of the same QTI package', () => {
  let t: TestApp;
  let people: SignedIn[];
  beforeAll(async () => {
    t = await buildTestApp();
    await importWithPackages(t.database, bundle, { 'items/bank.zip': await fixtureZip('qti-all-interactions') });
    people = await Promise.all(EMAILS.map((email) => signIn(t.app, email, PASSWORD, C)));
  });
  afterAll(() => t.close());

  it('reads the stored model once and scores each from its own responses', async () => {
    const loads = vi.spyOn(t.app.repos.tests, 'qtiScoringModel');
    const answers = ['C', 'A'];
    for (const [i, who] of people.entries()) {
      const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie: who.cookie }, payload });
      expect((await post(`/api/tests/${QTI}/start/${C}/${who.id}`, {})).statusCode).toBe(200);
      const data = { qti: 1, position: null, responses: { 'choice-single': { RESPONSE: answers[i] } }, flagged: [] };
      expect((await post(`/api/tests/${QTI}/sync/${C}/${who.id}`, { version: 1, status: 'complete', data })).statusCode).toBe(200);
      await t.app.scoring.idle();
    }
    expect(loads).toHaveBeenCalledTimes(1);
    expect(t.app.scoring.qtiModels.reads).toBe(1);
    const rows = await t.database.db
      .selectFrom('outcomes')
      .select(['user_id', 'outcomes'])
      .where('test_id', '=', QTI)
      .where('source', '=', 'server')
      .execute();
    const scoreOf = (who: SignedIn) =>
      (JSON.parse(rows.find((r) => r.user_id === who.id)!.outcomes) as Array<{ questionId: string; value: unknown }>).find(
        (o) => o.questionId === 'choice-single',
      )?.value;
    expect(people.map(scoreOf)).toEqual([1, 0]);
  });
});
