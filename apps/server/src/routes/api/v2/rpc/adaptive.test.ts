// An adaptive QTI test through the API: imported with its parameters (checked against the package), taken item by
// item through the rpc `adaptive.next`, ended by its stop rule and scored on the server; the bank never leaves it.
import { contentFixture, filesOf, zipOf } from '@prova/test-support/content-files';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareBundlePackages } from '../../../../content/bundle-packages';
import { readBundleZip } from '../../../../content/bundle-source';
import { importBundle } from '../../../../import/import-bundle';
import { buildTestApp, login, type TestApp } from '../../../../../test/build-test-app';
import { PASSWORD, type Caller, signIn } from '../../tests/test-delivery-fixtures';

const C = 8101;
const CLOSED = 8102;
const ADP = 811;
const ANNA = 'anna@adaptive.example';
const BRUNO = 'bruno@adaptive.example';
const STAFF = 'staff@adaptive.example';
const CARLO = 'carlo@adaptive.example';
const ids = Array.from({ length: 30 }, (_, i) => `q${String(i + 1).padStart(2, '0')}`);
/** The fixture's key: item i (1-based) is right with "ABCD"[i % 4]. */
const rightAnswer = (id: string) => 'ABCD'[Number(id.slice(1)) % 4]!;
const params = Object.fromEntries(ids.map((id, i) => [id, { a: 1 + (i % 3) * 0.3, b: -2 + (4 * i) / 29 }]));
const adaptive = { model: '2PL', estimator: 'EAP', start: { theta: 0 }, stop: { minItems: 5, maxItems: 8, se: 0.1 }, items: params };

const campaign = (id: number, status: string) => ({
  id,
  company: 'Adattiva',
  name: 'Campagna',
  dateStart: '2026-01-01T08:00:00+01:00',
  dateEnd: '2030-12-31T20:00:00+01:00',
  status,
  tests: [{ test: ADP }],
  participants: [{ user: ANNA }, { user: BRUNO }, { user: CARLO }],
});
const bundle = (settings: object) => ({
  version: 2,
  companies: [{ name: 'Adattiva' }],
  users: [
    ...[ANNA, BRUNO, CARLO].map((email) => ({
      company: 'Adattiva',
      email,
      password: PASSWORD,
      firstName: 'A',
      lastName: 'B',
      privacy: true,
    })),
    { company: 'Adattiva', email: STAFF, password: PASSWORD, role: 'admin', privacy: true },
  ],
  tests: [{ id: ADP, abbreviation: 'ADP', name: 'Somme', package: { type: 'qti', file: 'bank.zip' }, adaptive: settings }],
  campaigns: [campaign(C, 'ACTIVE'), campaign(CLOSED, 'REPORT')],
});

async function tryImport(t: TestApp, b: object) {
  const zip = await zipOf(
    new Map<string, Uint8Array>([
      ['bundle.json', Buffer.from(JSON.stringify(b))],
      ['bank.zip', await zipOf(filesOf(contentFixture('qti-adaptive-bank')))],
    ]),
  );
  const source = await readBundleZip(zip, 'bundle.zip');
  if (!source.ok) throw new Error(source.problems.join('\n'));
  const packages = await prepareBundlePackages(source.bundle, source.files);
  return { packages, result: await importBundle(t.database, source.bundle, { packages }) };
}

let t: TestApp;
let anna: Caller;
let bruno: Caller;
let adaptiveHash: string;
let plainHash: string;
beforeAll(async () => {
  t = await buildTestApp();
  const { packages, result } = await tryImport(t, bundle(adaptive));
  if (!result.ok) throw new Error(result.problems.join('\n'));
  adaptiveHash = packages.refs.get('bank.zip')!.adaptive!.hash;
  plainHash = packages.refs.get('bank.zip')!.hash;
  anna = await signIn(t.app, ANNA, C);
  bruno = await signIn(t.app, BRUNO, C);
});
afterAll(() => t.close());

