import { readFileSync } from 'node:fs';
import { verify } from '@node-rs/argon2';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import type { Db } from '../db/database';
import exampleBundle from './fixtures/example-bundle.json';
import demoBundle from './demo-bundle.json';
import { DEFAULT_PRIVACY_AGREEMENT } from '../domain/default-privacy-agreement';
import { importBundle } from './import-bundle';
import { seedDemoIfEmpty } from './seed-demo';

const TABLES = [
  'languages',
  'companies',
  'users',
  'tests',
  'campaigns',
  'campaign_tests',
  'participants',
  'assessments',
  'relations360',
  'test_progress',
  'outcomes',
  'logs',
] as const;

/** Every row of every table, in a stable order, to compare whole databases. */
async function dump(db: Db): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of TABLES) {
    const rows = await db.selectFrom(table).selectAll().execute();
    out[table] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return out;
}

async function counts(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}

const copy = <T>(value: T): T => structuredClone(value);
const GIULIA = 'giulia.ferri@lanificio.example';

let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database.destroy();
});

async function importOk(bundle: unknown) {
  const result = await importBundle(database, bundle);
  if (!result.ok) throw new Error(result.problems.join('\n'));
  return result.summary;
}

describe('importBundle', () => {
  it('imports the example of docs/bundle-format.md, as written there', async () => {
    const doc = readFileSync(new URL('../../../../docs/bundle-format.md', import.meta.url), 'utf8');
    const example = doc.slice(doc.indexOf('## An example')).match(/```json\n([\s\S]*?)\n```/)![1];
    const result = await importBundle(database, JSON.parse(example));
    expect(result.ok, result.ok ? '' : result.problems.join('\n')).toBe(true);
    const tests = await database.db.selectFrom('campaign_tests').select('test_id').where('campaign_id', '=', 5001).execute();
    expect(tests.map((t) => t.test_id).sort()).toEqual([101, 201]);
  });

  it('imports the contract example', async () => {
    const summary = await importOk(exampleBundle);
    expect(summary.companies.created).toBe(1);
    expect(summary.users.created).toBe(3);
    expect(summary.tests.created).toBe(3);
    expect(summary.campaigns.created).toBe(1);
    expect(summary.campaignTests.created).toBe(3);
    expect(summary.participants.created).toBe(3);
    expect(summary.assessments.created).toBe(2);

    const { db } = database;
    expect(await db.selectFrom('languages').select('lang').orderBy('lang').execute()).toEqual([
      { lang: 'EN_en' },
      { lang: 'ES_es' },
      { lang: 'IT_it' },
    ]);
    const company = await db.selectFrom('companies').selectAll().executeTakeFirstOrThrow();
    expect(company).toMatchObject({ id: 10, name: 'Lanificio Bassi S.p.A.', sso: null, sso_slug: null });

    const giulia = await db.selectFrom('users').selectAll().where('email', '=', GIULIA).executeTakeFirstOrThrow();
    expect(giulia).toMatchObject({ company_id: 10, first_name: 'Giulia', role: 'user', privacy: 0, has_sso: 0, lang: null });
    expect(giulia.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verify(giulia.password_hash!, 'Filato2026')).toBe(true);

    const sti = await db.selectFrom('tests').selectAll().where('id', '=', 102).executeTakeFirstOrThrow();
    expect(JSON.parse(sti.json_data)).toEqual({ hasTimer: false, prerequisites: [101] });
    expect(JSON.parse(sti.instructions)).toEqual({ IT_it: '' });
    const col = await db.selectFrom('tests').selectAll().where('id', '=', 201).executeTakeFirstOrThrow();
    expect(JSON.parse(col.name)).toEqual({ IT_it: 'Colloquio comportamentale', EN_en: 'Behavioural interview' });

    const campaign = await db.selectFrom('campaigns').selectAll().executeTakeFirstOrThrow();
    expect(campaign).toMatchObject({ id: 5001, company_id: 10, theme: 'dashboard', status: 'ACTIVE', range360_num: 5, is360: 0 });
    expect(campaign.date_start).toBe('2026-11-01T07:00:00.000Z');
    expect(JSON.parse(campaign.languages)).toEqual(['IT_it', 'EN_en']);
    expect(JSON.parse(campaign.privacy_agreement!)).toEqual(DEFAULT_PRIVACY_AGREEMENT);
    const model = JSON.parse(campaign.model!);
    // Plain strings are stored as the Italian text.
    expect(model.markers[1].devSuggestion).toEqual({
      IT_it: 'Riassumi a voce alta cio che hai capito.---Fai una domanda aperta prima di rispondere.',
    });
    expect(model.areas[1].inProfile).toBe(false);
    expect(JSON.parse(campaign.report!)).toMatchObject({ canAssessedDownload: true, allowEarlyDownload: false, documents: [] });

    const order = await db.selectFrom('campaign_tests').select(['test_id', 'position', 'prerequisites']).orderBy('position').execute();
    expect(order).toEqual([
      { test_id: 101, position: 0, prerequisites: '[]' },
      { test_id: 102, position: 1, prerequisites: '[]' },
      { test_id: 201, position: 2, prerequisites: '[]' },
    ]);
  });

  it("refuses people of another company in a campaign's participants, assessments and 360 relations", async () => {
    const bundle = copy(exampleBundle) as any;
    bundle.companies.push({ name: 'Altra S.r.l.' });
    bundle.users.push({ company: 'Altra S.r.l.', email: 'esterno@altra.example', firstName: 'Esterno' });
    const campaign = bundle.campaigns[0];
    campaign.participants.push({ user: 'esterno@altra.example' });
    campaign.assessments[0].assessed.push('esterno@altra.example');
    const result = await importBundle(database, bundle);
    expect(result).toEqual({
      ok: false,
      problems: [
        `campaigns[0].participants[${campaign.participants.length - 1}].user: "esterno@altra.example" belongs to another company, not to the campaign's "Lanificio Bassi S.p.A."`,
        `campaigns[0].assessments[0].assessed[${campaign.assessments[0].assessed.length - 1}]: "esterno@altra.example" belongs to another company, not to the campaign's "Lanificio Bassi S.p.A."`,
      ],
    });
    expect(Object.values(await counts(database.db)).every((n) => n === 0)).toBe(true);
  });

  it('keeps the formatting of staff-written HTML and drops scripts, handlers and other URL schemes', async () => {
    const bundle = copy(exampleBundle) as any;
    const attack =
      '<p onclick="steal()">Benvenuta <strong>Giulia</strong></p><script>steal()</script><a href="javascript:steal()">x</a><a href="https://example.com">ok</a><img src="x" onerror="steal()">';
    bundle.campaigns[0].description = { IT_it: attack };
    bundle.campaigns[0].privacyAgreement = attack;
    bundle.tests[0].instructions = { IT_it: attack, EN_en: '<iframe src="https://evil.example"></iframe><p>Hi</p>' };
    const result = await importBundle(database, bundle);
    expect(result.ok).toBe(true);
    const campaign = await database.db.selectFrom('campaigns').select(['description', 'privacy_agreement']).executeTakeFirstOrThrow();
    const clean =
      '<p>Benvenuta <strong>Giulia</strong></p><a rel="noopener noreferrer">x</a><a href="https://example.com" rel="noopener noreferrer">ok</a><img src="x" />';
    expect(JSON.parse(campaign.description)).toEqual({ IT_it: clean });
    expect(JSON.parse(campaign.privacy_agreement!)).toEqual({ IT_it: clean });
    const test = await database.db
      .selectFrom('tests')
      .select('instructions')
      .where('id', '=', bundle.tests[0].id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(test.instructions)).toEqual({ IT_it: clean, EN_en: '<p>Hi</p>' });
  });

  it('rejects a broken bundle whole, listing every problem, and writes nothing', async () => {
    const broken = copy(exampleBundle) as any;
    broken.companies.push({ name: '   ' });
    broken.users.push({ company: 'Nowhere S.r.l.', email: 'ghost@example.com' });
    broken.users.push({ company: 'Lanificio Bassi S.p.A.', email: 'GIULIA.FERRI@lanificio.example' });
    broken.tests[1].name = { IT_it: '', EN_en: '' };
    broken.tests[2].jsonData.prerequisites = [999];
    broken.tests.push({ id: 7, abbreviation: 'RAG', name: 'Doppione', url: '/activities/x/' });
    const campaign = broken.campaigns[0];
    campaign.tests.push({ test: 999 }, { test: 360 });
    campaign.tests[1].prerequisites = [201, 555];
    campaign.dateEnd = '2026-10-01T08:00:00+01:00';
    campaign.participants.push({ user: 'nobody@lanificio.example' }, { user: 'marco.sala@lanificio.example', lang: 'ES_es' });
    campaign.assessments[0].assessed.push('stranger@lanificio.example');
    campaign.relations360 = [{ evaluator: GIULIA, evaluee: 'marco.sala@lanificio.example', relationId: 3 }];
    campaign.model.tasks[0].test = 404;
    campaign.model.skills[0].areaId = 99;
    broken.campaigns.push({ id: 5001, company: 'Lanificio Bassi S.p.A.', dateStart: 'yesterday', dateEnd: '2027-01-01T00:00:00Z' });

    const result = await importBundle(database, broken);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual(
      expect.arrayContaining([
        'companies[1].name: No valid company name',
        'users[3].company: unknown company "Nowhere S.r.l."',
        'users[4].email: duplicate user "giulia.ferri@lanificio.example" (also users[0])',
        'tests[1].name: No valid Test name',
        'tests[2].jsonData.prerequisites[0]: unknown test 999',
        'tests[3].abbreviation: duplicate abbreviation "RAG" (also tests[0])',
        'campaigns[0].tests[3].test: unknown test 999',
        'campaigns[0].tests[4].test: test 360 is the 360 test: set "is360": true on the campaign',
        'campaigns[0].tests[1].prerequisites[1]: test 555 is not in this campaign',
        'campaigns[0].dateEnd: must be after dateStart',
        'campaigns[0].participants[3].user: unknown user "nobody@lanificio.example"',
        'campaigns[0].participants[4].lang: "ES_es" is not one of the campaign\'s languages',
        'campaigns[0].assessments[0].assessed[2]: unknown user "stranger@lanificio.example"',
        'campaigns[0].relations360: relations360 need "is360": true on the campaign',
        'campaigns[0].relations360[0].relationId: relation 3 is self-evaluation: evaluator and evaluee must be the same person',
        'campaigns[0].model.tasks[0].test: unknown test 404',
        'campaigns[0].model.skills[0].areaId: unknown area 99',
        'campaigns[1].dateStart: Expected an ISO 8601 instant with seconds and a time zone, e.g. 2026-11-02T09:00:00+01:00',
      ]),
    );
    expect(Object.values(await counts(database.db)).every((n) => n === 0)).toBe(true);
  });

  it("notes a campaign listing a test without the test that test's own settings name first", async () => {
    const locked =
      'campaigns[0].tests[0].test: test 102 needs test 101 first (its jsonData.prerequisites), which is not in this campaign: it stays locked for everyone who has not completed 101 in it already';
    const first = await importBundle(database, exampleBundle);
    expect(first.ok && first.notes).toEqual([]);
    // Test 102 (jsonData.prerequisites [101]) in a campaign without 101: the bundle's test, then the stored one.
    const without101 = copy(exampleBundle);
    without101.campaigns[0].tests = without101.campaigns[0].tests.filter((t) => t.test !== 101);
    const result = await importBundle(database, without101);
    expect(result.ok && result.notes).toEqual([locked]);
    const stored = await importBundle(database, { ...copy(without101), tests: [] });
    expect(stored.ok && stored.notes).toEqual([locked]);
  });

  it('reports the shape problems of a document that is not a bundle', async () => {
    const result = await importBundle(database, { version: 3, companies: {}, tests: [{ id: 'x', name: { FR_fr: 'Test' } }] });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual(
      expect.arrayContaining([
        'version: Unsupported bundle version (this importer reads versions 1 and 2)',
        'companies: Invalid input: expected array, received object',
        'tests[0].id: Invalid input: expected number, received string',
        'tests[0].name.FR_fr: Unknown language code "FR_fr" (use IT_it, EN_en, ES_es)',
      ]),
    );
    expect((await importBundle(database, null)).ok).toBe(false);
    expect((await importBundle(database, [])).ok).toBe(false);
  });

  it('lists what the database could not keep as problems, never failing halfway through the writes', async () => {
    await importOk(exampleBundle);
    const before = await dump(database.db);
    let deep: unknown = 1;
    for (let level = 0; level < 5_000; level += 1) deep = [deep];
    const cases: [(b: any) => void, string][] = [
      // PostgreSQL cannot store a NUL character; SQLite could: both refuse it alike.
      [(b) => (b.users[0].firstName = 'Giu\u0000lia'), 'users[0].firstName: contains a NUL character'],
      // Deeper than the API's limit: it would overflow the stack of JSON.stringify.
      [(b) => (b.campaigns[0].data = { layout: deep }), 'nested deeper than 100 levels'],
      // Ids and 360 question ids are 32-bit integer columns on PostgreSQL.
      [(b) => (b.campaigns[0].id = 2 ** 31), 'campaigns[0].id: Too big: expected number to be <=2147483647'],
      [
        (b) => (b.campaigns[0].questions360 = { closed: [{ id: 2 ** 40, text: 'Ascolta' }] }),
        'campaigns[0].questions360.closed[0].id: Too big',
      ],
      // The database numbers new companies after the highest id: there must be room for it.
      [(b) => b.companies.push({ id: 2 ** 31 - 1, name: 'Ultima S.r.l.' }), 'companies: ids run out'],
    ];
    for (const [change, problem] of cases) {
      const bundle = copy(exampleBundle) as any;
      change(bundle);
      const result = await importBundle(database, bundle);
      expect(result.ok ? [] : result.problems).toEqual(expect.arrayContaining([expect.stringContaining(problem)]));
    }
    expect(await dump(database.db)).toEqual(before);
  });

  it("stores a 360 campaign's scale and the self-evaluation's wording, and names each problem of a bad scale", async () => {
    const with360 = (scale360: unknown) => {
      const bundle = copy(exampleBundle) as any;
      Object.assign(bundle.campaigns[0], {
        is360: true,
        range360Num: 5,
        questions360: {
          closed: [{ id: 1, text: 'Ascolta gli altri.', selfText: 'Ascolto gli altri.' }],
          open: [{ id: 90, text: 'Un consiglio?', selfText: { IT_it: 'Un consiglio per me?' } }],
        },
        scale360,
      });
      return bundle;
    };
    await importOk(with360({ labels: { '1': 'Mai', '5': { IT_it: 'Sempre', EN_en: 'Always' } }, notObserved: true }));
    const row = await database.db
      .selectFrom('campaigns')
      .select(['scale360', 'questions360'])
      .where('id', '=', 5001)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.scale360!)).toEqual({
      labels: { '1': { IT_it: 'Mai' }, '5': { IT_it: 'Sempre', EN_en: 'Always' } },
      notObserved: true,
    });
    expect(JSON.parse(row.questions360!).closed[0].selfText).toEqual({ IT_it: 'Ascolto gli altri.' });

    const before = await dump(database.db);
    const cases: [unknown, string][] = [
      [{ labels: { '7': 'Sempre' } }, 'campaigns[0].scale360.labels.7: the scale has the points 1 to 5 (range360Num)'],
      [{ labels: { alto: 'Sempre' } }, 'campaigns[0].scale360.labels: Scale labels are keyed by the points "1" to "10"'],
      [{ labels: { '1': { FR_fr: 'Jamais' } } }, 'campaigns[0].scale360.labels.1.FR_fr: Unknown language code "FR_fr"'],
      [{ notObserved: 'sì' }, 'campaigns[0].scale360.notObserved: Invalid input: expected boolean'],
    ];
    for (const [scale, problem] of cases) {
      const result = await importBundle(database, with360(scale));
      expect(result.ok ? [] : result.problems).toEqual(expect.arrayContaining([expect.stringContaining(problem)]));
    }
    const selfText = with360(undefined);
    selfText.campaigns[0].questions360.closed[0].selfText = 42;
    const result = await importBundle(database, selfText);
    expect(result.ok ? [] : result.problems).toEqual([
      expect.stringContaining('campaigns[0].questions360.closed[0].selfText: Expected a text or an object keyed by language code'),
    ]);
    expect(await dump(database.db)).toEqual(before);
  });

  it('checks references against what the database already holds', async () => {
    await importOk(exampleBundle);
    const before = await dump(database.db);
    // A second bundle may refer to the tests and people already imported...
    const addOn = {
      campaigns: [
        {
          id: 5002,
          company: 'Lanificio Bassi S.p.A.',
          dateStart: '2026-01-01T00:00:00Z',
          dateEnd: '2027-01-01T00:00:00Z',
          tests: [{ test: 101 }, { test: 102, prerequisites: [101] }],
          participants: [{ user: GIULIA }],
        },
      ],
    };
    // ...but not to ones that do not exist, and it must not steal another record's key.
    const bad = copy(addOn) as any;
    bad.campaigns[0].tests.push({ test: 77 });
    bad.tests = [{ id: 150, abbreviation: 'RAG', name: 'Altro', url: '/activities/numerical/' }];
    const rejected = await importBundle(database, bad);
    expect(rejected).toEqual({
      ok: false,
      problems: expect.arrayContaining([
        'campaigns[0].tests[2].test: unknown test 77',
        'tests[0].abbreviation: "RAG" is already another test\'s abbreviation',
      ]),
    });
    expect(await dump(database.db)).toEqual(before);

    const summary = await importOk(addOn);
    expect(summary.campaigns.created).toBe(1);
    expect(summary.participants.created).toBe(1);
  });

  it('changes nothing when the same bundle is imported twice', async () => {
    await importOk(exampleBundle);
    const first = await dump(database.db);
    const summary = await importOk(exampleBundle);
    for (const c of Object.values(summary)) {
      expect(c.created + c.updated + c.removed).toBe(0);
    }
    expect(summary.users.unchanged).toBe(3);
    expect(await dump(database.db)).toEqual(first);

    // The demo shares the example's company and test ids: it updates them, then is stable too.
    await importOk(demoBundle);
    const second = await dump(database.db);
    await importOk(demoBundle);
    expect(await dump(database.db)).toEqual(second);
  });

  it('updates a changed bundle in place', async () => {
    await importOk(exampleBundle);
    const { db } = database;
    const ids = await db.selectFrom('users').select(['id', 'email']).orderBy('id').execute();

    const changed = copy(exampleBundle) as any;
    changed.companies[0].name = 'Lanificio Bassi S.r.l.';
    for (const u of changed.users) u.company = 'Lanificio Bassi S.r.l.';
    changed.campaigns[0].company = 'Lanificio Bassi S.r.l.';
    changed.users[1].firstName = 'Marco Maria';
    changed.users[1].password = 'Diversa2027';
    changed.tests[0].name = 'Numeri';
    changed.campaigns[0].dateEnd = '2027-06-30T20:00:00+02:00';
    changed.campaigns[0].tests = [{ test: 201 }, { test: 102 }];
    changed.campaigns[0].participants = changed.campaigns[0].participants.filter((p: any) => p.user !== 'marco.sala@lanificio.example');
    changed.campaigns[0].participants[0].extraTimePercent = 25;
    changed.campaigns[0].assessments[0].assessed = [GIULIA];
    changed.users.push({ company: 'Lanificio Bassi S.r.l.', email: 'nuovo@lanificio.example', password: 'Nuovo2026!' });

    const summary = await importOk(changed);
    expect(summary.companies).toMatchObject({ created: 0, updated: 1 });
    expect(summary.users).toMatchObject({ created: 1, updated: 1, unchanged: 2 });
    expect(summary.campaignTests).toMatchObject({ updated: 1, unchanged: 1, removed: 1 });
    expect(summary.participants).toMatchObject({ updated: 1, removed: 1, unchanged: 1 });
    expect(summary.assessments).toMatchObject({ removed: 1, unchanged: 1 });

    const company = await db.selectFrom('companies').selectAll().executeTakeFirstOrThrow();
    expect(company).toMatchObject({ id: 10, name: 'Lanificio Bassi S.r.l.' });
    const after = await db.selectFrom('users').select(['id', 'email']).orderBy('id').execute();
    expect(after.slice(0, 3)).toEqual(ids);
    const marco = await db.selectFrom('users').selectAll().where('email', '=', 'marco.sala@lanificio.example').executeTakeFirstOrThrow();
    expect(marco.first_name).toBe('Marco Maria');
    // The password of an existing user is not the bundle's to change.
    expect(await verify(marco.password_hash!, 'Filato2026')).toBe(true);
    expect(JSON.parse((await db.selectFrom('tests').select('name').where('id', '=', 101).executeTakeFirstOrThrow()).name)).toEqual({
      IT_it: 'Numeri',
    });
    expect((await db.selectFrom('campaigns').select('date_end').executeTakeFirstOrThrow()).date_end).toBe('2027-06-30T18:00:00.000Z');
    expect(await db.selectFrom('campaign_tests').select(['test_id', 'position']).orderBy('position').execute()).toEqual([
      { test_id: 201, position: 0 },
      { test_id: 102, position: 1 },
    ]);
    const giulia = await db.selectFrom('users').select('id').where('email', '=', GIULIA).executeTakeFirstOrThrow();
    expect(
      await db.selectFrom('participants').select('extra_time_percent').where('user_id', '=', giulia.id).executeTakeFirstOrThrow(),
    ).toEqual({
      extra_time_percent: 25,
    });
    // A second run of the changed bundle is a no-op again.
    const again = await importOk(changed);
    expect(Object.values(again).every((c) => c.created + c.updated + c.removed === 0)).toBe(true);
  });

  it('keeps what people chose and what they produced', async () => {
    const bundle = copy(exampleBundle) as any;
    bundle.campaigns[0].participants[0].lang = 'IT_it';
    await importOk(bundle);
    const { db } = database;
    const giulia = await db.selectFrom('users').selectAll().where('email', '=', GIULIA).executeTakeFirstOrThrow();
    const now = '2026-11-05T10:00:00.000Z';

    // What Giulia did in the meantime.
    await db.updateTable('users').set({ password_hash: 'set-by-giulia', privacy: 1, lang: 'EN_en' }).where('id', '=', giulia.id).execute();
    await db
      .updateTable('participants')
      .set({ lang: 'EN_en', last_access: now, privacy_consent_at: now, storage: '{"hasSeenTutorial":true}' })
      .where('user_id', '=', giulia.id)
      .execute();
    await db
      .insertInto('test_progress')
      .values({ campaign_id: 5001, test_id: 101, user_id: giulia.id, version: 2, status: 'complete', data: '{}', updated_at: now })
      .execute();
    await db
      .insertInto('outcomes')
      .values({ campaign_id: 5001, test_id: 101, user_id: giulia.id, source: 'server', assessor_id: null, outcomes: '[]', created_at: now })
      .execute();
    await db.insertInto('logs').values({ user_id: giulia.id, campaign_id: 5001, test_id: 101, data: 'started', created_at: now }).execute();

    // Staff re-import, even dropping test 101 from the campaign.
    bundle.campaigns[0].tests = bundle.campaigns[0].tests.filter((t: any) => t.test !== 101);
    bundle.campaigns[0].participants[0].lastAccess = '2020-01-01T00:00:00Z';
    await importOk(bundle);

    const after = await db.selectFrom('users').selectAll().where('id', '=', giulia.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ password_hash: 'set-by-giulia', privacy: 1, lang: 'EN_en' });
    const participant = await db.selectFrom('participants').selectAll().where('user_id', '=', giulia.id).executeTakeFirstOrThrow();
    expect(participant).toMatchObject({ lang: 'EN_en', last_access: now, privacy_consent_at: now, storage: '{"hasSeenTutorial":true}' });
    const left = await counts(db);
    expect([left.test_progress, left.outcomes, left.logs]).toEqual([1, 1, 1]);
  });

  it('stores SSO settings and gives new ids past explicit ones', async () => {
    const summary = await importOk({
      companies: [
        { id: 40, name: 'Acme', sso: { slug: 'acme', issuer: 'http://localhost:4010', clientId: 'prova' } },
        { name: 'Senza Id' },
      ],
      users: [
        { id: 100, company: 'Acme', email: 'uno@acme.example', hasSSO: true, privacy: true },
        { company: 'Senza Id', email: 'due@example.com' },
      ],
    });
    expect(summary.companies.created).toBe(2);
    const { db } = database;
    const acme = await db.selectFrom('companies').selectAll().where('id', '=', 40).executeTakeFirstOrThrow();
    expect(acme.sso_slug).toBe('acme');
    expect(JSON.parse(acme.sso!)).toEqual({
      slug: 'acme',
      type: 'oidc',
      issuer: 'http://localhost:4010',
      clientId: 'prova',
      emailClaim: 'email',
    });
    expect((await db.selectFrom('companies').select('id').where('name', '=', 'Senza Id').executeTakeFirstOrThrow()).id).toBeGreaterThan(40);
    const users = await db.selectFrom('users').selectAll().orderBy('id').execute();
    expect(users[0]).toMatchObject({ id: 100, has_sso: 1, privacy: 1, password_hash: null });
    expect(users[1].id).toBeGreaterThan(100);

    const clash = await importBundle(database, {
      companies: [{ name: 'Altra', sso: { slug: 'acme', issuer: 'http://x.example', clientId: 'c' } }],
    });
    expect(clash).toEqual({ ok: false, problems: ['companies[0].sso.slug: "acme" is already another company\'s SSO slug'] });
  });
});

