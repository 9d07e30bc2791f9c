import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, type TestApp } from '../../../../../test/build-test-app';

// Staff build a norm group from their company's completed results, and choose a campaign's norms.

const PASSWORD = 'Segreta-2026';
const ALFA = 'Norme Alfa S.r.l.';
const BETA = 'Norme Beta S.p.A.';
const ADMIN = 'admin@norme-alfa.example';
const OTHER = 'admin@norme-beta.example';
const ENGLISH_ADMIN = 'english@norme-alfa.example';
const C_BIG = 7201; // 35 completed results: 1..35
const C_SMALL = 7202; // 10 completed results
const C_BETA = 7203;
const candidates = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${i + 1}@norme-alfa.example`);
const BIG = candidates('big', 35);
const SMALL = candidates('small', 10);
// Two of the big campaign's candidates read their report, one in English and one in Spanish.
const READERS = new Map([
  [BIG[0]!, 'EN_en'],
  [BIG[1]!, 'ES_es'],
]);
const campaign = (id: number, company: string, people: string[], status = 'ACTIVE') => ({
  id,
  company,
  name: `Campagna ${id}`,
  status,
  languages: ['IT_it', 'EN_en', 'ES_es'],
  dateStart: '2026-01-01T00:00:00+01:00',
  dateEnd: '2027-12-31T23:59:00+01:00',
  tests: [{ test: 401 }],
  participants: people.map((user) => ({ user, ...(READERS.has(user) ? { lang: READERS.get(user) } : {}) })),
});

let t: TestApp;
const logLines: string[] = [];
/** The audit entries logged since line `from`. */
const auditsSince = async (from: number) => {
  await new Promise((resolve) => setImmediate(resolve));
  return logLines.slice(from).flatMap((line) => (JSON.parse(line) as { audit?: { event: string; target: string } }).audit ?? []);
};
const cookies = new Map<string, string>();
const as = async (email: string) => {
  if (!cookies.has(email)) cookies.set(email, await login(t.app, email, PASSWORD));
  return cookies.get(email)!;
};
const call = async (email: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: await as(email) }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await buildTestApp(
    {
      companies: [{ name: ALFA }, { name: BETA }],
      users: [
        { company: ALFA, email: ADMIN, password: PASSWORD, role: 'admin', privacy: true },
        { company: BETA, email: OTHER, password: PASSWORD, role: 'admin', privacy: true },
        { company: ALFA, email: ENGLISH_ADMIN, password: PASSWORD, role: 'admin', privacy: true, lang: 'EN_en' },
        ...[...BIG, ...SMALL].map((email) =>
          READERS.has(email)
            ? { company: ALFA, email, password: PASSWORD, privacy: true, lang: READERS.get(email) }
            : { company: ALFA, email },
        ),
      ],
      tests: [{ id: 401, abbreviation: 'NRM', name: 'Normato', url: '/activities/numerical/' }],
      campaigns: [campaign(C_BIG, ALFA, BIG, 'REPORT'), campaign(C_SMALL, ALFA, SMALL), campaign(C_BETA, BETA, [])],
    },
    { logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } } },
  );
  // Completed results as the activity recorded them; one unfinished attempt that must not count.
  const { db } = t.database;
  const users = new Map((await db.selectFrom('users').select(['id', 'email']).execute()).map((u) => [u.email, u.id]));
  const now = new Date().toISOString();
  const results = [
    ...BIG.map((email, i) => ({ email, campaign: C_BIG, score: i + 1 })),
    ...SMALL.map((email) => ({ email, campaign: C_SMALL, score: 5 })),
  ];
  for (const { email, campaign: campaign_id, score } of results) {
    const user_id = users.get(email)!;
    const status = email === SMALL[0] ? 'in_progress' : 'complete';
    await db
      .insertInto('test_progress')
      .values({
        campaign_id,
        test_id: 401,
        user_id,
        version: 1,
        status,
        data: null,
        updated_at: now,
        started_at: now,
        ends_at: null,
        scoring_claimed_by: null,
        scoring_claimed_until: null,
      })
      .execute();
    await db
      .insertInto('outcomes')
      .values({
        campaign_id,
        test_id: 401,
        user_id,
        source: 'client',
        assessor_id: null,
        outcomes: JSON.stringify([{ questionId: 'score', value: score }]),
        created_at: now,
      })
      .execute();
  }
});
afterAll(() => t.close());

const body = (campaigns: number[]) => ({ name: 'Candidati 2026', test: 401, outcome: 'score', campaigns });

describe('staff norms', () => {
  it('previews n, mean and sd of the completed results, then saves the norm and chooses it for a campaign, both audited', async () => {
    const preview = await call(ADMIN, 'POST', '/api/staff/norms/preview', body([C_BIG]));
    expect(preview.statusCode).toBe(200);
    // 1..35: mean 18, sample variance n(n + 1) / 12 = 105.
    const { norm } = preview.json();
    expect(norm.n).toBe(35);
    expect(norm.mean).toBe(18);
    expect(norm.sd).toBeCloseTo(Math.sqrt(105), 6);
    // Both campaigns: the 9 completed results of 5 join them (the unfinished one does not).
    expect((await call(ADMIN, 'POST', '/api/staff/norms/preview', body([C_BIG, C_SMALL]))).json().norm.n).toBe(44);

    const from = logLines.length;
    const saved = await call(ADMIN, 'POST', '/api/staff/norms', body([C_BIG]));
    expect(saved.statusCode).toBe(200);
    const created = saved.json().norm;
    expect(await auditsSince(from)).toEqual([expect.objectContaining({ event: 'staff-created', target: `norms/${created.id}` })]);
    expect(created).toMatchObject({
      name: 'Candidati 2026',
      testId: 401,
      testName: 'Normato',
      outcome: 'score',
      n: 35,
      mean: 18,
      campaignIds: [],
    });

    const before = logLines.length;
    const chosen = await call(ADMIN, 'PUT', `/api/staff/campaigns/${C_SMALL}/norms`, { norms: [created.id] });
    expect(chosen.statusCode).toBe(200);
    expect(await auditsSince(before)).toEqual([expect.objectContaining({ event: 'staff-updated', target: `campaigns/${C_SMALL}/norms` })]);
    expect(chosen.json().norms.find((n: { id: number }) => n.id === created.id).campaignIds).toEqual([C_SMALL]);
    const list = await call(ADMIN, 'GET', '/api/staff/norms');
    expect(list.json().norms.map((n: { id: number }) => n.id)).toContain(created.id);
  });

  it('names a norm in each language, and each candidate reads it in theirs on the report', async () => {
    const names = { IT_it: 'Candidati 2026', EN_en: '2026 applicants', ES_es: 'Candidatos 2026' };
    const saved = await call(ADMIN, 'POST', '/api/staff/norms', { ...body([C_BIG]), name: names });
    expect(saved.statusCode, saved.body).toBe(200);
    const { id } = saved.json().norm;
    expect(saved.json().norm.name).toBe('Candidati 2026');
    const english = (await call(ENGLISH_ADMIN, 'GET', '/api/staff/norms')).json().norms.find((n: { id: number }) => n.id === id);
    expect(english.name).toBe('2026 applicants');
    expect((await call(ADMIN, 'PUT', `/api/staff/campaigns/${C_BIG}/norms`, { norms: [id] })).statusCode).toBe(200);
    for (const [email, name] of [
      [BIG[0]!, '2026 applicants'],
      [BIG[1]!, 'Candidatos 2026'],
    ]) {
      const page = await call(email, 'GET', `/api/report/${C_BIG}/page`);
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json().page.report.norms).toEqual([expect.objectContaining({ normId: id, name, n: 35 })]);
    }
    // A name in one language only is every language's; none at all is refused at the name.
    const spanishOnly = await call(ENGLISH_ADMIN, 'POST', '/api/staff/norms', { ...body([C_BIG]), name: { ES_es: 'Sólo' } });
    expect(spanishOnly.json().norm.name).toBe('Sólo');
    const blank = await call(ADMIN, 'POST', '/api/staff/norms/preview', { ...body([C_BIG]), name: { IT_it: ' ', EN_en: '' } });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual([{ path: 'body.name', message: 'Expected the norm group’s name' }]);
  });

  it('refuses a norm of fewer than 30 results with a clear 422', async () => {
    const res = await call(ADMIN, 'POST', '/api/staff/norms', body([C_SMALL]));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION',
      errors: [{ path: 'campaigns', message: 'only 9 completed results for this outcome: a norm needs at least 30' }],
    });
  });

  it('keeps each company to its own campaigns and norms', async () => {
    const alfaNorms = (await call(ADMIN, 'GET', '/api/staff/norms')).json().norms;
    expect(alfaNorms.length).toBeGreaterThan(0);
    expect((await call(OTHER, 'GET', '/api/staff/norms')).json().norms).toEqual([]);
    const foreign = await call(OTHER, 'POST', '/api/staff/norms/preview', body([C_BIG]));
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors[0]).toEqual({ path: 'campaigns.0', message: `campaign ${C_BIG} is not one of your company's campaigns` });
    const attach = await call(OTHER, 'PUT', `/api/staff/campaigns/${C_BETA}/norms`, { norms: [alfaNorms[0].id] });
    expect(attach.statusCode).toBe(422);
    expect((await call(OTHER, 'PUT', `/api/staff/campaigns/${C_BIG}/norms`, { norms: [] })).statusCode).toBe(404);
  });
});