const next = (who: Caller, data: object, campaignId = C) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v2/rpc/${campaignId}/${ADP}`,
    headers: { cookie: who.cookie },
    payload: { action: 'adaptive.next', data },
  });
const start = (who: Caller, campaignId = C) =>
  t.app.inject({ method: 'POST', url: `/api/tests/${ADP}/start/${campaignId}/${who.id}`, headers: { cookie: who.cookie }, payload: {} });

interface Item {
  identifier: string;
  href: string;
  xml: string;
}
const itemOf = (res: { json(): any }) => res.json().result.item as Item;

describe('importing an adaptive test', () => {
  it('lists every disagreement between the parameters and the package, and imports nothing', async () => {
    const { q01: _dropped, ...rest } = params;
    const broken = {
      ...adaptive,
      model: '2PL',
      stop: { minItems: 9, maxItems: 40, se: 0.3 },
      items: { ...rest, q02: { a: 0, b: 0 }, q03: { a: 1, b: 0, c: 0.2 }, zz: { a: 1, b: 0 } },
    };
    const { result } = await tryImport(t, {
      ...bundle(broken),
      tests: [{ ...bundle(broken).tests[0], id: 899, abbreviation: 'BAD' }],
      campaigns: [],
    });
    expect(result.ok).toBe(false);
    const problems = result.ok ? [] : result.problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        'tests[0].adaptive.items.q02.a: a (discrimination) must be above 0',
        'tests[0].adaptive.items.q03.c: c (guessing) is for the 3PL model only, not 2PL',
      ]),
    );
    // The bank's checks need a valid shape first: the same mistakes of another kind, one at a time.
    const bank = { ...adaptive, stop: { minItems: 5, maxItems: 40, se: 0.3 }, items: { ...rest, zz: { a: 1, b: 0 } } };
    const second = await tryImport(t, {
      ...bundle(bank),
      tests: [{ ...bundle(bank).tests[0], id: 899, abbreviation: 'BAD' }],
      campaigns: [],
    });
    expect(second.result.ok ? [] : second.result.problems).toEqual([
      'tests[0].adaptive.items.zz: no item "zz" in the package',
      'tests[0].adaptive.items.q01: the package\'s item "q01" has no parameters',
      "tests[0].adaptive.stop.maxItems: maxItems (40) is above the bank's 30 items",
    ]);
    const minMax = { ...adaptive, stop: { minItems: 9, maxItems: 8, se: 0.3 } };
    const third = await tryImport(t, {
      ...bundle(minMax),
      tests: [{ ...bundle(minMax).tests[0], id: 899, abbreviation: 'BAD' }],
      campaigns: [],
    });
    expect(third.result.ok ? [] : third.result.problems).toEqual(['tests[0].adaptive.stop.minItems: minItems (9) is above maxItems (8)']);
    expect(await t.database.db.selectFrom('tests').select('id').where('id', '=', 899).executeTakeFirst()).toBeUndefined();
  });

  it('serves the browser no item, no list of items and no parameter', async () => {
    const test = await t.database.db.selectFrom('tests').select('url').where('id', '=', ADP).executeTakeFirstOrThrow();
    expect(test.url).toBe(`/players/qti/?package=${adaptiveHash}`);
    const delivery = (await t.app.repos.content.delivery(adaptiveHash))!;
    expect(JSON.parse(delivery)).toMatchObject({ kind: 'qti', adaptive: true, title: 'Sums' });
    for (const secret of ['q01', 'items/', '"b"', '"a"']) expect(delivery).not.toContain(secret);
    for (const path of ['items/q01.xml', 'tests/test.xml', 'imsmanifest.xml'])
      expect(await t.app.repos.content.file(adaptiveHash, path), path).toBeNull();
    // The package as it is was not stored either: no test delivers it so.
    expect(await t.app.repos.content.storedOf([plainHash])).toEqual(new Set());
    expect(plainHash).not.toBe(adaptiveHash);
  });
});

describe('taking an adaptive test', () => {
  it('refuses before the test is opened', async () => {
    expect((await next(anna, { answered: 0 })).statusCode).toBe(409);
  });

  it('gives one item at a time, the same again on a repeat or a reload, each answer counted once, to the end', async () => {
    expect((await start(anna)).statusCode).toBe(200);
    const first = await next(anna, { answered: 0 });
    expect(first.statusCode).toBe(200);
    expect(first.json().result).toMatchObject({ done: false, answered: 0 });
    const item = itemOf(first);
    expect(ids).toContain(item.identifier);
    expect(item.href).toBe(`items/${item.identifier}.xml`);
    // Stripped: the item without its key.
    expect(item.xml).toContain('qti-choice-interaction');
    expect(item.xml).not.toContain('qti-correct-response');
    // Nothing of the bank beside it.
    const body = first.body;
    for (const id of ids.filter((x) => x !== item.identifier)) expect(body).not.toContain(`"${id}"`);
    expect(body).not.toMatch(/"(a|b|c|theta|se|seed)":/);
    expect(itemOf(await next(anna, { answered: 0 })).identifier).toBe(item.identifier);

    const seen = [item.identifier];
    let current = item;
    for (let answered = 0; ; answered++) {
      const response = { RESPONSE: rightAnswer(current.identifier) };
      const res = await next(anna, { answered, response });
      expect(res.statusCode).toBe(200);
      // The network lost the answer: the same call again answers the same, and counts nothing twice.
      const again = await next(anna, { answered, response: { RESPONSE: 'A' } });
      expect(again.json()).toEqual(res.json());
      // A reload: the player knows nothing, the server resumes where it was.
      const reload = await next(anna, { answered: 0 });
      expect(reload.json().result.answered).toBe(answered + 1);
      if (res.json().result.done) break;
      current = itemOf(res);
      expect(seen).not.toContain(current.identifier);
      seen.push(current.identifier);
      expect(itemOf(reload).identifier).toBe(current.identifier);
    }
    // Stopped at maxItems (se 0.1 is never reached in 8 items).
    expect(seen).toHaveLength(8);
    const progress = await t.app.inject({
      method: 'POST',
      url: `/api/v2/rpc/${C}/${ADP}`,
      headers: { cookie: anna.cookie },
      payload: { action: 'getProgress' },
    });
    expect(progress.json().result.status).toBe('complete');

    await t.app.scoring.idle();
    const row = await t.database.db
      .selectFrom('outcomes')
      .select('outcomes')
      .where('campaign_id', '=', C)
      .where('test_id', '=', ADP)
      .where('user_id', '=', anna.id)
      .where('source', '=', 'server')
      .executeTakeFirstOrThrow();
    const outcomes = JSON.parse(row.outcomes) as Array<{ questionId: string; value: number }>;
    const value = (id: string) => outcomes.find((o) => o.questionId === id)?.value;
    expect(value('ITEMS')).toBe(8);
    // Every answer right: the estimate is high, and each item given scored 1 (its response processing ran).
    expect(value('THETA')).toBeGreaterThan(1);
    expect(value('SE')).toBeGreaterThan(0);
    expect(value('SE')).toBeLessThan(1);
    for (const id of seen) expect(value(id)).toBe(1);
    expect(outcomes).toHaveLength(11);

    // Complete: told so on a reload, a new answer refused.
    expect((await next(anna, { answered: 0 })).json().result).toEqual({ done: true, answered: 8 });
    const late = await next(anna, { answered: 8, response: { RESPONSE: 'A' } });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('TEST_COMPLETE');
  });

  it("keeps each candidate's own session: another's answers are not theirs", async () => {
    expect((await start(bruno)).statusCode).toBe(200);
    const first = await next(bruno, { answered: 0 });
    expect(first.json().result.answered).toBe(0);
    const res = await next(bruno, { answered: 0, response: { RESPONSE: 'Z' } });
    expect(res.json().result.answered).toBe(1);
    const session = await t.app.repos.adaptive.findSession({ campaignId: C, testId: ADP, userId: bruno.id });
    expect(session!.given).toEqual([expect.objectContaining({ item: itemOf(first).identifier, score: 0 })]);
    expect((await t.app.repos.adaptive.findSession({ campaignId: C, testId: ADP, userId: anna.id }))!.answered).toBe(8);
  });

  it('shows staff the items each candidate was given, in order, with the response, the score and the estimate after each', async () => {
    const cookie = await login(t.app, STAFF, PASSWORD);
    const responses = async (who: Caller) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/staff/campaigns/${C}/participants/${who.id}/tests/${ADP}/responses`,
        headers: { cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const session = await t.app.repos.adaptive.findSession({ campaignId: C, testId: ADP, userId: anna.id });
    const order = session!.given.map((g) => g.item);
    const done = await responses(anna);
    expect(done).toMatchObject({ adaptive: true, status: 'complete', scored: true });
    expect(done.items.map((i: { identifier: string }) => i.identifier)).toEqual(order);
    const [first] = done.items;
    expect(first).toMatchObject({
      title: `Sum ${Number(order[0]!.slice(1))}`,
      score: 1,
      responses: [{ identifier: 'RESPONSE', response: rightAnswer(order[0]!), correct: rightAnswer(order[0]!) }],
      estimate: { theta: expect.any(Number), se: expect.any(Number) },
    });
    // All right: each answer raises the estimate, and the last is the one the scoring wrote.
    const thetas = done.items.map((i: { estimate: { theta: number } }) => i.estimate.theta);
    expect(thetas).toEqual([...thetas].sort((a, b) => a - b));
    expect(done.outcomes).toEqual(expect.arrayContaining([{ questionId: 'THETA', value: thetas.at(-1) }]));

    // Bruno is on his second item: the first with his wrong answer and its score, then the one he is on.
    const going = await responses(bruno);
    expect(going.status).toBe('incomplete');
    expect(going.items).toHaveLength(2);
    expect(going.items[0]).toMatchObject({ score: 0, responses: [{ response: 'Z' }], estimate: { se: expect.any(Number) } });
    expect(going.items[1].responses[0].response).toBeNull();
    expect(going.items[1]).toMatchObject({ current: true });
    expect(going.items[1].estimate).toBeUndefined();
    expect(done.items.some((i: { current?: boolean }) => i.current)).toBe(false);
  });

  it('checks its data, and takes no answers once the campaign is over', async () => {
    const bad = await next(bruno, { answered: -1 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].path).toBe('body.data.answered');
    const closed = await next(bruno, { answered: 0 }, CLOSED);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('CAMPAIGN_CLOSED');
  });

  it('reads new settings at once when the test is imported again', async () => {
    const carlo = await signIn(t.app, CARLO, C);
    expect((await start(carlo)).statusCode).toBe(200);
    const first = await next(carlo, { answered: 0 });
    expect(first.json().result.done).toBe(false);
    // Read with the first settings (up to 8 items); now one item is the whole test.
    const { result } = await tryImport(t, bundle({ ...adaptive, stop: { minItems: 1, maxItems: 1, se: 0.1 } }));
    expect(result.ok).toBe(true);
    const answered = await next(carlo, { answered: 0, response: { RESPONSE: rightAnswer(itemOf(first).identifier) } });
    expect(answered.json().result).toEqual({ done: true, answered: 1 });
  });
});
