import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpTestServer, startSmtpTestServer } from '@prova/test-support/smtp-test-server';
import { buildTestApp, type TestApp } from '../../../../../test/build-test-app';
import {
  ADA,
  BEA,
  BEN,
  C_ALFA,
  call,
  type Caller,
  CARLA,
  DARIO,
  ELIO,
  NADIA,
  signInStaff,
  staffBundle,
  userId,
} from '../../../../../test/staff-fixtures';

let smtp: SmtpTestServer;
let t: TestApp;
let ada: Caller;
let bea: Caller;
let carla: Caller;
let elio: Caller;
let ids: Record<string, number>;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  t = await buildTestApp(staffBundle, { env: { SMTP_URL: smtp.url } });
  [ada, bea, carla, elio] = await Promise.all([ADA, BEA, CARLA, ELIO].map((e) => signInStaff(t.app, e)));
  ids = Object.fromEntries(await Promise.all([CARLA, DARIO, NADIA, ELIO, BEN].map(async (e) => [e, await userId(t.app, e)] as const)));
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const invite = (who: Caller, body: object = {}) => call(t.app, who, 'POST', `/api/staff/campaigns/${C_ALFA}/invitations`, body);
const mailTo = (email: string) => smtp.waitForMail((m) => m.to.includes(email));

describe('POST /api/staff/campaigns/:campaignId/invitations', () => {
  it('invites every candidate not invited yet, each in their language, with a set-password link for those without a password', async () => {
    const res = await invite(ada);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.invited.map((i: { userId: number }) => i.userId).sort((a: number, b: number) => a - b)).toEqual(
      // Not Elio: the campaign's assessor is no candidate to invite.
      [ids[CARLA], ids[DARIO], ids[NADIA]].sort((a, b) => a - b),
    );
    expect(body.invited.find((i: { userId: number }) => i.userId === ids[NADIA])).toMatchObject({
      setPasswordLink: true,
      invitedAt: expect.any(String),
    });
    expect(body.invited.find((i: { userId: number }) => i.userId === ids[CARLA]).setPasswordLink).toBe(false);
    expect(body.skipped).toEqual([]);

    const nadia = await mailTo(NADIA);
    expect(nadia.subject).toBe('Prova: te invitamos a "Selezione 2026"');
    expect(nadia.text).toContain('Hola Nadia:');
    expect(nadia.text).toContain('7 días');
    const link = nadia.links.find((l) => l.includes('/new_password/'));
    expect(link).toMatch(/^http:\/\/localhost:3000\/new_password\/[A-Za-z0-9_-]{43}\/nadia%40alfa\.example$/);
    const dario = await mailTo(DARIO);
    expect(dario.subject).toBe('Prova: you are invited to "Selection 2026"');
    expect(dario.links).toEqual(['http://localhost:3000/login']);
    expect((await mailTo(CARLA)).subject).toBe('Prova: sei invitato/a a "Selezione 2026"');

    // The link sets Nadia's password, and she signs in with it.
    const [, token, email] = /\/new_password\/([^/]+)\/([^/]+)$/.exec(new URL(link!).pathname)!;
    expect((await call(t.app, null, 'POST', '/api/auth/checkToken', { email: decodeURIComponent(email), token })).json().status).toBe(true);
    const set = await call(t.app, null, 'POST', '/api/auth/resetPassword', {
      email: NADIA,
      token,
      password: 'Tr0ub4dor&3',
      password_confirmation: 'Tr0ub4dor&3',
    });
    expect(set.statusCode).toBe(200);
    expect((await call(t.app, null, 'POST', '/api/auth/login', { username: NADIA, password: 'Tr0ub4dor&3' })).statusCode).toBe(200);
  });

  it('records who was invited when: the progress shows it, and nobody is left to invite', async () => {
    const progress = (await call(t.app, ada, 'GET', `/api/staff/campaigns/${C_ALFA}/progress?invited=yes`)).json();
    expect(progress.total).toBe(3);
    expect(progress.participants[0].invitedAt).toEqual(expect.any(String));
    expect(
      (await call(t.app, ada, 'GET', '/api/staff/campaigns')).json().campaigns.find((c: { id: number }) => c.id === C_ALFA).counts.invited,
    ).toBe(3);
    smtp.clear();
    expect((await invite(ada)).json()).toEqual({ status: true, invited: [], skipped: [] });
  });

  it('invites the people named again, and skips those who are not participants or are deactivated', async () => {
    await call(t.app, ada, 'DELETE', `/api/people/${ids[DARIO]}`);
    smtp.clear();
    const res = await invite(ada, { userIds: [ids[CARLA], ids[BEN], ids[DARIO]] });
    expect(res.json()).toMatchObject({
      status: true,
      invited: [{ userId: ids[CARLA] }],
      skipped: [
        { userId: ids[BEN], reason: 'not-participant' },
        { userId: ids[DARIO], reason: 'inactive' },
      ],
    });
    await mailTo(CARLA);
    const row = await t.app.database.db.selectFrom('invitations').selectAll().where('user_id', '=', ids[CARLA]).executeTakeFirstOrThrow();
    expect(row.times).toBe(2);
    expect(smtp.mails.some((m) => m.to.includes(BEN) || m.to.includes(DARIO))).toBe(false);
  });

  it('refuses candidates and assessors (403), another company (404), a bad body (422)', async () => {
    for (const who of [carla, elio]) expect((await invite(who)).statusCode).toBe(403);
    expect((await invite(bea)).statusCode).toBe(404);
    expect((await invite(ada, { userIds: [] })).statusCode).toBe(422);
    expect((await invite(ada, { userIds: ['x'] })).statusCode).toBe(422);
  });
});
