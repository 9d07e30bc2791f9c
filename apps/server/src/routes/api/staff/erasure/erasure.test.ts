import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, type TestApp } from '../../../../../test/build-test-app';
import { PASSWORD } from '../../../../../test/fixtures';
import { call, type Caller, signInStaff, userId } from '../../../../../test/staff-fixtures';

// Erasure (issue 52): after staff erase a person, no table of the database holds their e-mail or their names, their
// sessions are over, and their results stay as anonymous rows still counted (or go, as the company says), with the
// 360 thresholds kept. Two companies, alike but for their setting: Keep (results kept) and Drop (results removed).

const SCORE = 'function computeOutcomes(data) { return [{ questionId: "score", value: data.n }]; }';

interface Company {
  /** The person erased: names found nowhere else in the data. */
  erased: { email: string; firstName: string; lastName: string };
  id: number;
  name: string;
  domain: string;
  campaign: number;
  campaign360: number;
  test: number;
}
const KEEP: Company = {
  erased: { email: 'zelinda.quaranta@keep.example', firstName: 'Zelinda', lastName: 'Quaranta' },
  id: 31,
  name: 'Keep S.r.l.',
  domain: 'keep.example',
  campaign: 7001,
  campaign360: 7002,
  test: 401,
};
const DROP: Company = {
  erased: { email: 'ermenegilda.trentuno@drop.example', firstName: 'Ermenegilda', lastName: 'Trentuno' },
  id: 32,
  name: 'Drop S.r.l.',
  domain: 'drop.example',
  campaign: 7101,
  campaign360: 7102,
  test: 402,
};

const zelinda = (c: Company) => c.erased;
/** Her names anywhere, in any case. */
const named = (c: Company) => new RegExp(`${c.erased.firstName}|${c.erased.lastName}`, 'i');
const mail = (who: string, c: Company) => `${who}@${c.domain}`;

function people(c: Company) {
  const user = (who: string, firstName: string, lastName: string, extra: object = {}) => ({
    company: c.name,
    email: mail(who, c),
    password: PASSWORD,
    firstName,
    lastName,
    privacy: true,
    ...extra,
  });
  return [
    user('ilaria', 'Ilaria', 'Amministra', { role: 'admin' }),
    { ...user('x', '', ''), ...zelinda(c) },
    user('olga', 'Olga', 'Ottavi'),
    user('piero', 'Piero', 'Primo'),
    user('sara', 'Sara', 'Seconda'),
    user('ugo', 'Ugo', 'Ultimo'),
  ];
}

const campaigns = (c: Company) => {
  const z = zelinda(c).email;
  return [
    {
      id: c.campaign,
      company: c.name,
      name: 'Selezione',
      dateStart: '2026-01-01T00:00:00Z',
      dateEnd: '2030-01-01T00:00:00Z',
      tests: [{ test: c.test }],
      participants: [{ user: z }, { user: mail('olga', c) }, { user: mail('piero', c) }],
    },
    {
      id: c.campaign360,
      company: c.name,
      name: 'Feedback',
      is360: true,
      dateStart: '2026-01-01T00:00:00Z',
      dateEnd: '2030-01-01T00:00:00Z',
      tests: [{ test: 360 }],
      participants: [z, 'piero', 'sara', 'ugo'].map((who) => ({ user: who.includes('@') ? who : mail(who, c) })),
      relations360: [
        { evaluator: mail('ugo', c), evaluee: mail('ugo', c), relationId: 3 },
        { evaluator: z, evaluee: mail('ugo', c), relationId: 2 },
        { evaluator: mail('piero', c), evaluee: mail('ugo', c), relationId: 2 },
        { evaluator: mail('sara', c), evaluee: mail('ugo', c), relationId: 2 },
        { evaluator: mail('ugo', c), evaluee: z, relationId: 2 },
      ],
      questions360: { closed: [{ id: 1, text: 'Ascolta' }], open: [{ id: 90, text: 'Un consiglio?' }] },
    },
  ];
};

