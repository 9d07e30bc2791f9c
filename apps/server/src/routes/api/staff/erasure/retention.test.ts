import { type SmtpTestServer, startSmtpTestServer } from '@prova/test-support/smtp-test-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherInstance, buildTestApp, type TestApp } from '../../../../../test/build-test-app';
import { PASSWORD } from '../../../../../test/fixtures';
import { call, type Caller, signInStaff, userId } from '../../../../../test/staff-fixtures';

// Retention (issue 52): a company's period (Tempo: 6 months) or a campaign's own (Senza has none, its campaign 1
// month) erases people a set time after every campaign of theirs ended, by a daily run done once across instances;
// staff are mailed a month before, and the console lists who goes. The clock is moved by the run's `now`.

const VERA = 'vera.vecchi@tempo.example'; // only in a campaign that ended on 31 January 2026: erased on 31 July
const WALTER = 'walter.wolf@tempo.example'; // also in a campaign that runs until 2030: kept
const YURI = 'yuri.yamada@senza.example'; // in Senza's campaign that ended on 10 June 2026, kept 1 month: 10 July
const C_OLD = 8001;
const C_RUNNING = 8002;
const C_SENZA = 8101;

const user = (company: string, email: string, firstName: string, lastName: string, extra: object = {}) => ({
  company,
  email,
  password: PASSWORD,
  firstName,
  lastName,
  privacy: true,
  ...extra,
});
const campaign = (id: number, company: string, dateEnd: string, participants: string[]) => ({
  id,
  company,
  name: `C${id}`,
  dateStart: '2025-01-01T00:00:00Z',
  dateEnd,
  tests: [{ test: 501 }],
  participants: participants.map((u) => ({ user: u })),
});
const bundle = {
  version: 1,
  companies: [
    { id: 41, name: 'Tempo S.r.l.' },
    { id: 42, name: 'Senza S.r.l.' },
  ],
  users: [
    user('Tempo S.r.l.', 'tina@tempo.example', 'Tina', 'Titolare', { role: 'admin', lang: 'EN_en' }),
    user('Tempo S.r.l.', VERA, 'Vera', 'Vecchi'),
    user('Tempo S.r.l.', WALTER, 'Walter', 'Wolf'),
    user('Senza S.r.l.', 'sonia@senza.example', 'Sonia', 'Sola', { role: 'superassessor' }),
    user('Senza S.r.l.', YURI, 'Yuri', 'Yamada'),
  ],
  tests: [{ id: 501, abbreviation: 'T501', name: 'Prova', url: '/activities/t/', jsonData: {} }],
  campaigns: [
    campaign(C_OLD, 'Tempo S.r.l.', '2026-01-31T18:00:00Z', [VERA, WALTER]),
    campaign(C_RUNNING, 'Tempo S.r.l.', '2030-01-01T00:00:00Z', [WALTER]),
    campaign(C_SENZA, 'Senza S.r.l.', '2026-06-10T12:00:00Z', [YURI]),
  ],
};

let smtp: SmtpTestServer;
let t: TestApp;
let tina: Caller;
let sonia: Caller;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  t = await buildTestApp(bundle, { env: { SMTP_URL: smtp.url } });
  [tina, sonia] = await Promise.all(['tina@tempo.example', 'sonia@senza.example'].map((e) => signInStaff(t.app, e)));
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const run = (day: string) => t.app.retention.run(new Date(`${day}T03:00:00Z`));
const dueOf = async (who: Caller) => (await call(t.app, who, 'GET', '/api/staff/retention')).json().due;
const exists = async (email: string) =>
  (await t.app.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()) !== undefined;

