import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpTestServer, startSmtpTestServer } from '@prova/test-support/smtp-test-server';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import { PASSWORD } from '../../../../test/fixtures';
import { ADA, call, CARLA, NADIA, SERGIO, signInStaff, staffBundle } from '../../../../test/staff-fixtures';

let smtp: SmtpTestServer;
let t: TestApp;
let ip = 0;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  t = await buildTestApp(staffBundle, { env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress: `10.9.0.${++ip}` });

describe('POST /api/auth/login for someone without a password', () => {
  it("answers 'password must be set' (token and e-mail), starts no session, and mails the link that sets it", async () => {
    const res = await login(' Nadia@Alfa.example ', 'anything at all');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ status: true, passwordMustBeSet: true, token: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), email: NADIA });
    expect(res.cookies.find((c) => c.name === 'prova_session')).toBeUndefined();

    const mail = await smtp.waitForMail((m) => m.to.includes(NADIA));
    expect(mail.subject).toBe('Prova: elige tu contraseña');
    expect(mail.text).toContain('Hola Nadia:');
    const link = mail.links.find((l) => l.includes('/new_password/'))!;
    const [, token] = /\/new_password\/([^/]+)\//.exec(new URL(link).pathname)!;
    // The answer holds only the public half: alone it opens nothing.
    expect(token.startsWith(body.token)).toBe(true);
    expect(token.length).toBeGreaterThan(body.token.length + 40);
    const half = await call(t.app, null, 'POST', '/api/auth/checkToken', { email: NADIA, token: body.token });
    expect(half.json()).toMatchObject({ status: false, code: 'INVALID_TOKEN' });
    const set = await call(t.app, null, 'POST', '/api/auth/resetPassword', {
      email: NADIA,
      token: body.token,
      password: 'Tr0ub4dor&3',
      password_confirmation: 'Tr0ub4dor&3',
    });
    expect(set.statusCode).toBe(422);

    const real = await call(t.app, null, 'POST', '/api/auth/resetPassword', {
      email: NADIA,
      token,
      password: 'Tr0ub4dor&3',
      password_confirmation: 'Tr0ub4dor&3',
    });
    expect(real.json()).toEqual({ status: true, username: NADIA });
    const signedIn = await login(NADIA, 'Tr0ub4dor&3');
    expect(signedIn.json()).toMatchObject({ status: true, user: { email: NADIA }, campaigns: [{ id: 6001 }] });
  });

  it('counts the answer like a failed sign-in, and still says "wrong credentials" for unknown addresses and wrong passwords', async () => {
    await t.app.database.db.updateTable('users').set({ password_hash: null }).where('email', '=', NADIA).execute();
    await login(NADIA, 'x');
    const row = await t.app.database.db
      .selectFrom('sign_in_throttle')
      .selectAll()
      .where('key', '=', `account:${NADIA}`)
      .executeTakeFirstOrThrow();
    expect(row.failures).toBeGreaterThanOrEqual(1);
    for (const [username, password] of [
      ['nobody@alfa.example', 'x'],
      [CARLA, 'wrong-password'],
    ]) {
      const res = await login(username, password);
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('WRONG_CREDENTIALS');
    }
  });

  it('is not given to someone held to single sign-on', async () => {
    await t.app.database.db.updateTable('companies').set({ sso_slug: 'alfa' }).where('name', '=', 'Alfa S.r.l.').execute();
    await t.app.database.db.updateTable('users').set({ has_sso: 1 }).where('email', '=', NADIA).execute();
    const res = await login(NADIA, 'x');
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('WRONG_CREDENTIALS');
    await t.app.database.db.updateTable('users').set({ has_sso: 0 }).where('email', '=', NADIA).execute();
    await t.app.database.db.updateTable('companies').set({ sso_slug: null }).where('name', '=', 'Alfa S.r.l.').execute();
  });
});

describe('staff without a campaign', () => {
  it('sign in and reach the console; a candidate without one still gets NO_ACTIVE_CAMPAIGN', async () => {
    const res = await login(SERGIO, PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, user: { email: SERGIO, permissions: ['assess', 'staff'] }, campaigns: [] });
    const ada = await signInStaff(t.app, ADA);
    expect((await call(t.app, ada, 'GET', '/api/staff/campaigns')).statusCode).toBe(200);
    const created = await call(t.app, ada, 'POST', '/api/people', { email: 'solo@alfa.example' });
    const id = created.json().person.id;
    await t.app.database.db
      .updateTable('users')
      .set({
        password_hash: (
          await t.app.database.db.selectFrom('users').select('password_hash').where('email', '=', CARLA).executeTakeFirstOrThrow()
        ).password_hash,
      })
      .where('id', '=', id)
      .execute();
    const candidate = await login('solo@alfa.example', PASSWORD);
    expect(candidate.statusCode).toBe(422);
    expect(candidate.json().code).toBe('NO_ACTIVE_CAMPAIGN');
  });
});
