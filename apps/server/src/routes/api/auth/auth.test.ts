import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ABSOLUTE_MS } from '@prova/contract/limits';
import { buildTestApp, login, sessionCookie, type TestApp } from '../../../../test/build-test-app';
import { authBundle, PASSWORD } from '../../../../test/fixtures';
import { sessionIdOf } from '../../../repositories/session-rows';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(authBundle);
});
afterAll(() => t.close());

/** The sessions the database holds, of anyone. */
const sessionRows = () => t.app.database.db.selectFrom('sessions').select(['id', 'user_id']).execute();

describe('POST /api/auth/login', () => {
  it('signs in with the right password and lists only open campaigns', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'Anna@Alfa.example', password: PASSWORD, timezone: 'Europe/Rome' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ email: 'anna@alfa.example', firstName: 'Anna', company: { name: 'Alfa S.r.l.' }, isAssessor: false });
    expect(body.campaigns.map((c: { id: number }) => c.id).sort()).toEqual([7001, 7002]);
    const cookie = res.cookies.find((c) => c.name === 'prova_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(body.user).not.toHaveProperty('password_hash');
    // The session opened with the sign-in's read is the cookie's, Anna's.
    const anna = (await t.app.repos.users.findByEmail('anna@alfa.example'))!;
    expect((await sessionRows()).filter((row) => row.id === sessionIdOf(cookie!.value))).toEqual([
      { id: sessionIdOf(cookie!.value), user_id: anna.id },
    ]);
  });

  it('answers 422 WRONG_CREDENTIALS for a wrong password or an unknown user, without a session', async () => {
    const before = await sessionRows();
    for (const payload of [
      { username: 'anna@alfa.example', password: 'nope-nope' },
      { username: 'ghost@alfa.example', password: PASSWORD },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ status: false, code: 'WRONG_CREDENTIALS' });
      expect(res.cookies.find((c) => c.name === 'prova_session')).toBeUndefined();
      // The session the read opened for Anna is gone with the refusal.
      expect(await sessionRows()).toEqual(before);
    }
  });

  it("makes a password hashed with earlier parameters anew at the person's next sign-in, and it still works", async () => {
    const stored = () =>
      t.app.database.db.selectFrom('users').select('password_hash').where('email', '=', 'anna@alfa.example').executeTakeFirstOrThrow();
    // As hashed before 2026-11-27: the library's default of 19 MiB and 2 passes.
    const earlier = await hash(PASSWORD);
    await t.app.database.db.updateTable('users').set({ password_hash: earlier }).where('email', '=', 'anna@alfa.example').execute();
    const signIn = (password: string) =>
      // From an address of its own: the route's limit counts sign-ins per address and e-mail.
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'anna@alfa.example', password },
        remoteAddress: '10.9.0.1',
      });

    expect((await signIn('nope-nope')).statusCode).toBe(422);
    expect((await stored()).password_hash, 'a wrong password changes nothing').toBe(earlier);
    expect((await signIn(PASSWORD)).statusCode).toBe(200);
    const upgraded = (await stored()).password_hash ?? '';
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=7168,t=5,p=1\$/);
    expect((await signIn(PASSWORD)).statusCode).toBe(200);
    expect((await stored()).password_hash, 'made anew once').toBe(upgraded);
  });

  it('answers 422 NO_ACTIVE_CAMPAIGN when every campaign of the user is closed', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'ugo@alfa.example', password: PASSWORD },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('NO_ACTIVE_CAMPAIGN');
    // The right password opened a session with the read; refused after it, the session went too.
    const ugo = (await t.app.repos.users.findByEmail('ugo@alfa.example'))!;
    expect((await sessionRows()).filter((row) => row.user_id === ugo.id)).toEqual([]);
  });

  it('names the missing field and never answers 5xx for a bad body', async () => {
    const cases = [
      { payload: { username: 'anna@alfa.example' }, field: 'password' },
      { payload: { password: 'x' }, field: 'username' },
      { payload: { username: 42, password: 'x' }, field: 'username' },
    ];
    for (const { payload, field } of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(`body.${field}`);
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(malformed.statusCode).toBe(400);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'a', password: 'x'.repeat(2_000_000) },
    });
    expect(huge.statusCode).toBe(413);
  });

  it('refuses a state-changing request from another origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example' },
      payload: { username: 'anna@alfa.example', password: PASSWORD },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CROSS_ORIGIN');
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'http://localhost:3000' },
      payload: { username: 'anna@alfa.example', password: PASSWORD },
    });
    expect(same.statusCode).toBe(200);
  });
});