describe('retention of personal data', () => {
  it("takes the company's period and a campaign's own, from the console; bad periods are 422", async () => {
    const put = await call(t.app, tina, 'PUT', '/api/companies/41', { name: 'Tempo S.r.l.', retentionMonths: 6 });
    expect(put.json().company).toMatchObject({ retentionMonths: 6, erasureKeepsResults: true });
    expect((await call(t.app, tina, 'PUT', '/api/companies/41', { name: 'Tempo S.r.l.', retentionMonths: 0 })).statusCode).toBe(422);
    expect((await call(t.app, sonia, 'PUT', `/api/staff/campaigns/${C_SENZA}/retention`, { retentionMonths: 1 })).json()).toEqual({
      status: true,
      retentionMonths: 1,
    });
    expect((await call(t.app, sonia, 'PUT', `/api/staff/campaigns/${C_OLD}/retention`, { retentionMonths: 1 })).statusCode).toBe(404);
    expect((await call(t.app, sonia, 'PUT', `/api/staff/campaigns/${C_SENZA}/retention`, { retentionMonths: 'x' })).statusCode).toBe(422);

    expect(await dueOf(tina)).toEqual([
      {
        userId: await userId(t.app, VERA),
        firstName: 'Vera',
        lastName: 'Vecchi',
        email: VERA,
        eraseOn: '2026-07-31T18:00:00.000Z',
        notifiedAt: null,
      },
    ]);
    expect((await dueOf(sonia)).map((d: { email: string }) => d.email)).toEqual([YURI]);
  });

  it('mails staff a month before who will go, once, and lists it in the console', async () => {
    expect(await run('2026-06-05')).toEqual({ ran: true, erased: 0, noticed: 0 });
    expect(smtp.mails).toEqual([]);

    expect(await run('2026-06-15')).toEqual({ ran: true, erased: 0, noticed: 1 });
    const notice = await smtp.waitForMail((m) => m.to.includes('sonia@senza.example'));
    expect(notice.subject).toBe('Prova: 1 persona sarà cancellata per la conservazione dei dati');
    expect(notice.text).toContain(`Yuri Yamada <${YURI}>, il 2026-07-10`);
    expect((await dueOf(sonia))[0]).toMatchObject({ email: YURI, notifiedAt: '2026-06-15T03:00:00.000Z' });

    smtp.clear();
    expect(await run('2026-07-05')).toEqual({ ran: true, erased: 0, noticed: 1 });
    const toTina = await smtp.waitForMail((m) => m.to.includes('tina@tempo.example'));
    expect(toTina.subject).toBe('Prova: 1 person to be erased by data retention');
    expect(toTina.text).toContain(`Vera Vecchi <${VERA}>, on 2026-07-31`);
    expect(toTina.text).not.toContain(WALTER);
    expect(smtp.mails.filter((m) => m.to.includes('sonia@senza.example'))).toEqual([]);
  });

  it('runs once a day across instances', async () => {
    expect(await run('2026-07-05')).toEqual({ ran: false, erased: 0, noticed: 0 });
    const others = [await anotherInstance(t), await anotherInstance(t)];
    try {
      const now = new Date('2026-07-06T03:00:00Z');
      const results = await Promise.all([t.app, ...others].map((app) => app.retention.run(now)));
      expect(results.filter((r) => r.ran)).toHaveLength(1);
    } finally {
      for (const other of others) await other.close();
    }
    const runs = await t.app.database.db.selectFrom('retention_runs').select(['day', 'finished_at']).orderBy('day').execute();
    expect(runs.map((r) => r.day)).toEqual(['2026-06-05', '2026-06-15', '2026-07-05', '2026-07-06']);
    expect(runs.every((r) => r.finished_at !== null)).toBe(true);
  });

  it('erases each person once their period is over, audited without naming them', async () => {
    expect(await run('2026-07-11')).toEqual({ ran: true, erased: 1, noticed: 0 });
    expect(await exists(YURI)).toBe(false);
    expect(await exists(VERA)).toBe(true);
    expect(await dueOf(sonia)).toEqual([]);

    expect(await run('2026-08-01')).toEqual({ ran: true, erased: 1, noticed: 0 });
    expect(await exists(VERA)).toBe(false);
    expect(await exists(WALTER)).toBe(true);
    expect(await dueOf(tina)).toEqual([]);
    const trail = await t.app.database.db
      .selectFrom('audit_events')
      .select(['company_id', 'actor_id', 'subject_user_id', 'target', 'detail'])
      .where('event', '=', 'person-erased')
      .orderBy('id')
      .execute();
    expect(trail).toEqual([
      { company_id: 42, actor_id: null, subject_user_id: null, target: expect.stringMatching(/^erasures\/.+/), detail: 'retention' },
      { company_id: 41, actor_id: null, subject_user_id: null, target: expect.stringMatching(/^erasures\/.+/), detail: 'retention' },
    ]);
    const erasures = await t.app.database.db
      .selectFrom('erasures')
      .select(['company_id', 'reason', 'erased_by', 'at'])
      .orderBy('at')
      .execute();
    expect(erasures).toEqual([
      { company_id: 42, reason: 'retention', erased_by: null, at: '2026-07-11T03:00:00.000Z' },
      { company_id: 41, reason: 'retention', erased_by: null, at: '2026-08-01T03:00:00.000Z' },
    ]);
    // Signing in as Vera is over: her e-mail is nobody's now.
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: VERA, password: PASSWORD } });
    expect(res.json().code).toBe('WRONG_CREDENTIALS');
  });
});
