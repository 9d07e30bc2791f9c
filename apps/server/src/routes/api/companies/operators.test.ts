import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OidcTestProvider, startOidcTestProvider } from '@prova/test-support/oidc-test-provider';
import { type SmtpTestServer, startSmtpTestServer } from '@prova/test-support/smtp-test-server';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import { PASSWORD } from '../../../../test/fixtures';
import { importBundle } from '../../../import/import-bundle';
import {
  ADA,
  BEA,
  C_ALFA,
  C_BETA_S,
  call,
  type Caller,
  CARLA,
  signInStaff,
  STAFF_ALFA,
  STAFF_BETA,
  staffBundle,
} from '../../../../test/staff-fixtures';

// The platform's operator (issue 51): every company from the console, its single sign-on tested against a real
// provider, its staff appointed by mail, and the rest of the console on the company the operator made current.

const OPERA = 'opera@piattaforma.example';
const PUBLIC_URL = 'http://localhost:3000';
const callbackOf = (slug: string) => `${PUBLIC_URL}/api/v2/auth/sso/${slug}/callback`;

let t: TestApp;
let smtp: SmtpTestServer;
let provider: OidcTestProvider;
let ada: Caller;
let bea: Caller;
let carla: Caller;
let opera: Caller;
let platformId: number;
/** A server that answers every path with something that is no discovery document. */
const notOidc = createServer((req, res) => {
  if (req.url === '/html/.well-known/openid-configuration') res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
  else if (req.url === '/elsewhere/.well-known/openid-configuration')
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ issuer: 'https://idp.elsewhere.example' }));
  else res.writeHead(404).end();
});
let notOidcUrl: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => notOidc.listen(0, '127.0.0.1', resolve));
  notOidcUrl = `http://127.0.0.1:${(notOidc.address() as AddressInfo).port}`;
  smtp = await startSmtpTestServer();
  provider = await startOidcTestProvider({ redirectUris: [callbackOf('nuova'), callbackOf('gamma')] });
  t = await buildTestApp(staffBundle, { env: { SMTP_URL: smtp.url, PUBLIC_URL } });
  const operator = await importBundle(t.database, {
    companies: [{ name: 'Piattaforma' }],
    users: [{ company: 'Piattaforma', email: OPERA, password: PASSWORD, firstName: 'Opera', role: 'operator', privacy: true }],
  });
  expect(operator.ok).toBe(true);
  [ada, bea, carla, opera] = await Promise.all([ADA, BEA, CARLA, OPERA].map((e) => signInStaff(t.app, e)));
  platformId = (await t.app.database.db.selectFrom('companies').select('id').where('name', '=', 'Piattaforma').executeTakeFirstOrThrow())
    .id;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await provider?.close();
  notOidc.close();
});

const names = (res: { json(): { companies: { name: string }[] } }) => res.json().companies.map((c) => c.name);

