import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADA,
  C_ALFA,
  C_ALFA_360,
  CARLA,
  DARIO,
  ELIO,
  STAFF_ALFA,
  staffBundle,
  T_INTERVIEW,
  T_SCORED,
  T_TIMED,
  T_UNUSED,
} from '../../test/staff-fixtures';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { importBundle } from '../import/import-bundle';
import { createRepositories, type Repositories } from './create-repositories';

// Repositories answer their JSON columns parsed (issue 53): what reads is typed, and a stored value that
// does not read is its column's "nothing there", never a failed request.

let database: TestDatabase;
let repos: Repositories;
let adaId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  expect((await importBundle(database, staffBundle)).ok).toBe(true);
  repos = createRepositories(database.db);
  adaId = (await repos.users.findByEmail(ADA))!.id;
});
afterAll(() => database.destroy());

describe("an API token's scopes", () => {
  const token = (hash: string, scopes: string) => ({
    company_id: STAFF_ALFA,
    name: hash,
    token_hash: hash,
    hint: 'prova_x',
    scopes,
    created_by: adaId,
    created_at: '2026-01-01T00:00:00Z',
    expires_at: '2030-01-01T00:00:00Z',
  });

  it('come parsed, in the list, the token found and the token a secret stands for', async () => {
    const made = await repos.staff.apiTokens.create(token('h-good', '["read-results","manage-people"]'));
    expect(made.scopes).toEqual(['read-results', 'manage-people']);
    expect((await repos.staff.apiTokens.find(STAFF_ALFA, made.id))?.scopes).toEqual(['read-results', 'manage-people']);
    expect((await repos.staff.apiTokens.findByHash('h-good'))?.token.scopes).toEqual(['read-results', 'manage-people']);
  });

  it('read as none when they do not read: the token opens nothing, and the list still answers', async () => {
    for (const [hash, scopes] of [
      ['h-broken', '["read-results"'],
      ['h-unknown', '["everything"]'],
      ['h-object', '{}'],
    ]) {
      const made = await repos.staff.apiTokens.create(token(hash, scopes));
      expect(made.scopes).toEqual([]);
      expect((await repos.staff.apiTokens.findByHash(hash))?.token.scopes).toEqual([]);
    }
    expect((await repos.staff.apiTokens.list(STAFF_ALFA)).map((t) => t.scopes)).toContainEqual([]);
  });
});

describe("a webhook's events", () => {
  const hook = (url: string, events: string) => ({
    company_id: STAFF_ALFA,
    url,
    secret: 'whsec_x',
    events,
    enabled: 1,
    created_by: adaId,
    created_at: '2026-01-01T00:00:00Z',
  });

  it('come parsed, and only the webhooks that take an event hear it', async () => {
    const made = await repos.staff.webhooks.create(hook('https://a.example/hook', '["test.completed","report.ready"]'));
    expect(made.events).toEqual(['test.completed', 'report.ready']);
    expect((await repos.staff.webhooks.find(STAFF_ALFA, made.id))?.events).toEqual(['test.completed', 'report.ready']);
    expect((await repos.staff.webhooks.update(STAFF_ALFA, made.id, { events: '["person.invited"]' }))?.events).toEqual(['person.invited']);
    expect((await repos.staff.webhooks.subscribed(STAFF_ALFA, 'person.invited')).map((w) => w.id)).toEqual([made.id]);
  });

  it('read as none when they do not read: the webhook hears nothing, and the list still answers', async () => {
    const broken = await repos.staff.webhooks.create(hook('https://b.example/hook', 'test.completed'));
    expect(broken.events).toEqual([]);
    expect((await repos.staff.webhooks.list(STAFF_ALFA)).find((w) => w.id === broken.id)?.events).toEqual([]);
    expect((await repos.staff.webhooks.subscribed(STAFF_ALFA, 'test.completed')).map((w) => w.id)).not.toContain(broken.id);
  });
});