const bundle = {
  version: 1,
  companies: [KEEP, DROP].map((c) => ({ id: c.id, name: c.name })),
  users: [...people(KEEP), ...people(DROP)],
  tests: [
    ...[KEEP, DROP].map((c) => ({
      id: c.test,
      abbreviation: `S${c.test}`,
      name: 'Punteggio',
      url: '/activities/s/',
      jsonData: {},
      algorithm: SCORE,
      owner: c.name,
    })),
    { id: 360, abbreviation: '360', name: 'Feedback 360', url: '/skillup-360', jsonData: {} },
  ],
  campaigns: [...campaigns(KEEP), ...campaigns(DROP)],
};

let t: TestApp;
const staff = new Map<number, Caller>();

/** Every row the person's use of the platform leaves, their free text naming them. */
async function leaveTraces(c: Company) {
  const db = t.app.database.db;
  const who = zelinda(c);
  const z = await userId(t.app, who.email);
  const id = (name: string) => userId(t.app, mail(name, c));
  const at = '2026-03-01T10:00:00.000Z';
  const data = JSON.stringify({ answer: `Mi chiamo ${who.firstName} ${who.lastName} (${who.email})`, n: 8 });
  for (const [name, n] of [
    ['olga', 6],
    ['piero', 4],
  ] as const) {
    const uid = await id(name);
    await db
      .insertInto('test_progress')
      .values({ campaign_id: c.campaign, test_id: c.test, user_id: uid, version: 1, status: 'complete', data: '{}', updated_at: at })
      .execute();
    await db
      .insertInto('outcomes')
      .values({
        campaign_id: c.campaign,
        test_id: c.test,
        user_id: uid,
        source: 'server',
        assessor_id: null,
        outcomes: JSON.stringify([{ questionId: 'score', value: n }]),
        created_at: at,
      })
      .execute();
  }
  const key = { campaign_id: c.campaign, test_id: c.test, user_id: z };
  await db
    .insertInto('test_progress')
    .values({ ...key, version: 2, status: 'complete', data, updated_at: at })
    .execute();
  await db
    .insertInto('test_progress_history')
    .values({
      ...key,
      version: 1,
      status: 'complete',
      data,
      started_at: at,
      ends_at: null,
      updated_at: at,
      archived_at: at,
      reason: 'reset',
    })
    .execute();
  await db
    .insertInto('outcomes')
    .values({
      ...key,
      source: 'server',
      assessor_id: null,
      outcomes: JSON.stringify([
        { questionId: 'score', value: 8 },
        { questionId: 'nota', value: who.lastName },
      ]),
      created_at: at,
    })
    .execute();
  await db
    .insertInto('outcomes_history')
    .values({
      ...key,
      source: 'client',
      assessor_id: null,
      outcomes: JSON.stringify([{ questionId: 'nome', value: who.firstName }]),
      created_at: at,
      archived_at: at,
      reason: 'reset',
    })
    .execute();
  await db
    .insertInto('logs')
    .values({ user_id: z, campaign_id: c.campaign, test_id: c.test, data: `typed ${who.email} as ${who.firstName}`, created_at: at })
    .execute();
  await db
    .updateTable('participants')
    .set({ storage: JSON.stringify({ nickname: `${who.firstName} Q.` }) })
    .where('user_id', '=', z)
    .execute();
  await db
    .insertInto('item_ratings')
    .values({ ...key, item_id: 'i1', points: 1, assessor_id: await id('ilaria'), rated_at: at })
    .execute();
  await db
    .insertInto('adaptive_sessions')
    .values({
      ...key,
      attempt: 'a1',
      seed: 's',
      answered: 1,
      given: JSON.stringify([{ item: 'i1', score: 1, response: who.lastName }]),
      current: null,
      theta: 0,
      se: 1,
      done: 1,
      updated_at: at,
    })
    .execute();
  await db
    .insertInto('invitations')
    .values({ campaign_id: c.campaign, user_id: z, invited_at: at, invited_by: await id('ilaria') })
    .execute();
  await db.insertInto('request_keys').values({ user_id: z, key: 'k1', created_at: at }).execute();
  await db
    .insertInto('password_resets')
    .values({ token_hash: `h${c.id}`, user_id: z, created_at: at, expires_at: at, used_at: null })
    .execute();
  const { id: textId } = await db
    .insertInto('privacy_texts')
    .values({ hash: `p${c.id}`, text: '"Informativa"', created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('consent_records')
    .values({ user_id: z, campaign_id: c.campaign, privacy_text_id: textId, accepted_at: at })
    .execute();
  await db
    .insertInto('report_views')
    .values({ viewer_id: await id('ilaria'), subject_user_id: z, campaign_id: c.campaign, kind: 'opened', at })
    .execute();
  await db.insertInto('retention_notices').values({ user_id: z, company_id: c.id, erase_on: at, notified_at: at }).execute();
  // The staff console's jobs: an export of her campaign (Excel is base64: no text search would find her) and an import naming her.
  const job = { company_id: c.id, created_by: await id('ilaria'), state: 'done', phase: 'done', created_at: at, updated_at: at };
  await db
    .insertInto('staff_jobs')
    .values({
      ...job,
      id: `e${c.id}`,
      kind: 'export',
      campaign_id: c.campaign,
      format: 'xlsx',
      file_data: Buffer.from(who.email).toString('base64'),
    })
    .execute();
  await db
    .insertInto('staff_jobs')
    .values({ ...job, id: `i${c.id}`, kind: 'import', input: JSON.stringify({ users: [who] }) })
    .execute();
  await db
    .insertInto('staff_jobs')
    .values({ ...job, id: `o${c.id}`, kind: 'import', input: '{"users":[]}' })
    .execute();
  // 360: what she said about Ugo (naming herself), with two more peers, and what Ugo said about her.
  const answer = (evaluator: number, evaluee: number, question: number, value: number | null, text: string | null) =>
    db
      .insertInto('answers360')
      .values({
        campaign_id: c.campaign360,
        evaluator_id: evaluator,
        evaluee_id: evaluee,
        question_id: question,
        value,
        text_value: text,
        updated_at: at,
      })
      .execute();
  const [ugo, piero, sara] = [await id('ugo'), await id('piero'), await id('sara')];
  await answer(z, ugo, 1, 5, null);
  await answer(z, ugo, 90, null, `Da ${who.firstName}: ascolta di più.`);
  await answer(piero, ugo, 1, 3, null);
  await answer(piero, ugo, 90, null, 'Chiaro.');
  await answer(sara, ugo, 1, 4, null);
  await answer(ugo, ugo, 1, 4, null);
  await answer(ugo, z, 90, null, `${who.firstName} ${who.lastName} è brava.`);
  for (const evaluator of [z, piero, sara])
    await db
      .insertInto('evaluations360')
      .values({ campaign_id: c.campaign360, evaluator_id: evaluator, evaluee_id: ugo, version: 1, status: 'complete', updated_at: at })
      .execute();

  // Through the API: a failed sign-in (counted by her e-mail, audited with it masked) and a session of hers.
  expect(
    (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: who.email, password: 'Sbagliata-2026' } })).json()
      .code,
  ).toBe('WRONG_CREDENTIALS');
  const cookie = await login(t.app, who.email, PASSWORD);
  expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(200);
  // Staff wrote about her: an audited change of her record.
  expect((await call(t.app, staff.get(c.id)!, 'PUT', `/api/people/${z}`, { lastName: who.lastName })).statusCode).toBe(200);
  return { z, cookie, ugo };
}