describe('companies, for the platform operator', () => {
  it('lists every company to the operator, and only their own to a company admin', async () => {
    expect(names(await call(t.app, opera, 'GET', '/api/companies'))).toEqual(['Alfa S.r.l.', 'Beta S.p.A.', 'Piattaforma']);
    expect(names(await call(t.app, opera, 'GET', `/api/companies?companyId=${STAFF_BETA}`))).toEqual(['Beta S.p.A.']);
    expect((await call(t.app, opera, 'GET', `/api/companies/${STAFF_BETA}`)).json().company).toMatchObject({ name: 'Beta S.p.A.' });
    expect(names(await call(t.app, ada, 'GET', '/api/companies'))).toEqual(['Alfa S.r.l.']);
  });

  it("creates a company with the spec's call (status true), refuses an empty or taken name, and refuses a company admin with 403", async () => {
    const created = await call(t.app, opera, 'POST', '/api/companies', { name: '  Nuova Cliente  ' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({
      status: true,
      company: { name: 'Nuova Cliente', logo: null, ssoSlug: null, counts: { people: 0, campaigns: 0 } },
    });
    const empty = await call(t.app, opera, 'POST', '/api/companies', { name: '' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual([{ path: 'body.name', message: 'No valid company name' }]);
    expect((await call(t.app, opera, 'POST', '/api/companies', { name: 'Nuova Cliente' })).json().code).toBe('CONFLICT');
    for (const who of [ada, bea]) {
      const refused = await call(t.app, who, 'POST', '/api/companies', { name: 'Di Ada' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('FORBIDDEN');
    }
    expect((await call(t.app, carla, 'POST', '/api/companies', { name: 'Di Carla' })).statusCode).toBe(403);
    expect(names(await call(t.app, opera, 'GET', '/api/companies'))).not.toContain('Di Ada');
  });

  it('renames any company and sets its logo, an address or the image itself, which its people then see', async () => {
    const png = `data:image/png;base64,${Buffer.from('not really a png').toString('base64')}`;
    const res = await call(t.app, opera, 'PUT', `/api/companies/${STAFF_ALFA}`, { name: 'Alfa Group', logo: png });
    expect(res.json()).toMatchObject({ status: true, company: { id: STAFF_ALFA, name: 'Alfa Group', logo: png } });
    expect((await call(t.app, carla, 'GET', '/api/auth/me')).json().user.company).toMatchObject({ name: 'Alfa Group', logo: png });
    for (const logo of ['data:text/html;base64,PGI+', `data:image/png;base64,${'A'.repeat(200_001)}`]) {
      const bad = await call(t.app, opera, 'PUT', `/api/companies/${STAFF_ALFA}`, { name: 'Alfa Group', logo });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors[0].path).toBe('body.logo');
    }
    await call(t.app, opera, 'PUT', `/api/companies/${STAFF_ALFA}`, { name: 'Alfa S.r.l.', logo: null });
    expect((await call(t.app, opera, 'PUT', '/api/companies/999999', { name: 'Nessuna' })).statusCode).toBe(404);
  });

  it('deletes a company that holds nothing, and refuses one with people or campaigns (409 IN_USE)', async () => {
    const empty = (await call(t.app, opera, 'POST', '/api/companies', { name: 'Da cancellare' })).json().company.id;
    for (const id of [STAFF_ALFA, platformId]) {
      const refused = await call(t.app, opera, 'DELETE', `/api/companies/${id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('IN_USE');
    }
    // Neither a company's admin: their own has them, another's is not found.
    expect((await call(t.app, ada, 'DELETE', `/api/companies/${STAFF_ALFA}`)).json().code).toBe('IN_USE');
    expect((await call(t.app, ada, 'DELETE', `/api/companies/${empty}`)).statusCode).toBe(404);
    const deleted = await call(t.app, opera, 'DELETE', `/api/companies/${empty}`);
    expect(deleted.json()).toEqual({ status: true, deleted: [empty] });
    expect((await call(t.app, opera, 'GET', `/api/companies/${empty}`)).statusCode).toBe(404);
  });
});

describe('the current company', () => {
  const current = async (who: Caller) => (await call(t.app, who, 'GET', '/api/staff/current-company')).json().company.name;
  const campaigns = async (who: Caller) =>
    (await call(t.app, who, 'GET', '/api/staff/campaigns')).json().campaigns.map((c: { id: number }) => c.id);

  it("is the operator's own until they switch, and then every console call works on the company they switched to", async () => {
    expect(await current(opera)).toBe('Piattaforma');
    expect(await campaigns(opera)).toEqual([]);
    const switched = await call(t.app, opera, 'PUT', '/api/staff/current-company', { companyId: STAFF_ALFA });
    expect(switched.json()).toMatchObject({ status: true, company: { id: STAFF_ALFA, name: 'Alfa S.r.l.' } });
    expect(await current(opera)).toBe('Alfa S.r.l.');
    expect(await campaigns(opera)).toContain(C_ALFA);
    const people = (await call(t.app, opera, 'GET', '/api/people')).json().people.map((p: { email: string }) => p.email);
    expect(people).toContain(CARLA);
    expect((await call(t.app, opera, 'GET', `/api/staff/campaigns/${C_ALFA}/progress`)).statusCode).toBe(200);
    // Another company's campaign is not found while Alfa is current, and found once Beta is.
    expect((await call(t.app, opera, 'GET', `/api/staff/campaigns/${C_BETA_S}`)).statusCode).toBe(404);
    expect((await call(t.app, opera, 'GET', `/api/people?companyId=${STAFF_BETA}`)).statusCode).toBe(404);
    await call(t.app, opera, 'PUT', '/api/staff/current-company', { companyId: STAFF_BETA });
    expect(await campaigns(opera)).toEqual([C_BETA_S]);
    expect((await call(t.app, opera, 'GET', `/api/staff/campaigns/${C_ALFA}`)).statusCode).toBe(404);
    // What the operator does there is on Beta's trail.
    const person = await call(t.app, opera, 'POST', '/api/people', { email: 'nuova@beta.example', firstName: 'Nuova' });
    expect(person.json().person).toMatchObject({ companyId: STAFF_BETA });
    const trail = await t.app.repos.audit.list({ companyId: STAFF_BETA, events: ['staff-created'] }, { limit: 10, offset: 0 });
    expect(trail.map((e) => e.target)).toContain(`people/${person.json().person.id}`);
    await call(t.app, opera, 'PUT', '/api/staff/current-company', { companyId: platformId });
    expect(await current(opera)).toBe('Piattaforma');
    expect((await call(t.app, opera, 'PUT', '/api/staff/current-company', { companyId: 999_999 })).statusCode).toBe(404);
  });

  it("is only ever a company admin's own: they cannot switch, nor reach another company by naming it", async () => {
    expect(await current(ada)).toBe('Alfa S.r.l.');
    for (const companyId of [STAFF_BETA, STAFF_ALFA]) {
      const refused = await call(t.app, ada, 'PUT', '/api/staff/current-company', { companyId });
      expect(refused.statusCode).toBe(403);
    }
    expect(await current(ada)).toBe('Alfa S.r.l.');
    expect((await call(t.app, ada, 'GET', `/api/staff/campaigns/${C_BETA_S}`)).statusCode).toBe(404);
    expect((await call(t.app, ada, 'GET', `/api/people?companyId=${STAFF_BETA}`)).statusCode).toBe(404);
    expect((await call(t.app, carla, 'GET', '/api/staff/current-company')).statusCode).toBe(403);
  });

  it("falls back to the operator's own company when the current one is deleted", async () => {
    const gone = (await call(t.app, opera, 'POST', '/api/companies', { name: 'Di passaggio' })).json().company.id;
    await call(t.app, opera, 'PUT', '/api/staff/current-company', { companyId: gone });
    expect(await current(opera)).toBe('Di passaggio');
    expect((await call(t.app, opera, 'DELETE', `/api/companies/${gone}`)).statusCode).toBe(200);
    expect(await current(opera)).toBe('Piattaforma');
  });
});

describe("a company's single sign-on", () => {
  let gamma: number;
  const settings = () => ({ slug: 'gamma', issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret });
  const check = async (body: object) => {
    const res = await call(t.app, opera, 'POST', `/api/companies/${gamma}/sso/test`, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().check;
  };

  beforeAll(async () => {
    gamma = (await call(t.app, opera, 'POST', '/api/companies', { name: 'Gamma' })).json().company.id;
  });

  it('tests the connection against the provider: the discovery document, then the client id and secret', async () => {
    expect(await check(settings())).toMatchObject({
      ok: true,
      problem: null,
      discoveryUrl: `${provider.issuer}/.well-known/openid-configuration`,
    });
    expect(await check({ ...settings(), clientSecret: 'wrong' })).toMatchObject({ ok: false, problem: 'CLIENT_REJECTED', httpStatus: 401 });
    expect(await check({ ...settings(), clientId: 'nobody' })).toMatchObject({ ok: false, problem: 'CLIENT_REJECTED' });
    expect(await check({ ...settings(), issuer: `${notOidcUrl}/missing` })).toMatchObject({
      problem: 'DISCOVERY_HTTP_ERROR',
      httpStatus: 404,
    });
    expect(await check({ ...settings(), issuer: `${notOidcUrl}/html` })).toMatchObject({ problem: 'DISCOVERY_NOT_JSON' });
    expect(await check({ ...settings(), issuer: `${notOidcUrl}/elsewhere` })).toMatchObject({
      problem: 'ISSUER_MISMATCH',
      found: 'https://idp.elsewhere.example',
    });
    expect(await check({ ...settings(), issuer: 'http://idp.example' })).toMatchObject({ problem: 'INSECURE_ISSUER' });
    notOidc.close();
    const down = await check({ ...settings(), issuer: notOidcUrl });
    expect(down).toMatchObject({ ok: false, problem: 'UNREACHABLE', detail: 'ECONNREFUSED' });
  });

  it('saves the settings without ever sending the secret back, and the company then signs in at its slug', async () => {
    expect((await call(t.app, opera, 'GET', `/api/companies/${gamma}/sso`)).json()).toEqual({ status: true, sso: null });
    const saved = await call(t.app, opera, 'PUT', `/api/companies/${gamma}/sso`, settings());
    expect(saved.json()).toEqual({
      status: true,
      sso: {
        slug: 'gamma',
        issuer: provider.issuer,
        clientId: provider.clientId,
        emailClaim: 'email',
        hasSecret: true,
        redirectUri: callbackOf('gamma'),
      },
    });
    expect(saved.body).not.toContain(provider.clientSecret);
    expect((await call(t.app, opera, 'GET', `/api/companies/${gamma}`)).json().company.ssoSlug).toBe('gamma');
    // Without the secret, the form's test uses the one stored.
    const { clientSecret: _secret, ...withoutSecret } = settings();
    expect(await check(withoutSecret)).toMatchObject({ ok: true });
    const start = await t.app.inject({ url: '/api/v2/auth/sso/gamma' });
    expect(start.statusCode).toBe(302);
    expect(start.headers.location).toContain(`${provider.issuer}/auth?`);
    // A slug is one company's.
    const taken = await call(t.app, opera, 'PUT', `/api/companies/${STAFF_ALFA}/sso`, settings());
    expect(taken.statusCode).toBe(409);
    const bad = await call(t.app, opera, 'PUT', `/api/companies/${gamma}/sso`, { ...settings(), slug: 'Con Spazi', issuer: 'idp' });
    expect(bad.statusCode).toBe(422);
    expect(
      bad
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['body.issuer', 'body.slug']);
  });

  it("is the operator's only: a company admin gets 403 on their own company's", async () => {
    for (const [method, url, body] of [
      ['GET', `/api/companies/${STAFF_ALFA}/sso`, undefined],
      ['PUT', `/api/companies/${STAFF_ALFA}/sso`, { ...settings(), slug: 'alfa' }],
      ['DELETE', `/api/companies/${STAFF_ALFA}/sso`, undefined],
      ['POST', `/api/companies/${STAFF_ALFA}/sso/test`, settings()],
    ] as const)
      expect((await call(t.app, ada, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
  });

  it('takes the single sign-on away', async () => {
    expect((await call(t.app, opera, 'DELETE', `/api/companies/${gamma}/sso`)).json()).toEqual({ status: true, sso: null });
    expect((await t.app.inject({ url: '/api/v2/auth/sso/gamma' })).headers.location).toBe('/sso/error?code=NO_SSO');
  });
});

describe("appointing a company's staff", () => {
  it('creates the admin of a new company and mails them a set-password link, after which they run that company alone', async () => {
    const delta = (await call(t.app, opera, 'POST', '/api/companies', { name: 'Delta' })).json().company.id;
    const res = await call(t.app, opera, 'POST', `/api/companies/${delta}/staff`, {
      email: 'Dora@Delta.example',
      firstName: 'Dora',
      lastName: 'Delta',
      role: 'admin',
      lang: 'EN_en',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: true,
      invitation: 'set-password',
      person: { email: 'dora@delta.example', companyId: delta, role: 'admin', hasPassword: false },
    });
    const listed = (await call(t.app, opera, 'GET', `/api/companies/${delta}/staff`)).json().staff;
    expect(listed.map((p: { email: string }) => p.email)).toEqual(['dora@delta.example']);

    const mail = await smtp.waitForMail((m) => m.to.includes('dora@delta.example'));
    expect(mail.subject).toBe('Prova: your access to the console of Delta');
    expect(mail.text).toContain('appointed administrator of Delta');
    const link = mail.links.find((l) => l.includes('/new_password/'))!;
    const [, token] = /\/new_password\/([^/]+)\//.exec(new URL(link).pathname)!;
    const set = await call(t.app, null, 'POST', '/api/auth/resetPassword', {
      email: 'dora@delta.example',
      token,
      password: 'Delta-Nuova-2026',
      password_confirmation: 'Delta-Nuova-2026',
    });
    expect(set.json()).toEqual({ status: true, username: 'dora@delta.example' });
    const dora = {
      cookie: (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: 'dora@delta.example', password: 'Delta-Nuova-2026' },
        })
      ).cookies
        .map((c) => `${c.name}=${c.value}`)
        .join('; '),
    };
    expect(names(await call(t.app, dora, 'GET', '/api/companies'))).toEqual(['Delta']);
    expect((await call(t.app, dora, 'POST', '/api/companies', { name: 'Altra' })).statusCode).toBe(403);
    const trail = await t.app.repos.audit.list({ companyId: delta }, { limit: 10, offset: 0 });
    expect(trail.map((e) => e.event)).toEqual(expect.arrayContaining(['company-created', 'company-staff-appointed']));
  });

  it("gives one of the company's people the role, and refuses somebody of another company (409)", async () => {
    const res = await call(t.app, opera, 'POST', `/api/companies/${STAFF_ALFA}/staff`, { email: CARLA, role: 'superassessor' });
    expect(res.json()).toMatchObject({ invitation: 'sign-in', person: { email: CARLA, role: 'superassessor' } });
    await t.app.database.db.updateTable('users').set({ role: 'user' }).where('email', '=', CARLA).execute();
    const other = await call(t.app, opera, 'POST', `/api/companies/${STAFF_BETA}/staff`, { email: CARLA, role: 'admin' });
    expect(other.statusCode).toBe(409);
    expect((await call(t.app, opera, 'POST', `/api/companies/${STAFF_ALFA}/staff`, { email: OPERA, role: 'admin' })).statusCode).toBe(409);
    const role = await call(t.app, opera, 'POST', `/api/companies/${STAFF_ALFA}/staff`, { email: 'x@alfa.example', role: 'operator' });
    expect(role.statusCode).toBe(422);
  });

  it("is the operator's only", async () => {
    expect(
      (await call(t.app, ada, 'POST', `/api/companies/${STAFF_ALFA}/staff`, { email: 'y@alfa.example', role: 'admin' })).statusCode,
    ).toBe(403);
    expect((await call(t.app, ada, 'GET', `/api/companies/${STAFF_ALFA}/staff`)).statusCode).toBe(403);
  });
});