describe("an adaptive test's columns", () => {
  const settings = { model: '1PL', stop: { minItems: 1, maxItems: 1, se: 0.3 }, items: { i1: { b: 0.5 } } };
  const bank = { i1: { href: 'items/i1.xml', xml: '<qti-assessment-item/>' } };

  it('come parsed: the settings as the contract reads them (its defaults given), the bank by item', async () => {
    await database.db
      .insertInto('adaptive_tests')
      .values({ test_id: T_SCORED, package_hash: 'a'.repeat(64), settings: JSON.stringify(settings), bank: JSON.stringify(bank) })
      .execute();
    expect(await repos.adaptive.findTest(T_SCORED)).toEqual({
      test_id: T_SCORED,
      package_hash: 'a'.repeat(64),
      settings: { ...settings, estimator: 'EAP', start: { theta: 0 }, items: { i1: { a: 1, b: 0.5, c: 0 } } },
      bank,
    });
  });

  it('read as no settings (the test cannot be given) and no items when they do not read', async () => {
    await database.db
      .insertInto('adaptive_tests')
      .values({ test_id: T_UNUSED, package_hash: 'b'.repeat(64), settings: '{"model":"4PL"}', bank: '{oops' })
      .execute();
    expect(await repos.adaptive.findTest(T_UNUSED)).toMatchObject({ settings: null, bank: {} });
  });

  it("give a session's items parsed, written back as JSON, and fail on items that do not read", async () => {
    const carla = (await repos.users.findByEmail(CARLA))!.id;
    const key = { campaignId: C_ALFA, testId: T_TIMED, userId: carla };
    const given = [{ item: 'i1', score: 1, raw: 1, response: { RESPONSE: 'A' }, theta: 0.4, se: 0.9 }];
    const state = { attempt: 'a1', seed: 's', answered: 0, given: [], current: 'i1', theta: 0, se: 1, done: 0 };
    await repos.adaptive.open(key, state, null);
    expect(await repos.adaptive.advance(key, { attempt: 'a1', answered: 0 }, { ...state, answered: 1, given, current: null })).toBe(true);
    expect((await repos.adaptive.findSession(key))?.given).toEqual(given);
    await database.db.updateTable('adaptive_sessions').set({ given: '[{"item":' }).where('user_id', '=', carla).execute();
    await expect(repos.adaptive.findSession(key)).rejects.toThrow(/do not read/);
  });
});

describe("a validated import's input", () => {
  const job = (id: string, input: string | null) =>
    repos.staff.jobs.create({
      id,
      company_id: STAFF_ALFA,
      created_by: adaId,
      kind: 'import',
      state: 'validated',
      phase: 'validated',
      campaign_id: null,
      format: null,
      input,
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
    });

  it('comes parsed, with every field of the packages it names (an adaptive test its bank)', async () => {
    const stored = {
      bundle: { version: 1, users: [{ email: 'x@alfa.example' }] },
      passwordHashes: { 'x@alfa.example': 'scrypt$1' },
      packages: {
        'a.zip': { kind: 'qti', hash: 'c'.repeat(64), maxTimeSeconds: 600, plain: false, adaptive: { hash: 'd'.repeat(64), bank: {} } },
      },
      notes: ['a note'],
    };
    await job('job-good', JSON.stringify(stored));
    expect(await repos.staff.jobs.input('job-good')).toEqual(stored);
  });

  it('reads as gone when it is, or does not read (the confirmation then fails, saying to upload it again)', async () => {
    await job('job-gone', null);
    await job('job-broken', '{"bundle":');
    await job('job-other', '{"bundle":{},"passwordHashes":[]}');
    for (const id of ['job-gone', 'job-broken', 'job-other', 'job-none']) expect(await repos.staff.jobs.input(id)).toBeNull();
  });
});

describe("a 360 relation's label", () => {
  it('comes parsed as its languages, to the report, the evaluator and the person rating, and a plain text as every language’s', async () => {
    const carla = (await repos.users.findByEmail(CARLA))!.id;
    const dario = (await repos.users.findByEmail(DARIO))!.id;
    const setLabel = (evaluee: number, label: string | null) =>
      database.db
        .updateTable('relations360')
        .set({ label })
        .where('campaign_id', '=', C_ALFA_360)
        .where('evaluee_id', '=', evaluee)
        .execute();
    await setLabel(dario, '{"IT_it":"Collega","EN_en":"Colleague"}');
    await setLabel(carla, '{"IT_it":');
    expect((await repos.reports.listRaters(C_ALFA_360, dario)).map((r) => r.label)).toEqual([{ IT_it: 'Collega', EN_en: 'Colleague' }]);
    const relations = await repos.feedback360.listForEvaluator(C_ALFA_360, carla);
    expect(relations.map((r) => r.label)).toEqual([{ IT_it: '{"IT_it":' }, { IT_it: 'Collega', EN_en: 'Colleague' }]);
    expect((await repos.feedback360.findRelation({ campaignId: C_ALFA_360, evaluatorId: carla, evalueeId: dario }))?.label).toEqual({
      IT_it: 'Collega',
      EN_en: 'Colleague',
    });
    await setLabel(dario, null);
    expect((await repos.reports.listRaters(C_ALFA_360, dario)).map((r) => r.label)).toEqual([{}]);
  });
});

