import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_TOKEN_RATE_PER_MINUTE } from '@prova/contract/integrations';
import { buildTestApp, type TestApp } from '../../../../../test/build-test-app';
import { ADA, BEA, C_ALFA, C_BETA_S, call, type Caller, signInStaff, staffBundle, userId, CARLA } from '../../../../../test/staff-fixtures';

let t: TestApp;
let ada: Caller;
let bea: Caller;

beforeAll(async () => {
  t = await buildTestApp(staffBundle);
  [ada, bea] = await Promise.all([ADA, BEA].map((e) => signInStaff(t.app, e)));
});
afterAll(() => t?.close());
afterEach(() => vi.useRealTimers());

const create = (who: Caller, body: object) => call(t.app, who, 'POST', '/api/staff/tokens', body);
const withToken = (secret: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${secret}` }, ...(payload ? { payload } : {}) });
async function token(scopes: string[], days = 30, who = ada): Promise<{ id: number; secret: string }> {
  const res = await create(who, { name: `matrix ${scopes.join(' ')}`, scopes, expiresInDays: days });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().token.id, secret: res.json().secret };
}

describe('API tokens', () => {
  it('are shown once, and the database keeps only their hash', async () => {
    const res = await create(ada, { name: 'ATS', scopes: ['read-results'], expiresInDays: 30 });
    expect(res.statusCode, res.body).toBe(201);
    const { token, secret } = res.json();
    expect(secret).toMatch(/^prova_[A-Za-z0-9_-]{43}$/);
    expect(token).toMatchObject({ name: 'ATS', scopes: ['read-results'], createdBy: ADA, revokedAt: null, lastUsedAt: null });
    expect(secret.startsWith(token.hint)).toBe(true);
    expect(token.hint.length).toBeLessThan(12);

    const rows = await t.app.database.db.selectFrom('api_tokens').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(secret.slice(6));
    expect(rows.find((r) => r.id === token.id)!.token_hash).toBe(createHash('sha256').update(secret).digest('hex'));

    const list = await call(t.app, ada, 'GET', '/api/staff/tokens');
    expect(list.body).not.toContain(secret);
    expect(list.json().tokens.map((x: { id: number }) => x.id)).toContain(token.id);
    // Another company's staff do not see it.
    expect((await call(t.app, bea, 'GET', '/api/staff/tokens')).json().tokens).toEqual([]);
  });

  it('refuse a body that names no scope, an unknown one, or too long a life, with 422', async () => {
    for (const body of [
      { name: 'x', scopes: [], expiresInDays: 30 },
      { name: 'x', scopes: ['everything'], expiresInDays: 30 },
      { name: 'x', scopes: ['read-results'], expiresInDays: 366 },
      { name: '', scopes: ['read-results'], expiresInDays: 30 },
    ]) {
      const res = await create(ada, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
  });

  it('act as staff of their company within their scopes, and never reach another company', async () => {
    const reader = await token(['read-results']);
    expect((await withToken(reader.secret, 'GET', '/api/staff/campaigns')).statusCode).toBe(200);
    expect((await withToken(reader.secret, 'GET', `/api/staff/campaigns/${C_ALFA}/progress`)).statusCode).toBe(200);
    expect((await withToken(reader.secret, 'GET', `/api/staff/campaigns/${C_BETA_S}/progress`)).statusCode).toBe(404);
    const people = await withToken(reader.secret, 'GET', '/api/people');
    expect(people.statusCode).toBe(403);
    expect(people.json().code).toBe('FORBIDDEN');
    // A token never makes tokens, nor webhooks.
    expect(
      (await withToken(reader.secret, 'POST', '/api/staff/tokens', { name: 'x', scopes: ['read-results'], expiresInDays: 1 })).statusCode,
    ).toBe(403);
    expect((await withToken(reader.secret, 'GET', '/api/staff/webhooks')).statusCode).toBe(403);

    const hr = await token(['manage-people']);
    const listed = await withToken(hr.secret, 'GET', '/api/people');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().people.every((p: { email: string }) => p.email.endsWith('@alfa.example'))).toBe(true);
    const made = await withToken(hr.secret, 'POST', '/api/people', { email: 'nuova@alfa.example', firstName: 'Nuova' });
    expect(made.statusCode, made.body).toBe(200);
    expect((await withToken(hr.secret, 'GET', '/api/staff/campaigns')).statusCode).toBe(403);
    expect((await withToken(hr.secret, 'GET', `/api/people/${await userId(t.app, BEA)}`)).statusCode).toBe(404);

    // Its use is written down.
    const used = (await call(t.app, ada, 'GET', '/api/staff/tokens')).json().tokens.find((x: { id: number }) => x.id === hr.id);
    expect(used.lastUsedAt).not.toBeNull();
  });

  it('answer 401 once revoked, expired, unknown or malformed', async () => {
    const { id, secret } = await token(['read-results'], 1);
    expect((await withToken(secret, 'GET', '/api/staff/campaigns')).statusCode).toBe(200);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 24 * 60 * 60 * 1000 + 1000);
    const expired = await withToken(secret, 'GET', '/api/staff/campaigns');
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('UNAUTHENTICATED');
    vi.useRealTimers();
    expect((await withToken(secret, 'GET', '/api/staff/campaigns')).statusCode).toBe(200);

    const revoked = await call(t.app, ada, 'DELETE', `/api/staff/tokens/${id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().token.revokedAt).not.toBeNull();
    expect((await withToken(secret, 'GET', '/api/staff/campaigns')).statusCode).toBe(401);
    // Beta's staff cannot revoke Alfa's token.
    expect((await call(t.app, bea, 'DELETE', `/api/staff/tokens/${id}`)).statusCode).toBe(404);

    for (const bad of [`${secret}x`, 'prova_forged', 'not-a-token', '']) {
      expect((await withToken(bad, 'GET', '/api/staff/campaigns')).statusCode, bad).toBe(401);
    }
  });

  it('stops working when its maker is no longer staff of the company', async () => {
    const sergio = await signInStaff(t.app, 'sergio@alfa.example');
    const { secret } = await token(['read-results'], 30, sergio);
    expect((await withToken(secret, 'GET', '/api/staff/campaigns')).statusCode).toBe(200);
    const sergioId = await userId(t.app, 'sergio@alfa.example');
    expect((await call(t.app, ada, 'DELETE', `/api/people/${sergioId}`)).statusCode).toBe(200);
    expect((await withToken(secret, 'GET', '/api/staff/campaigns')).statusCode).toBe(401);
  });

  it('are rate limited per token, across instances (429 with Retry-After)', async () => {
    const { id, secret } = await token(['read-results']);
    // The count lives in the database: what other instances counted counts here too.
    for (let i = 0; i < API_TOKEN_RATE_PER_MINUTE; i++) await t.app.repos.signInThrottle.countMany([`api-token:${id}`], 60_000, new Date());
    const res = await withToken(secret, 'GET', '/api/staff/campaigns');
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('RATE_LIMITED');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another token is not held back.
    expect((await withToken((await token(['read-results'])).secret, 'GET', '/api/staff/campaigns')).statusCode).toBe(200);
  });

  it('are documented on the OpenAPI page: the scheme, and on each route it opens, its scopes', async () => {
    const docs = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(docs.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    const people = docs.paths['/api/people'].get;
    expect(people.security).toEqual([{ session: [] }, { apiToken: [] }]);
    expect(people.description).toContain('API token scopes: manage-people');
    expect(docs.paths['/api/staff/campaigns/{campaignId}/exports'].post.description).toContain('read-results');
    expect(docs.paths['/api/staff/tokens'].post.security).toBeUndefined();
  });

  it('are kept in the audit trail as made and revoked, never with the token', async () => {
    const { id, secret } = await token(['import-bundles']);
    await call(t.app, ada, 'DELETE', `/api/staff/tokens/${id}`);
    const rows = await t.app.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('target', '=', `tokens/${id}`)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.event)).toEqual(['api-token-created', 'api-token-revoked']);
    expect(rows[0].actor_id).toBe(await userId(t.app, ADA));
    expect(JSON.stringify(rows)).not.toContain(secret.slice(6));
  });

  it('are refused to people who are not staff', async () => {
    const carla = await signInStaff(t.app, CARLA);
    expect((await create(carla, { name: 'x', scopes: ['read-results'], expiresInDays: 1 })).statusCode).toBe(403);
  });
});
