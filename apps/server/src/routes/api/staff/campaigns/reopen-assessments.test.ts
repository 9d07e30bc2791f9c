// Issue 54: once staff close a campaign or publish its reports, its assessors' ratings and notes are locked (409
// CAMPAIGN_CLOSED, nothing changes) and the grid is told so; the company's admin alone may reopen them for a while,
// which the audit trail keeps. On SQLite, and on PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBundle } from '../../../../import/import-bundle';
import { buildTestApp, type TestApp } from '../../../../../test/build-test-app';
import { type Caller, PASSWORD, signIn } from '../../tests/test-delivery-fixtures';

const ALFA = 'Alfa S.r.l.';
const BETA = 'Beta S.p.A.';
const C = 7201;
const C_OPEN = 7202;
const ANNA = 'anna@alfa.example';
const ELENA = 'elena@alfa.example';
const ADA = 'ada@alfa.example';
const SERGIO = 'sergio@alfa.example';
const BEA = 'bea@beta.example';
const person = (company: string, email: string, firstName: string, role?: string) => ({
  company,
  email,
  password: PASSWORD,
  firstName,
  lastName: 'Rossi',
  privacy: true,
  ...(role ? { role } : {}),
});

const campaign = {
  id: C,
  company: ALFA,
  name: 'Selezione',
  dateStart: '2025-01-01T00:00:00Z',
  dateEnd: '2030-01-01T00:00:00Z',
  tests: [{ test: 201 }],
  participants: [{ user: ANNA }, { user: ELENA }],
  assessments: [{ assessor: ELENA, assessed: [ANNA], tests: [201] }],
};
const interview = { options: { criteria: [{ id: 'ascolto', label: 'Ascolto', min: 0, max: 4 }] } };
const bundle = (status: 'ACTIVE' | 'COMPLETED' | 'REPORT') => ({
  version: 1,
  companies: [{ name: ALFA }, { name: BETA }],
  users: [
    person(ALFA, ANNA, 'Anna'),
    person(ALFA, ELENA, 'Elena', 'Assessor'),
    person(ALFA, ADA, 'Ada', 'admin'),
    person(ALFA, SERGIO, 'Sergio', 'superassessor'),
    person(BETA, BEA, 'Bea', 'admin'),
  ],
  tests: [{ id: 201, abbreviation: 'COL', name: 'Colloquio', url: '/activities/interview-grid/', jsonData: interview }],
  campaigns: [
    { ...campaign, status },
    { ...campaign, id: C_OPEN, name: 'Aperta', participants: [{ user: ANNA }, { user: ELENA }] },
  ],
});