describe("an assessor's tests", () => {
  it('come with their name and description parsed', async () => {
    const elio = (await repos.users.findByEmail(ELIO))!.id;
    const rows = await repos.tests.listAssignments(C_ALFA, elio);
    expect(rows.map((r) => [r.test_id, r.name])).toEqual([
      [T_INTERVIEW, { IT_it: 'Colloquio' }],
      [T_INTERVIEW, { IT_it: 'Colloquio' }],
    ]);
    expect(rows[0].description).toEqual({ IT_it: '' });
  });
});

describe('a test as staff manage it', () => {
  it('comes with its texts as their languages, and its settings, theme and 360 labels parsed', async () => {
    await database.db
      .updateTable('tests')
      .set({ theme: '{"tag":"Nuovo"}', labels360: '[{"lang":"IT_it","details_360":"Come lavori"}]' })
      .where('id', '=', T_TIMED)
      .execute();
    const { test } = (await repos.staff.tests.find(STAFF_ALFA, T_TIMED))!;
    expect(test).toMatchObject({
      name: { IT_it: 'A tempo' },
      description: { IT_it: '' },
      json_data: { hasTimer: true, duration: 10 },
      theme: { tag: 'Nuovo' },
      labels360: [{ lang: 'IT_it', details_360: 'Come lavori' }],
    });
  });

  it('reads a plain text name as every language’s, and settings, theme and labels that do not read as none', async () => {
    await database.db
      .updateTable('tests')
      .set({ name: 'Testo semplice', json_data: '[1]', theme: '{oops', labels360: '{"lang":"IT_it"}' })
      .where('id', '=', T_INTERVIEW)
      .execute();
    const listed = (await repos.staff.tests.list(STAFF_ALFA)).tests.find((t) => t.id === T_INTERVIEW)!;
    expect(listed).toMatchObject({ name: { IT_it: 'Testo semplice' }, json_data: {}, theme: null, labels360: null });
  });
});

describe("a sample's test", () => {
  it('comes with its name as its languages', async () => {
    const [sample] = await repos.staff.samples.list(STAFF_ALFA, { campaignId: C_ALFA, testId: T_INTERVIEW });
    expect(sample.test_name).toEqual({ IT_it: 'Testo semplice' });
    expect((await repos.staff.samples.find(STAFF_ALFA, sample.id))?.test_name).toEqual({ IT_it: 'Testo semplice' });
  });
});

describe('a campaign as staff read it', () => {
  it('comes with its name as its languages and its languages parsed, listed or found', async () => {
    const listed = (await repos.staff.campaigns.list(STAFF_ALFA)).find((c) => c.id === C_ALFA)!;
    const found = (await repos.staff.campaigns.find(STAFF_ALFA, C_ALFA))!;
    for (const campaign of [listed, found])
      expect(campaign).toMatchObject({ name: { IT_it: 'Selezione 2026', EN_en: 'Selection 2026' }, languages: ['IT_it', 'EN_en'] });
  });

  it('reads languages that do not read as none', async () => {
    await database.db.updateTable('campaigns').set({ languages: '["IT_it",' }).where('id', '=', C_ALFA_360).execute();
    expect(await repos.staff.campaigns.find(STAFF_ALFA, C_ALFA_360)).toMatchObject({ name: { IT_it: 'Feedback' }, languages: [] });
  });
});

describe("a norm's name", () => {
  it('comes as its languages to the console and to the reports, a plain text as every language’s', async () => {
    const norm = (name: string) => ({ company_id: STAFF_ALFA, name, test_id: T_SCORED, outcome: 'TOT', mean: 50, sd: 10, n: 40 });
    const named = await repos.staff.norms.insert(norm('{"IT_it":"Popolazione","EN_en":"Population"}'));
    const plain = await repos.staff.norms.insert(norm('Laureati'));
    await repos.staff.norms.setCampaignNorms(C_ALFA, [named, plain]);
    const listed = await repos.staff.norms.list(STAFF_ALFA);
    expect(listed.filter((n) => [named, plain].includes(n.id)).map((n) => n.name)).toEqual([
      { IT_it: 'Popolazione', EN_en: 'Population' },
      { IT_it: 'Laureati' },
    ]);
    expect(listed.find((n) => n.id === named)?.test_name).toMatchObject({ IT_it: expect.any(String) });
    expect((await repos.reports.listCampaignNorms(C_ALFA)).map((n) => n.name)).toEqual([
      { IT_it: 'Popolazione', EN_en: 'Population' },
      { IT_it: 'Laureati' },
    ]);
  });
});