describe('session', () => {
  it('me answers the signed-in user, and 401 after logout ends the session on the server', async () => {
    const cookie = await login(t.app, 'anna@alfa.example', PASSWORD);
    const me = await t.app.inject({ url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe('anna@alfa.example');
    expect(me.json().user.viaSso).toBe(false);

    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    // The old cookie value no longer opens anything, even if a client kept it.
    const after = await t.app.inject({ url: '/api/auth/me', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ status: false, code: 'UNAUTHENTICATED' });
  });

  it('answers 401 without a cookie or with a forged one', async () => {
    expect((await t.app.inject({ url: '/api/auth/me' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie: 'prova_session=forged' } })).statusCode).toBe(401);
  });

  it('tells the app while a session is open, in a cookie its scripts can read, and no longer once it ends', async () => {
    const signedIn = (res: { cookies: { name: string; value: string; maxAge?: number; expires?: Date; httpOnly?: boolean }[] }) =>
      res.cookies.find((c) => c.name === 'prova_signed_in');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'anna@alfa.example', password: PASSWORD },
    });
    const session = res.cookies.find((c) => c.name === 'prova_session');
    expect(signedIn(res)).toMatchObject({ value: '1', maxAge: session?.maxAge });
    expect(signedIn(res)?.httpOnly).toBeUndefined();
    expect(session?.httpOnly).toBe(true);
    const cookie = `${sessionCookie(res)}; prova_signed_in=1`;

    // A late 401, to a request sent before this sign-in, took the readable cookie away: asking who is signed in gives it back.
    const healed = await t.app.inject({ url: '/api/auth/me', headers: { cookie: sessionCookie(res) } });
    expect(healed.statusCode).toBe(200);
    expect(signedIn(healed)).toMatchObject({ value: '1', maxAge: session?.maxAge });
    expect(signedIn(await t.app.inject({ url: '/api/auth/me', headers: { cookie } }))).toBeUndefined();

    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(signedIn(out)).toMatchObject({ value: '', expires: new Date(0) });
    // A session that ended elsewhere (another tab signed out, or it ran out): the app stops asking.
    const stale = await t.app.inject({ url: '/api/auth/me', headers: { cookie } });
    expect(stale.statusCode).toBe(401);
    expect(signedIn(stale)).toMatchObject({ value: '', expires: new Date(0) });
  });

  it('ends the session a browser had when it signs in again', async () => {
    const first = await login(t.app, 'anna@alfa.example', PASSWORD);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { cookie: first },
      payload: { username: 'anna@alfa.example', password: PASSWORD },
    });
    expect(again.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie: first } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie: sessionCookie(again) } })).statusCode).toBe(200);
  });

  it('ends a session after its absolute lifetime however active, and housekeeping drops rows that ran out', async () => {
    const cookie = await login(t.app, 'anna@alfa.example', PASSWORD);
    const old = new Date(Date.now() - SESSION_ABSOLUTE_MS - 1000).toISOString();
    await t.app.database.db.updateTable('sessions').set({ created_at: old }).execute();
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);

    await t.app.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(0).toISOString() })
      .execute();
    await login(t.app, 'sara@alfa.example', PASSWORD);
    await t.app.repos.sessions.purgeExpired();
    const rows = await t.app.database.db.selectFrom('sessions').select('expires_at').execute();
    expect(rows).toHaveLength(1);
    expect(rows.every((r) => Date.parse(r.expires_at) > Date.now())).toBe(true);
  });

  it('names the cookie __Host-prova_session over HTTPS', async () => {
    const secure = await buildTestApp(authBundle, {
      env: { PUBLIC_URL: 'https://prova.example.com', ACTIVITIES_URL: 'https://activities.example.net' },
    });
    try {
      const res = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'anna@alfa.example', password: PASSWORD },
      });
      const cookie = res.cookies.find((c) => c.name === '__Host-prova_session');
      expect(cookie).toMatchObject({ secure: true, path: '/', httpOnly: true });
      expect(cookie).not.toHaveProperty('domain');
      const me = await secure.app.inject({ url: '/api/auth/me', headers: { cookie: `__Host-prova_session=${cookie!.value}` } });
      expect(me.statusCode).toBe(200);
    } finally {
      await secure.close();
    }
  });
});