describe.each(['COMPLETED', 'REPORT'] as const)('a campaign closed by staff (%s)', (status) => {
  let t: TestApp;
  let anna: Caller;
  let elena: Caller;
  let ada: Caller;
  const call = (who: Caller, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, payload });
  const rate = (value: number | string, questionId = 'ascolto') =>
    call(elena, 'POST', `/api/tests/201/assessedOutcomes/${C}/${anna.id}`, { values: [{ questionId, value }] });
  const recorded = async () =>
    (await call(elena, 'GET', `/api/tests/201/assessedOutcomes/${C}`)).json().list[0].outcomes as { questionId: string; value: unknown }[];
  const reopen = (who: Caller, campaignId = C, hours = 2) =>
    call(who, 'POST', `/api/staff/campaigns/${campaignId}/assessments/reopen`, { hours, reason: 'Nota dimenticata' });
  const grid = async () => JSON.parse((await call(elena, 'GET', `/api/tests/201/sync/${C}/${elena.id}`)).json().testData);
  // What the assessor's home is told of the campaign's ratings.
  const home = async () => {
    const { ratingsLocked, reopenedUntil } = (await call(elena, 'GET', `/api/usercampaign/${C}/assessments`)).json();
    return { ratingsLocked, reopenedUntil };
  };

  beforeAll(async () => {
    t = await buildTestApp(bundle('ACTIVE'));
    [anna, elena, ada] = await Promise.all([signIn(t.app, ANNA, C), signIn(t.app, ELENA, C), signIn(t.app, ADA)]);
    // While it is open the assessor rates, and the grid is not told of any lock.
    expect((await rate(3)).statusCode).toBe(200);
    expect((await rate('Ascolta bene', 'note:ascolto')).statusCode).toBe(200);
    expect((await grid()).ratingsLocked).toBeUndefined();
    expect(await home()).toEqual({ ratingsLocked: false, reopenedUntil: null });
    const closed = await importBundle(t.database, bundle(status));
    if (!closed.ok) throw new Error(closed.problems.join('\n'));
  });
  afterAll(() => t?.close());

  it("refuses the assessor's rating and note with 409 CAMPAIGN_CLOSED, changes nothing, and tells the grid and the console", async () => {
    const before = await recorded();
    for (const res of [await rate(1), await rate('Cambiata', 'note:ascolto')]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CAMPAIGN_CLOSED', message: 'The campaign is closed: its ratings are locked' });
    }
    expect(await recorded()).toEqual(before);
    expect(before).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ questionId: 'ascolto', value: 3 }),
        expect.objectContaining({ value: 'Ascolta bene' }),
      ]),
    );
    expect(await grid()).toMatchObject({ ratingsLocked: true, criteria: [{ id: 'ascolto' }] });
    expect(await home()).toEqual({ ratingsLocked: true, reopenedUntil: null });
    // Opening the grid reads it, read-only, rather than failing.
    const opened = await call(elena, 'POST', `/api/tests/201/start/${C}/${elena.id}`, {});
    expect(opened.statusCode).toBe(200);
    expect(JSON.parse(opened.json().testData)).toMatchObject({ ratingsLocked: true });
    const staff = (await call(ada, 'GET', `/api/staff/campaigns/${C}`)).json().campaign;
    expect(staff).toMatchObject({ ratingsLocked: true, assessmentsOpenUntil: null });
  });

  it("lets only the company's admin reopen it: not an assessor, a superassessor, a candidate or another company's admin", async () => {
    const [sergio, bea] = await Promise.all([signIn(t.app, SERGIO), signIn(t.app, BEA)]);
    const answers = [];
    for (const who of [elena, sergio, anna, bea]) answers.push((await reopen(who)).statusCode);
    expect(answers).toEqual([403, 403, 403, 404]);
    expect((await call(ada, 'GET', `/api/staff/campaigns/${C}`)).json().campaign.ratingsLocked).toBe(true);
    expect((await rate(1)).statusCode).toBe(409);
    const trail = await t.app.database.db
      .selectFrom('audit_events')
      .select('event')
      .where('event', '=', 'staff-assessments-reopened')
      .execute();
    expect(trail).toEqual([]);
  });

  it('refuses an hour count out of bounds, and a campaign still active (nothing is locked there)', async () => {
    expect((await reopen(ada, C, 0)).statusCode).toBe(422);
    expect((await reopen(ada, C, 169)).statusCode).toBe(422);
    const active = await reopen(ada, C_OPEN);
    expect(active.statusCode).toBe(409);
    expect(active.json().code).toBe('CONFLICT');
  });

  it('takes ratings again once the admin reopens it, writes the reopening to the audit trail, and locks them again after', async () => {
    const before = Date.now();
    const res = await reopen(ada);
    expect(res.statusCode).toBe(200);
    const until = Date.parse(res.json().assessmentsOpenUntil);
    expect(until - before).toBeGreaterThanOrEqual(2 * 3_600_000 - 1000);
    expect(until - Date.now()).toBeLessThanOrEqual(2 * 3_600_000);

    expect((await rate(2)).statusCode).toBe(200);
    expect((await rate('Ascolta molto bene', 'note:ascolto')).statusCode).toBe(200);
    expect(await recorded()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ questionId: 'ascolto', value: 2 }),
        expect.objectContaining({ value: 'Ascolta molto bene' }),
      ]),
    );
    expect((await grid()).ratingsLocked).toBeUndefined();
    expect(await home()).toEqual({ ratingsLocked: false, reopenedUntil: res.json().assessmentsOpenUntil });
    // Answers are not reopened: the candidate's writes are still refused.
    expect(
      (await call(anna, 'POST', `/api/tests/201/assessedOutcomes/${C}/${elena.id}`, { values: [] })).statusCode,
    ).toBeGreaterThanOrEqual(400);
    expect((await call(ada, 'GET', `/api/staff/campaigns/${C}`)).json().campaign).toMatchObject({
      ratingsLocked: false,
      assessmentsOpenUntil: res.json().assessmentsOpenUntil,
    });

    const trail = await t.app.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('event', '=', 'staff-assessments-reopened')
      .execute();
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ actor_id: ada.id, target: `campaigns/${C}` });
    expect(trail[0]!.detail).toBe(`until ${res.json().assessmentsOpenUntil} (2 h): Nota dimenticata`);
    const listed = await call(ada, 'GET', `/api/staff/audit?event=staff-assessments-reopened`);
    expect(listed.json().entries).toEqual([expect.objectContaining({ actor: expect.objectContaining({ name: 'Ada Rossi' }) })]);

    // The while over (here: set to a minute ago), the ratings are locked again by themselves.
    await t.app.repos.staff.campaigns.reopenAssessments(C, new Date(Date.now() - 60_000).toISOString());
    expect((await rate(4)).statusCode).toBe(409);
    expect((await grid()).ratingsLocked).toBe(true);
    expect(await home()).toEqual({ ratingsLocked: true, reopenedUntil: null });
  });
});