/** Every table of the database, found in its catalogue (not a list of ours), as text. */
async function dumpEveryTable(): Promise<{ tables: string[]; text: string; holding(pattern: RegExp | string): string[] }> {
  const db = t.app.database.db;
  const names =
    t.app.database.dialect === 'sqlite'
      ? (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db)).rows.map((r) => r.name)
      : (
          await sql<{
            name: string;
          }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(db)
        ).rows.map((r) => r.name);
  const byTable = new Map<string, string>();
  for (const name of names) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
    byTable.set(
      name,
      JSON.stringify(rows, (_key, value) => (value?.type === 'Buffer' ? Buffer.from(value.data).toString('latin1') : value)),
    );
  }
  const text = [...byTable].map(([name, rows]) => `${name}: ${rows}`).join('\n');
  /** The tables whose rows hold the text (any case) or match the pattern. */
  const holding = (pattern: RegExp | string) =>
    [...byTable]
      .filter(([, rows]) => (typeof pattern === 'string' ? rows.toLowerCase().includes(pattern.toLowerCase()) : pattern.test(rows)))
      .map(([name]) => name);
  return { tables: names, text, holding };
}

const ugoReport = (c: Company, ugo: number) =>
  call(t.app, staff.get(c.id)!, 'GET', `/api/report/${c.campaign360}/individual/personal/${ugo}`);