describe('campaign selection and privacy', () => {
  it('requires a language for a bilingual campaign, keeps the first choice, then asks for consent', async () => {
    const cookie = await login(t.app, 'anna@alfa.example', PASSWORD);
    const none = await t.app.inject({ url: '/api/usercampaign', headers: { cookie } });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({ code: 'NO_SELECTED_CAMPAIGN', message: 'no selected campaign found.' });

    const noLang = await t.app.inject({ method: 'POST', url: '/api/usercampaign/7001', headers: { cookie }, payload: {} });
    expect(noLang.statusCode).toBe(422);
    expect(noLang.json().errors[0].path).toBe('body.lang');

    const wrongLang = await t.app.inject({
      method: 'POST',
      url: '/api/usercampaign/7001',
      headers: { cookie },
      payload: { lang: 'ES_es' },
    });
    expect(wrongLang.statusCode).toBe(422);

    const chosen = await t.app.inject({ method: 'POST', url: '/api/usercampaign/7001', headers: { cookie }, payload: { lang: 'EN_en' } });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({
      privacy: false,
      campaign: { id: 7001, name: 'Campaign one', lang: 'EN_en', user: { lang: 'EN_en' } },
    });
    expect(chosen.json().privacyAgreement).toContain('<p>');
    expect(chosen.json().campaign.user.accessDate).toBeTruthy();

    // The language cannot be changed later.
    const again = await t.app.inject({ method: 'POST', url: '/api/usercampaign/7001', headers: { cookie }, payload: { lang: 'IT_it' } });
    expect(again.json().campaign.lang).toBe('EN_en');

    const agreement = await t.app.inject({ url: '/api/auth/privacy/agreement', headers: { cookie } });
    expect(agreement.json()).toMatchObject({ status: true });
    const consent = await t.app.inject({ method: 'POST', url: '/api/auth/privacy/giveConsent', headers: { cookie } });
    expect(consent.json()).toEqual({ status: true });
    const selected = await t.app.inject({ url: '/api/usercampaign', headers: { cookie } });
    expect(selected.json().campaign).toMatchObject({ id: 7001, privacy: true });
    // Entering answers the campaign as stored: the access date read back later is the one it answered.
    expect(selected.json().campaign.user).toEqual(again.json().campaign.user);

    // Consent is once per company and text: the second campaign shows the same (default) text, so it does not ask.
    const second = await t.app.inject({ method: 'POST', url: '/api/usercampaign/7002', headers: { cookie }, payload: {} });
    expect(second.json()).toMatchObject({ privacy: true, campaign: { lang: 'IT_it' } });
  });

  it('a user who consented in the bundle is not asked again', async () => {
    const cookie = await login(t.app, 'sara@alfa.example', PASSWORD);
    const res = await t.app.inject({ method: 'POST', url: '/api/usercampaign/7001', headers: { cookie }, payload: { lang: 'IT_it' } });
    expect(res.json().privacy).toBe(true);
  });

  it("nobody enters a closed campaign or another company's", async () => {
    const cookie = await login(t.app, 'anna@alfa.example', PASSWORD);
    for (const id of [7003, 8001, 999999]) {
      const res = await t.app.inject({ method: 'POST', url: `/api/usercampaign/${id}`, headers: { cookie }, payload: { lang: 'IT_it' } });
      expect(res.statusCode).toBe(404);
    }
    const bad = await t.app.inject({ method: 'POST', url: '/api/usercampaign/abc', headers: { cookie }, payload: {} });
    expect(bad.statusCode).toBe(400);
  });

  it('serves the OpenAPI description and security headers', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/auth/login');
    const me = await t.app.inject({ url: '/api/auth/me' });
    expect(me.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(me.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers 404 in JSON for an unknown API route', async () => {
    const res = await t.app.inject({ url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: false, code: 'NOT_FOUND' });
  });
});

describe('single sign-on companies', () => {
  it('refuses a password to a person who must come in through the company single sign-on, and says where', async () => {
    const sso = await buildTestApp({
      version: 1,
      companies: [{ name: 'Acme', sso: { slug: 'acme', type: 'oidc', issuer: 'http://localhost:4999', clientId: 'prova' } }],
      users: [
        { company: 'Acme', email: 'mario@acme.example', password: PASSWORD, hasSSO: true },
        { company: 'Acme', email: 'luisa@acme.example', password: PASSWORD },
      ],
      campaigns: [
        {
          id: 8101,
          company: 'Acme',
          name: 'Acme',
          dateStart: '2026-01-01T00:00:00Z',
          dateEnd: '2030-01-01T00:00:00Z',
          participants: [{ user: 'mario@acme.example' }, { user: 'luisa@acme.example' }],
        },
      ],
    });
    try {
      const mario = await sso.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'mario@acme.example', password: PASSWORD },
      });
      expect(mario.statusCode).toBe(422);
      expect(mario.json()).toMatchObject({ status: false, code: 'SSO_REQUIRED' });
      expect(mario.cookies.find((c) => c.name === 'prova_session')).toBeUndefined();
      // A wrong password still says only that the credentials are wrong.
      const wrong = await sso.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'mario@acme.example', password: 'nope-nope' },
      });
      expect(wrong.json().code).toBe('WRONG_CREDENTIALS');
      const luisa = await sso.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'luisa@acme.example', password: PASSWORD },
      });
      expect(luisa.statusCode).toBe(200);
    } finally {
      await sso.close();
    }
  });
});
