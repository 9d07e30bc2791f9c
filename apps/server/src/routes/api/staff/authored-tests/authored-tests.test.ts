// Tests written in the console, through the staff API: saved as QTI 3 packages stored like imported ones, read
// back as the form edits them, refused to others, taken by a candidate and scored by the server, and exported as
// a package that the real importer takes back unchanged.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthoredTestInput } from '@prova/contract/authored-test';
import { playerUrl } from '@prova/contract/content';
import { readAuthoredTest } from '@prova/qti/author';
import { everyKind } from '@prova/qti/author/fixture';
import { zipOf } from '@prova/test-support/content-files';
import { readBundleZip } from '../../../../content/bundle-source';
import { prepareBundlePackages } from '../../../../content/bundle-packages';
import { readZip } from '../../../../content/zip-files';
import { importBundle } from '../../../../import/import-bundle';
import { buildTestApp, type TestApp } from '../../../../../test/build-test-app';
import {
  ADA,
  BEA,
  C_ALFA,
  C_ALFA_360,
  C_BETA_S,
  call,
  type Caller,
  CARLA,
  ELIO,
  SERGIO,
  signInStaff,
  staffBundle,
  STAFF_BETA,
  userId,
} from '../../../../../test/staff-fixtures';
import { createTestDatabase, type TestDatabase } from '../../../../../test/test-database';

const C_DONE = 6009;
const URL = '/api/staff/authored-tests';

const bundle = {
  ...staffBundle,
  campaigns: [
    ...staffBundle.campaigns,
    {
      id: C_DONE,
      company: 'Alfa S.r.l.',
      name: 'Conclusa',
      dateStart: '2026-01-01T00:00:00Z',
      dateEnd: '2030-01-01T00:00:00Z',
      status: 'COMPLETED',
      tests: [],
      participants: [],
    },
  ],
};

/** A short test in one language: one choice worth 2 points. */
const short = (title: string): AuthoredTestInput => ({
  title: { IT_it: title },
  languages: ['IT_it'],
  sections: [
    {
      title: { IT_it: 'Unica' },
      items: [
        {
          kind: 'single-choice',
          id: 'q1',
          prompt: { IT_it: 'Quanto fa 2 + 2?' },
          options: [
            { id: 'a', text: { IT_it: '4' }, points: 2 },
            { id: 'b', text: { IT_it: '5' }, points: 0 },
          ],
        },
      ],
    },
  ],
});

let t: TestApp;
let ada: Caller;
let sergio: Caller;
let bea: Caller;
let carla: Caller;
let elio: Caller;
let carlaId: number;

beforeAll(async () => {
  t = await buildTestApp(bundle);
  [ada, sergio, bea, carla, elio] = await Promise.all([ADA, SERGIO, BEA, CARLA, ELIO].map((e) => signInStaff(t.app, e)));
  carlaId = await userId(t.app, CARLA);
});
afterAll(() => t.close());

