import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadEnv } from '../config/env';
import { importBundle } from '../import/import-bundle';
import { authBundle, PASSWORD } from '../../test/fixtures';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';

// The audit trail: sign-ins, failures, password resets and refusals as structured entries, with who,
// what, when and from where, and never a password or a whole address.

let database: TestDatabase;
let app: Awaited<ReturnType<typeof buildApp>>;
const lines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const result = await importBundle(database, authBundle);
  if (!result.ok) throw new Error(result.problems.join('\n'));
  app = await buildApp({
    env: loadEnv({ PUBLIC_URL: 'http://localhost:3000', DEMO: '0', SWEEP_INTERVAL_MS: '0', MAIL_DIR: '/tmp/prova-audit-mail' }),
    database,
    logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.destroy();
});

const audits = () =>
  lines.map((line) => JSON.parse(line) as { audit?: Record<string, unknown> }).flatMap((entry) => (entry.audit ? [entry.audit] : []));

describe('audit log', () => {
  it('records sign-ins, failures and reset requests with who, when and where, and no secret', async () => {
    const login = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'sara@alfa.example', password },
        remoteAddress: '10.9.0.1',
      });
    await login('a-wrong-password');
    const ok = await login(PASSWORD);
    await app.inject({
      method: 'POST',
      url: '/api/auth/sendPasswordReset',
      payload: { email: 'sara@alfa.example' },
      remoteAddress: '10.9.0.1',
    });
    const userId = (await app.inject({ url: '/api/auth/me', headers: { cookie: `prova_session=${ok.cookies[0].value}` } })).json().user.id;

    expect(audits()).toEqual([
      expect.objectContaining({ event: 'sign-in-failed', email: 's***@alfa.example', ip: '10.9.0.1', route: 'POST /api/auth/login' }),
      expect.objectContaining({ event: 'sign-in', userId, ip: '10.9.0.1' }),
      expect.objectContaining({ event: 'password-reset-requested', email: 's***@alfa.example' }),
    ]);
    expect(audits().every((entry) => typeof entry.at === 'string')).toBe(true);
    const log = lines.join('\n');
    expect(log).not.toContain('a-wrong-password');
    expect(log).not.toContain(PASSWORD);
    expect(log).not.toContain('sara@alfa.example');
  });

  it('records a refusal of a signed-in person', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'anna@alfa.example', password: PASSWORD },
    });
    const cookie = `prova_session=${res.cookies[0].value}`;
    await app.inject({ url: '/api/tests/RAG/algorithm.js', headers: { cookie } });
    expect(audits().at(-1)).toMatchObject({ event: 'refused', route: 'GET /api/tests/:abbreviation/algorithm.js' });
  });
});