describe('demo bundle', () => {
  it('is valid and is seeded only into an empty database', async () => {
    const log: string[] = [];
    expect(await seedDemoIfEmpty(database, { info: (m) => log.push(m) })).toBe(true);
    expect(log).toHaveLength(1);
    const { db } = database;
    const c = await counts(db);
    expect(c.users).toBe(13);
    expect(c.campaigns).toBe(9);
    expect(c.test_progress).toBe(3);
    // Last year's 360 about Giulia: seven raters, six closed answers each, four comments.
    const answers = await db
      .selectFrom('answers360')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(answers.n)).toBe(7 * 6 + 4);
    expect(await seedDemoIfEmpty(database, { info: (m) => log.push(m) })).toBe(false);
    expect((await counts(db)).users).toBe(13);

    const themes = await db.selectFrom('campaigns').select(['id', 'theme', 'status', 'is360']).orderBy('id').execute();
    expect(new Set(themes.map((t) => t.theme))).toEqual(new Set(['dashboard', 'agenda', 'challenge']));
    expect(themes.some((t) => t.status === 'REPORT')).toBe(true);
    expect(themes.some((t) => t.is360 === 1)).toBe(true);
    const acme = await db.selectFrom('companies').select(['sso_slug']).where('sso_slug', '=', 'acme').executeTakeFirst();
    expect(acme).toBeDefined();
  });
});