const db = () => t.app.database.db;
const count = async (table: 'tests' | 'authored_tests' | 'campaign_tests' | 'content_packages') =>
  Number(
    (
      await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const counts = async () => ({
  tests: await count('tests'),
  authored: await count('authored_tests'),
  listed: await count('campaign_tests'),
});
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function create(test: AuthoredTestInput, campaignIds: number[] = [], who = ada) {
  const res = await call(t.app, who, 'POST', URL, { test, campaignIds });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('POST /api/staff/authored-tests', () => {
  it('writes the test as a QTI package, stored like an imported one, and a test of the company that plays it', async () => {
    const before = await count('content_packages');
    const saved = await create(everyKind, [C_ALFA]);
    expect(saved).toEqual({
      status: true,
      summary: {
        id: expect.any(Number),
        abbreviation: 'PROVASCR',
        title: 'Prova scritta in console',
        languages: ['IT_it', 'EN_en'],
        items: 9,
        started: false,
        campaignIds: [C_ALFA],
        packageHash: expect.stringMatching(/^[0-9a-f]{64}$/),
        updatedAt: expect.any(String),
      },
      test: everyKind,
    });
    const { id, packageHash } = saved.summary;
    const row = await db().selectFrom('tests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      abbreviation: 'PROVASCR',
      url: playerUrl('qti', packageHash),
      package_hash: packageHash,
      package_kind: 'qti',
      owner_company_id: 21,
      algorithm: null,
    });
    expect(JSON.parse(row.name)).toEqual(everyKind.title);
    // The time limit (15 minutes) is the server's clock, as an imported package's max-time is.
    expect(JSON.parse(row.json_data)).toEqual({ hasTimer: true, duration: 15 });
    expect(await count('content_packages')).toBe(before + 1);
    const stored = await db().selectFrom('content_package_files').select('path').where('hash', '=', packageHash).execute();
    // Served: the stripped items only, never the manifest or the test.
    expect(stored.map((f) => f.path)).not.toContain('imsmanifest.xml');
    expect(stored.length).toBeGreaterThan(0);
    const listed = await db().selectFrom('campaign_tests').selectAll().where('test_id', '=', id).execute();
    expect(listed.map((l) => l.campaign_id)).toEqual([C_ALFA]);

    const read = await call(t.app, ada, 'GET', `${URL}/${id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(saved);
    const list = await call(t.app, sergio, 'GET', URL);
    expect(list.json().tests).toContainEqual(saved.summary);
  });

  it('gives the same test the same package (one stored), with an abbreviation of its own', async () => {
    const first = await create(short('Stessa prova'));
    const packages = await count('content_packages');
    const again = await create(short('Stessa prova'));
    expect(again.summary.packageHash).toBe(first.summary.packageHash);
    expect(await count('content_packages')).toBe(packages);
    expect(again.summary.id).not.toBe(first.summary.id);
    expect([first.summary.abbreviation, again.summary.abbreviation]).toEqual(['STESSAPR', 'STESSAPR-2']);
    // No time limit: no timer.
    const row = await db().selectFrom('tests').select('json_data').where('id', '=', again.summary.id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.json_data)).toEqual({});
  });

  it("refuses a test that breaks the form's schema with 422 VALIDATION naming the body's paths, and writes nothing", async () => {
    const before = await counts();
    const broken = structuredClone(everyKind) as any;
    broken.sections[0].items[0].options = broken.sections[0].items[0].options.map((o: { points: number }) => ({ ...o, points: 0 }));
    delete broken.sections[1].items[0].prompt.EN_en;
    broken.sections[1].items[1].id = 'capital';
    const res = await call(t.app, ada, 'POST', URL, { test: broken, campaignIds: [C_ALFA] });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.code).toBe('VALIDATION');
    expect(body.errors.map((e: { path: string }) => e.path)).toEqual(
      expect.arrayContaining([
        'body.test.sections.0.items.0.options',
        'body.test.sections.1.items.0.prompt.EN_en',
        'body.test.sections.1.items.1.id',
      ]),
    );
    const bad = await call(t.app, ada, 'POST', URL, { test: short('x'), campaignIds: ['uno'] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].path).toBe('body.campaignIds.0');
    expect(await counts()).toEqual(before);
  });

  it("refuses another company's campaign (422) and a campaign that is over (409), and writes nothing", async () => {
    const before = await counts();
    const others = await call(t.app, ada, 'POST', URL, { test: short('Altrui'), campaignIds: [C_ALFA, C_BETA_S] });
    expect(others.statusCode).toBe(422);
    expect(others.json()).toMatchObject({
      code: 'VALIDATION',
      errors: [{ path: 'body.campaignIds.1', message: `unknown campaign ${C_BETA_S}` }],
    });
    const over = await call(t.app, ada, 'POST', URL, { test: short('Conclusa'), campaignIds: [C_DONE] });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/^Campaign 6009 is over \(COMPLETED\)/) });
    expect(await counts()).toEqual(before);
  });
});

describe('who may', () => {
  let id: number;
  beforeAll(async () => {
    id = (await create(short('Solo Alfa'))).summary.id;
  });

  it("answers another company's written test as not found, and lists only the caller's own", async () => {
    for (const [method, url, payload] of [
      ['GET', `${URL}/${id}`, undefined],
      ['PUT', `${URL}/${id}`, { test: short('Presa') }],
      ['GET', `${URL}/${id}/package`, undefined],
    ] as const) {
      const res = await call(t.app, bea, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call(t.app, bea, 'GET', URL)).json().tests).toEqual([]);
    expect((await call(t.app, ada, 'GET', `${URL}?companyId=${STAFF_BETA}`)).statusCode).toBe(404);
    // A test of the company that is not written in the console is not one either.
    expect((await call(t.app, ada, 'GET', `${URL}/301`)).statusCode).toBe(404);
    // Bea's own, with the same form: the company's own, not Alfa's.
    const own = await create(short('Solo Alfa'), [], bea);
    expect((await call(t.app, bea, 'GET', URL)).json().tests.map((s: { id: number }) => s.id)).toEqual([own.summary.id]);
    expect((await call(t.app, ada, 'GET', `${URL}/${own.summary.id}`)).statusCode).toBe(404);
  });

  it('refuses candidates and assessors with 403, and anyone without a session with 401', async () => {
    const routes = [
      ['GET', URL, undefined],
      ['POST', URL, { test: short('No') }],
      ['POST', `${URL}/preview`, { test: short('No') }],
      ['GET', `${URL}/${id}`, undefined],
      ['PUT', `${URL}/${id}`, { test: short('No') }],
      ['GET', `${URL}/${id}/package`, undefined],
    ] as const;
    const before = await counts();
    for (const [method, url, payload] of routes) {
      for (const who of [carla, elio]) expect((await call(t.app, who, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(t.app, null, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await counts()).toEqual(before);
  });
});

describe('PUT /api/staff/authored-tests/{testId}', () => {
  it('saves a new version: a new package for the same test, the timer as the new version says, more campaigns listed', async () => {
    const saved = await create({ ...short('Versioni'), timeLimitMinutes: 5 });
    const id = saved.summary.id;
    const next = { ...short('Versioni, seconda'), navigation: 'linear' as const };
    const res = await call(t.app, ada, 'PUT', `${URL}/${id}`, { test: next, campaignIds: [C_ALFA_360, C_ALFA] });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json();
    expect(updated.summary).toMatchObject({
      id,
      abbreviation: saved.summary.abbreviation,
      title: 'Versioni, seconda',
      campaignIds: [C_ALFA, C_ALFA_360],
    });
    expect(updated.summary.packageHash).not.toBe(saved.summary.packageHash);
    expect(updated.test).toEqual({
      ...next,
      sections: [{ ...next.sections[0], items: [{ ...next.sections[0].items[0], shuffle: false }] }],
    });
    const row = await db().selectFrom('tests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.url).toBe(playerUrl('qti', updated.summary.packageHash));
    expect(JSON.parse(row.json_data)).toEqual({});
    expect((await call(t.app, ada, 'GET', `${URL}/${id}`)).json()).toEqual(updated);
    // Campaigns are never taken off: listing none keeps them.
    const again = await call(t.app, ada, 'PUT', `${URL}/${id}`, { test: next });
    expect(again.json().summary.campaignIds).toEqual([C_ALFA, C_ALFA_360]);
  });

  it('answers 422 for a broken version and 404 for an id that is no written test, changing nothing', async () => {
    const saved = await create(short('Intatta'));
    const broken = { ...short('Intatta'), languages: [] };
    const res = await call(t.app, ada, 'PUT', `${URL}/${saved.summary.id}`, { test: broken });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].path).toBe('body.test.languages');
    expect((await call(t.app, ada, 'GET', `${URL}/${saved.summary.id}`)).json()).toEqual(saved);
    expect((await call(t.app, ada, 'PUT', `${URL}/999999`, { test: short('Nessuna') })).statusCode).toBe(404);
  });
});

describe('DELETE /api/usertests/{id}', () => {
  it('deletes a written test without results together with what was written', async () => {
    const saved = await create(short('Da cancellare'), [C_ALFA]);
    const res = await call(t.app, ada, 'DELETE', `/api/usertests/${saved.summary.id}?companyId=21`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await call(t.app, ada, 'GET', `${URL}/${saved.summary.id}`)).statusCode).toBe(404);
    expect(await db().selectFrom('authored_tests').select('test_id').where('test_id', '=', saved.summary.id).execute()).toEqual([]);
  });
});

describe('POST /api/staff/authored-tests/preview', () => {
  it('stores the package of an unsaved form and gives its player on the activities origin, changing no test', async () => {
    const before = await counts();
    const rows = await db().selectFrom('tests').selectAll().orderBy('id').execute();
    const form = short('Anteprima');
    const res = await call(t.app, ada, 'POST', `${URL}/preview`, { test: form });
    expect(res.statusCode, res.body).toBe(200);
    const { packageHash, url } = res.json();
    expect(url).toBe(`http://127.0.0.1:3001/players/qti/?package=${packageHash}`);
    expect(await counts()).toEqual(before);
    expect(await db().selectFrom('tests').selectAll().orderBy('id').execute()).toEqual(rows);
    // The player finds its delivery on the activities origin's store.
    expect(await t.app.repos.content.delivery(packageHash)).toContain('"kind":"qti"');
    // Saving the same form later gives the very package previewed.
    expect((await create(form)).summary.packageHash).toBe(packageHash);
  });
});

describe('a written test taken by a candidate', () => {
  let id: number;
  let hash: string;
  beforeAll(async () => {
    const saved = await create(everyKind, [C_ALFA]);
    id = saved.summary.id;
    hash = saved.summary.packageHash;
    await call(t.app, carla, 'POST', `/api/usercampaign/${C_ALFA}`, { lang: 'IT_it' });
  });

  it('is played in the QTI player and scored by the server from the responses saved, as its points say', async () => {
    const tests = (await call(t.app, carla, 'GET', '/api/usertests')).json().tests as Array<{ id: number; url: string }>;
    expect(tests.find((x) => x.id === id)?.url).toBe(`http://127.0.0.1:3001${playerUrl('qti', hash)}`);
    const base = `${C_ALFA}/${carlaId}`;
    const started = await call(t.app, carla, 'POST', `/api/tests/${id}/start/${base}`);
    expect(started.statusCode, started.body).toBe(200);
    const { timing } = started.json();
    expect(Date.parse(timing.endsAt) - Date.parse(timing.startedAt)).toBe(15 * 60_000);
    const progress = {
      qti: 1,
      position: 'story',
      responses: {
        capital: { RESPONSE: 'rome' }, // 3
        primes: { RESPONSE: ['two', 'three'] }, // 2 + 2
        sun: { RESPONSE: 'TRUE' }, // 2
        moon: { RESPONSE: 'TRUE' }, // wrong: 0
        river: { RESPONSE: 'tevere' }, // case does not count: 4
        symbol: { RESPONSE: 'NA' }, // case counts: 0
        pi: { RESPONSE: '3.13' }, // within the tolerance: 5
        teamwork: { RESPONSE: 'agree' }, // 2
        story: { RESPONSE: 'Ho guidato un progetto.' }, // rated by an assessor: 0
      },
      flagged: [],
    };
    const saved = await call(t.app, carla, 'POST', `/api/tests/${id}/sync/${base}`, { version: 1, status: 'complete', data: progress });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.app.scoring.idle();
    const row = await db()
      .selectFrom('outcomes')
      .select('outcomes')
      .where('campaign_id', '=', C_ALFA)
      .where('test_id', '=', id)
      .where('user_id', '=', carlaId)
      .where('source', '=', 'server')
      .executeTakeFirstOrThrow();
    const outcomes = new Map(
      (JSON.parse(row.outcomes) as Array<{ questionId: string; value: unknown }>).map((o) => [o.questionId, o.value]),
    );
    expect(
      Object.fromEntries(
        ['capital', 'primes', 'sun', 'moon', 'river', 'symbol', 'pi', 'teamwork', 'story'].map((q) => [q, outcomes.get(q)]),
      ),
    ).toEqual({
      capital: 3,
      primes: 4,
      sun: 2,
      moon: 0,
      river: 4,
      symbol: 0,
      pi: 5,
      teamwork: 2,
      story: 0,
    });
    expect(outcomes.get('SCORE')).toBe(20);
  });

  it('is started: a new version is refused with 409 CONFLICT and the test stays as the candidate took it', async () => {
    const before = (await call(t.app, ada, 'GET', `${URL}/${id}`)).json();
    expect(before.summary.started).toBe(true);
    const res = await call(t.app, ada, 'PUT', `${URL}/${id}`, { test: short('Cambiata') });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('already started') });
    expect((await call(t.app, ada, 'GET', `${URL}/${id}`)).json()).toEqual(before);
  });
});

describe('GET /api/staff/authored-tests/{testId}/package', () => {
  let saved: { summary: { id: number; packageHash: string; abbreviation: string } };
  let zip: Buffer;
  let other: TestDatabase;
  beforeAll(async () => {
    saved = await create(everyKind);
    const res = await call(t.app, ada, 'GET', `${URL}/${saved.summary.id}/package`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="PROVASCR(-\d+)?-qti\.zip"/);
    zip = res.rawPayload;
    other = await createTestDatabase();
  });
  afterAll(() => other?.destroy());

  it('is the very package candidates get (its hash), and reads back into the saved test', async () => {
    expect(sha256(zip)).toBe(saved.summary.packageHash);
    const files = await readZip(zip, { maxEntries: 1000, maxFileBytes: 1 << 24, maxTotalBytes: 1 << 26 });
    if (!files.ok) throw new Error(files.problems.join('\n'));
    expect(readAuthoredTest(files.files)).toEqual({ ok: true, test: everyKind });
  });

  it('imports back through the real importer, in another database, as a test delivered and scored as the written one', async () => {
    const bundleZip = await zipOf(
      new Map<string, Uint8Array>([
        [
          'bundle.json',
          Buffer.from(
            JSON.stringify({
              version: 2,
              tests: [{ id: 4242, abbreviation: 'RIT', name: 'Ritorno', package: { type: 'qti', file: 'items/written.zip' } }],
            }),
          ),
        ],
        ['items/written.zip', zip],
      ]),
    );
    const source = await readBundleZip(bundleZip, 'bundle.zip');
    if (!source.ok) throw new Error(source.problems.join('\n'));
    const packages = await prepareBundlePackages(source.bundle, source.files);
    expect(packages.problems).toEqual([]);
    const result = await importBundle(other, source.bundle, { packages });
    if (!result.ok) throw new Error(result.problems.join('\n'));

    const imported = await other.db.selectFrom('tests').selectAll().where('id', '=', 4242).executeTakeFirstOrThrow();
    const written = await db().selectFrom('tests').selectAll().where('id', '=', saved.summary.id).executeTakeFirstOrThrow();
    expect(imported).toMatchObject({ url: written.url, package_hash: written.package_hash, package_kind: 'qti', algorithm: null });
    expect(JSON.parse(imported.json_data)).toEqual(JSON.parse(written.json_data));
    const pkg = (d: typeof other.db, hash: string) =>
      d.selectFrom('content_packages').select(['kind', 'delivery', 'scoring', 'size']).where('hash', '=', hash).executeTakeFirstOrThrow();
    const served = (d: typeof other.db, hash: string) =>
      d.selectFrom('content_package_files').select(['path', 'media_type', 'bytes']).where('hash', '=', hash).orderBy('path').execute();
    expect(await pkg(other.db, saved.summary.packageHash)).toEqual(await pkg(db(), saved.summary.packageHash));
    const a = await served(other.db, saved.summary.packageHash);
    const b = await served(db(), saved.summary.packageHash);
    expect(a.map((f) => [f.path, f.media_type, Buffer.from(f.bytes).toString('hex')])).toEqual(
      b.map((f) => [f.path, f.media_type, Buffer.from(f.bytes).toString('hex')]),
    );
  });
});