describe('a result’s outcomes', () => {
  it('come as those of them that read, to the report and to the next post that merges into them', async () => {
    const carla = (await repos.users.findByEmail(CARLA))!.id;
    const key = { campaignId: C_ALFA, testId: T_SCORED, userId: carla, source: 'client' as const };
    await repos.outcomes.merge(key, [{ questionId: 'A', value: 1 }]);
    await database.db
      .updateTable('outcomes')
      .set({ outcomes: '[{"questionId":"A","value":1},{"value":"no question"},{"questionId":"B","value":{"deep":1}}]' })
      .where('user_id', '=', carla)
      .where('test_id', '=', T_SCORED)
      .execute();
    expect(await repos.outcomes.find(key)).toEqual([{ questionId: 'A', value: 1 }]);
    expect((await repos.reports.listOutcomes(C_ALFA, carla)).find((o) => o.testId === T_SCORED)?.outcomes).toEqual([
      { questionId: 'A', value: 1 },
    ]);
    await repos.outcomes.merge(key, [{ questionId: 'C', value: 3 }]);
    expect(await repos.outcomes.find(key)).toEqual([
      { questionId: 'A', value: 1 },
      { questionId: 'C', value: 3 },
    ]);
  });

  it('read as none when the column does not read', async () => {
    const dario = (await repos.users.findByEmail(DARIO))!.id;
    const key = { campaignId: C_ALFA, testId: T_SCORED, userId: dario, source: 'client' as const };
    await repos.outcomes.merge(key, [{ questionId: 'A', value: 1 }]);
    await database.db.updateTable('outcomes').set({ outcomes: '{"questionId":' }).where('user_id', '=', dario).execute();
    expect(await repos.outcomes.find(key)).toEqual([]);
  });
});

describe('a participation', () => {
  const carla = async () => (await repos.users.findByEmail(CARLA))!.id;

  it('comes with its texts as their languages and its languages, report settings and layout data parsed, wherever it is read', async () => {
    const userId = await carla();
    const signIn = await repos.users.findForSignIn(
      CARLA,
      { account: 'a', address: 'b', device: 'c', requests: 'd', requestsWindowMs: 60_000 },
      'session-participation',
    );
    const read = [
      (await repos.campaigns.listOpenForUser(userId)).find((p) => p.id === C_ALFA),
      await repos.campaigns.findOpenForUser(userId, C_ALFA),
      signIn.open.find((p) => p.id === C_ALFA),
      await repos.staff.campaigns.findParticipation(STAFF_ALFA, C_ALFA, userId),
    ];
    for (const participation of read)
      expect(participation).toMatchObject({
        name: { IT_it: 'Selezione 2026', EN_en: 'Selection 2026' },
        languages: ['IT_it', 'EN_en'],
        report: { allowEarlyDownload: true, canAssessedDownload: true, confidentialityThreshold: 3, documents: [] },
        storage: null,
      });
  });

  it('reads a plain text name as every language’s, and languages, report settings and data that do not read as their fallbacks', async () => {
    await database.db
      .updateTable('campaigns')
      .set({ name: 'Testo semplice', languages: 'IT_it', report: '{"confidentialityThreshold":"tre"}', data: '{oops' })
      .where('id', '=', C_ALFA_360)
      .execute();
    const userId = await carla();
    const participation = await repos.campaigns.findOpenForUser(userId, C_ALFA_360);
    expect(participation).toMatchObject({
      name: { IT_it: 'Testo semplice' },
      languages: ['IT_it'],
      report: { canAssessedDownload: true, allowEarlyDownload: false, confidentialityThreshold: 3, documents: [] },
      data: null,
    });
    expect(await repos.staff.campaigns.findParticipation(STAFF_ALFA, C_ALFA_360, userId)).toMatchObject({ languages: ['IT_it'] });
  });
});