/** How many completed results a norm of the test would be built from (under the norm's minimum of 30, the 422 says). */
async function countedInNorm(c: Company): Promise<number> {
  const res = await call(t.app, staff.get(c.id)!, 'POST', '/api/staff/norms/preview', {
    name: 'N',
    test: c.test,
    outcome: 'score',
    campaigns: [c.campaign],
  });
  const counted = /only (\d+) completed results/.exec(res.json().message);
  if (!counted) throw new Error(res.body);
  return Number(counted[1]);
}
const erase = (c: Company, id: number, confirm: string) =>
  call(t.app, staff.get(c.id)!, 'POST', `/api/staff/people/${id}/erase`, { confirm });

const traces = new Map<number, Awaited<ReturnType<typeof leaveTraces>>>();

beforeAll(async () => {
  t = await buildTestApp(bundle);
  for (const c of [KEEP, DROP]) staff.set(c.id, await signInStaff(t.app, mail('ilaria', c)));
  expect(
    (await call(t.app, staff.get(DROP.id)!, 'PUT', `/api/companies/${DROP.id}`, { name: DROP.name, erasureKeepsResults: false })).json()
      .company,
  ).toMatchObject({
    erasureKeepsResults: false,
    retentionMonths: null,
  });
  for (const c of [KEEP, DROP]) traces.set(c.id, await leaveTraces(c));
});
afterAll(() => t?.close());

describe('POST /api/staff/people/{id}/erase', () => {
  it('refuses a confirmation that does not name the person, another company, themselves and non-staff', async () => {
    const { z } = traces.get(KEEP.id)!;
    const wrong = await erase(KEEP, z, 'Zelinda');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual([{ path: 'confirm', message: expect.any(String) }]);
    expect((await erase(KEEP, z, '')).statusCode).toBe(422);
    expect((await erase(DROP, z, 'Zelinda Quaranta')).statusCode).toBe(404);
    expect((await erase(KEEP, await userId(t.app, mail('ilaria', KEEP)), 'Ilaria Amministra')).statusCode).toBe(409);
    const olga = await signInStaff(t.app, mail('olga', KEEP));
    expect((await call(t.app, olga, 'POST', `/api/staff/people/${z}/erase`, { confirm: 'Zelinda Quaranta' })).statusCode).toBe(403);
    expect((await call(t.app, staff.get(KEEP.id)!, 'GET', `/api/people/${z}`)).statusCode).toBe(200);
  });

  it('keeps results as anonymous rows still counted, ends the sessions, and leaves neither e-mail nor name in any table', async () => {
    const { z, cookie, ugo } = traces.get(KEEP.id)!;
    const who = zelinda(KEEP);
    expect(await countedInNorm(KEEP)).toBe(3);
    const before = (await ugoReport(KEEP, ugo)).json().result.results360;
    expect(before.questions[0].raters).toMatchObject({ 'relation:2': 3 });
    expect((await dumpEveryTable()).holding(who.email)).toEqual(
      expect.arrayContaining(['users', 'test_progress', 'logs', 'sign_in_throttle', 'staff_jobs']),
    );

    const res = await erase(KEEP, z, '  zelinda   QUARANTA ');
    expect(res.statusCode).toBe(200);
    const { erasure } = res.json();
    expect(erasure).toMatchObject({
      keptResults: true,
      rows: expect.objectContaining({ users: 1, sessions: 1, logs: 1, test_progress: 1 }),
    });

    const dump = await dumpEveryTable();
    expect(dump.tables).toEqual(expect.arrayContaining(['users', 'audit_events', 'erasures', 'retention_notices']));
    expect(dump.holding(who.email)).toEqual([]);
    expect(dump.holding(named(KEEP))).toEqual([]);
    // The masked form of the e-mail the trail kept from the failed sign-in is gone too.
    expect(dump.holding('z***@keep.example')).toEqual([]);

    // Rows that hold only her id: her consents and who opened her report.
    for (const [table, column] of [
      ['consent_records', 'user_id'],
      ['report_views', 'subject_user_id'],
    ] as const)
      expect(await t.app.database.db.selectFrom(table).select(column).where(column, '=', z).execute()).toEqual([]);
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: who.email, password: PASSWORD } })).json().code,
    ).toBe('WRONG_CREDENTIALS');
    expect((await call(t.app, staff.get(KEEP.id)!, 'GET', `/api/people/${z}`)).statusCode).toBe(404);
    expect((await call(t.app, staff.get(KEEP.id)!, 'GET', '/api/people?active=all&q=zelinda')).json().total).toBe(0);

    // Her results still count, anonymous: the norm, and her 360 answers in a group that still meets the threshold.
    expect(await countedInNorm(KEEP)).toBe(3);
    const after = (await ugoReport(KEEP, ugo)).json().result.results360;
    expect(after.questions).toEqual(before.questions);
    expect(after.comments[0].others).toEqual(['Chiaro.', 'Da [erased]: ascolta di più.']);

    // Audited by its receipt, never by the person.
    const trail = await t.app.database.db.selectFrom('audit_events').selectAll().where('event', '=', 'person-erased').execute();
    expect(trail).toEqual([
      expect.objectContaining({
        target: `erasures/${erasure.id}`,
        subject_user_id: null,
        actor_id: await userId(t.app, mail('ilaria', KEEP)),
      }),
    ]);
    expect(
      await t.app.database.db
        .selectFrom('audit_events')
        .select('id')
        .where((eb) => eb.or([eb('actor_id', '=', z), eb('subject_user_id', '=', z)]))
        .execute(),
    ).toEqual([]);
    expect(await t.app.database.db.selectFrom('erasures').select(['id', 'company_id', 'reason']).execute()).toEqual([
      { id: erasure.id, company_id: KEEP.id, reason: 'staff' },
    ]);
  });

  it('cannot be done twice: there is nothing left to erase', async () => {
    const { z } = traces.get(KEEP.id)!;
    const again = await erase(KEEP, z, 'Zelinda Quaranta');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CONFLICT');
  });

  it('removes the results where the company says so, and a 360 group left under the threshold stops showing', async () => {
    const { z, ugo } = traces.get(DROP.id)!;
    const who = zelinda(DROP);
    expect(await countedInNorm(DROP)).toBe(3);
    const before = (await ugoReport(DROP, ugo)).json().result.results360;
    expect(before.groups.map((g: { key: string }) => g.key)).toEqual(['self', 'relation:2', 'all']);
    expect(before.comments[0].others).toEqual(['Chiaro.', 'Da Ermenegilda: ascolta di più.']);

    const res = await erase(DROP, z, who.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json().erasure).toMatchObject({
      keptResults: false,
      rows: expect.objectContaining({ outcomes: 1, answers360: 3, participants: 2 }),
    });

    const dump = await dumpEveryTable();
    expect(dump.holding(who.email)).toEqual([]);
    expect(dump.holding(named(DROP))).toEqual([]);
    const left = await t.app.database.db.selectFrom('test_progress').select('user_id').where('user_id', '=', z).execute();
    expect(left).toEqual([]);
    expect(await countedInNorm(DROP)).toBe(2);
    // Two peers left: their group, its pool and the mean of everybody are all under the threshold of 3.
    const after = (await ugoReport(DROP, ugo)).json().result.results360;
    expect(after.groups.map((g: { key: string }) => g.key)).toEqual(['self']);
    expect(after.questions[0].raters).toEqual({ self: 1 });
    expect(after.comments[0].others).toEqual([]);
  });
});
