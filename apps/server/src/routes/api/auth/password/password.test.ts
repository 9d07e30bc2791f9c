import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../../app';
import { loadEnv } from '../../../../config/env';
import { importBundle } from '../../../../import/import-bundle';
import { sessionCookie } from '../../../../../test/build-test-app';
import { PASSWORD } from '../../../../../test/fixtures';
import { parseMail, type ReceivedMail, type SmtpTestServer, startSmtpTestServer } from '@prova/test-support/smtp-test-server';
import { createTestDatabase } from '../../../../../test/test-database';

const PUBLIC_URL = 'http://localhost:3000';
const NEW_PASSWORD = 'Tr0ub4dor&3';

const bundle = {
  version: 1,
  companies: [{ id: 1, name: 'Alfa S.r.l.' }],
  users: [
    { company: 'Alfa S.r.l.', email: 'anna@alfa.example', password: PASSWORD, firstName: 'Anna', lastName: 'Rossi' },
    { company: 'Alfa S.r.l.', email: 'john+test@alfa.example', password: PASSWORD, firstName: 'John', lastName: 'Smith', lang: 'EN_en' },
    { company: 'Alfa S.r.l.', email: 'lucia@alfa.example', firstName: 'Lucía', lastName: 'García', lang: 'ES_es' },
    { company: 'Alfa S.r.l.', email: 'piero@alfa.example', password: PASSWORD, firstName: 'Piero', lastName: 'Neri' },
  ],
  campaigns: [
    {
      id: 7001,
      company: 'Alfa S.r.l.',
      name: 'Campagna',
      dateStart: '2026-01-01T00:00:00Z',
      dateEnd: '2030-01-01T00:00:00Z',
      participants: [
        { user: 'anna@alfa.example' },
        { user: 'john+test@alfa.example' },
        { user: 'lucia@alfa.example' },
        { user: 'piero@alfa.example' },
      ],
    },
  ],
};

/** The real app over a fresh database, with the mail settings under test. */
async function buildMailApp(env: Record<string, string>, logger?: { write(line: string): void }) {
  const database = await createTestDatabase();
  const result = await importBundle(database, bundle);
  if (!result.ok) throw new Error(result.problems.join('\n'));
  const app = await buildApp({
    env: loadEnv({ PUBLIC_URL, LOG_LEVEL: 'silent', DEMO: '0', ...env }),
    database,
    logger: logger ? { level: 'info', stream: logger } : false,
  });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}

let smtp: SmtpTestServer;
let t: Awaited<ReturnType<typeof buildMailApp>>;
let nextIp = 1;
/** Each test calls from its own address, so the per-caller limits of one test leave the others alone. */
let ip: string;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  t = await buildMailApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
beforeEach(() => {
  smtp.clear();
  ip = `10.0.0.${nextIp++}`;
});

const post = (app: FastifyInstance, url: string, payload: object, remoteAddress = ip) =>
  app.inject({ method: 'POST', url, payload, remoteAddress });

/** Asks for a reset and returns the mail that arrived, with the token and e-mail of its link. */
async function requestReset(email: string) {
  const res = await post(t.app, '/api/auth/sendPasswordReset', { email });
  expect(res.statusCode).toBe(200);
  const mail = await smtp.waitForMail((m) => m.to.includes(email.toLowerCase()));
  smtp.clear();
  return { mail, ...linkParts(mail) };
}

function linkParts(mail: Pick<ReceivedMail, 'links'>) {
  const link = mail.links.find((l) => l.includes('/new_password/'));
  if (!link) throw new Error(`no reset link in ${mail.links.join(', ')}`);
  const match = /\/new_password\/([^/]+)\/([^/?#]+)$/.exec(new URL(link).pathname);
  if (!match) throw new Error(`unexpected link ${link}`);
  return { link, token: decodeURIComponent(match[1]), email: decodeURIComponent(match[2]) };
}

describe('POST /api/auth/sendPasswordReset', () => {
  it('mails an Italian link to /new_password/{token}/{email} and keeps only the token hash', async () => {
    const res = await post(t.app, '/api/auth/sendPasswordReset', { email: ' Anna@Alfa.example ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true });

    const mail = await smtp.waitForMail();
    expect(mail.to).toEqual(['anna@alfa.example']);
    expect(mail.subject).toBe('Prova: reimposta la tua password');
    expect(mail.text).toContain('Ciao Anna,');
    expect(mail.text).toContain('60 minuti');
    const { link, token, email } = linkParts(mail);
    expect(link.startsWith(`${PUBLIC_URL}/new_password/`)).toBe(true);
    expect(email).toBe('anna@alfa.example');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const rows = await t.database.db.selectFrom('password_resets').selectAll().execute();
    const hash = createHash('sha256').update(token).digest('hex');
    expect(rows.map((r) => r.token_hash)).toContain(hash);
    expect(JSON.stringify(rows)).not.toContain(token);
    const row = rows.find((r) => r.token_hash === hash)!;
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(60 * 60 * 1000);
  });

  it("encodes the address in the link and writes in the user's language", async () => {
    const en = await requestReset('john+test@alfa.example');
    expect(en.link).toContain('/john%2Btest%40alfa.example');
    expect(en.email).toBe('john+test@alfa.example');
    expect(en.mail.subject).toBe('Prova: reset your password');
    expect(en.mail.text).toContain('Hello John,');

    const es = await requestReset('lucia@alfa.example');
    expect(es.mail.subject).toBe('Prova: restablece tu contraseña');
    expect(es.mail.html).toContain('Hola Lucía:');
  });

  it('answers an unknown address exactly like a known one, and sends nothing', async () => {
    const unknown = await post(t.app, '/api/auth/sendPasswordReset', { email: 'ghost@alfa.example' });
    const known = await post(t.app, '/api/auth/sendPasswordReset', { email: 'piero@alfa.example' });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    // Mail leaves in order: once Piero's has arrived, none for the ghost came before it.
    await smtp.waitForMail((m) => m.to.includes('piero@alfa.example'));
    expect(smtp.mails.flatMap((m) => m.to)).toEqual(['piero@alfa.example']);
  });

  it('names the field of a malformed address', async () => {
    const res = await post(t.app, '/api/auth/sendPasswordReset', { email: 'not-an-address' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ status: false, code: 'VALIDATION' });
    expect(res.json().errors[0].path).toBe('body.email');
  });

  it('limits requests per address and per caller', async () => {
    for (let i = 0; i < 5; i++)
      expect((await post(t.app, '/api/auth/sendPasswordReset', { email: 'nobody@alfa.example' })).statusCode).toBe(200);
    const sixth = await post(t.app, '/api/auth/sendPasswordReset', { email: 'nobody@alfa.example' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ status: false, code: 'RATE_LIMITED' });
    // Another caller may still ask for the same address.
    expect((await post(t.app, '/api/auth/sendPasswordReset', { email: 'nobody@alfa.example' }, '10.9.9.9')).statusCode).toBe(200);

    const caller = '10.8.8.8';
    for (let i = 0; i < 20; i++)
      expect((await post(t.app, '/api/auth/sendPasswordReset', { email: `n${i}@alfa.example` }, caller)).statusCode).toBe(200);
    const over = await post(t.app, '/api/auth/sendPasswordReset', { email: 'n99@alfa.example' }, caller);
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('RATE_LIMITED');
  });

  it('holds its limits across app instances sharing the database, and limits the mails to one address whoever asks', async () => {
    // A second instance over the same database, as behind a load balancer.
    const second = await buildApp({
      env: loadEnv({ PUBLIC_URL, LOG_LEVEL: 'silent', DEMO: '0', SMTP_URL: smtp.url }),
      database: t.database,
      logger: false,
    });
    try {
      const ask = (app: FastifyInstance, from: string) => post(app, '/api/auth/sendPasswordReset', { email: 'shared@alfa.example' }, from);
      const answers = [];
      for (const app of [t.app, second, t.app, second, t.app]) answers.push((await ask(app, '10.6.6.6')).statusCode);
      expect(answers).toEqual([200, 200, 200, 200, 200]);
      const sixth = await ask(second, '10.6.6.6');
      expect(sixth.statusCode).toBe(429);
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);

      // Ten requests an hour for one address at most (the refused one counts), however many callers ask.
      for (let i = 0; i < 4; i++) expect((await ask(i % 2 ? t.app : second, `10.5.5.${i}`)).statusCode).toBe(200);
      const flood = await ask(t.app, '10.5.5.99');
      expect(flood.statusCode).toBe(429);
      expect(Number(flood.headers['retry-after'])).toBeGreaterThan(60);
    } finally {
      await second.close();
    }
  });

  it('does not let a made-up X-Forwarded-For reset the limit unless a proxy is trusted', async () => {
    const forwarded = (app: FastifyInstance, email: string, from: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/sendPasswordReset',
        payload: { email },
        remoteAddress: '10.7.7.7',
        headers: { 'x-forwarded-for': from },
      });
    for (let i = 0; i < 5; i++) expect((await forwarded(t.app, 'spoof@alfa.example', `1.1.1.${i}`)).statusCode).toBe(200);
    expect((await forwarded(t.app, 'spoof@alfa.example', '1.1.1.99')).statusCode).toBe(429);

    const behindProxy = await buildMailApp({ SMTP_URL: smtp.url, TRUST_PROXY: '1' });
    try {
      for (let i = 0; i < 5; i++) expect((await forwarded(behindProxy.app, 'proxied@alfa.example', '2.2.2.2')).statusCode).toBe(200);
      expect((await forwarded(behindProxy.app, 'proxied@alfa.example', '2.2.2.2')).statusCode).toBe(429);
      // Behind the trusted proxy each forwarded address is its own caller.
      expect((await forwarded(behindProxy.app, 'proxied@alfa.example', '3.3.3.3')).statusCode).toBe(200);
    } finally {
      await behindProxy.close();
    }
  });
});

describe('POST /api/auth/checkToken', () => {
  it('accepts a live link and names the user', async () => {
    const { token, email } = await requestReset('anna@alfa.example');
    const res = await post(t.app, '/api/auth/checkToken', { email, token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, username: 'anna@alfa.example' });
  });

  it('answers an unknown address exactly like a known one with a wrong token, so no account is revealed', async () => {
    const { token } = await requestReset('anna@alfa.example');
    const noUser = await post(t.app, '/api/auth/checkToken', { email: 'ghost@alfa.example', token });
    expect(noUser.statusCode).toBe(200);
    expect(noUser.json()).toEqual({ status: false, code: 'INVALID_TOKEN', username: 'ghost@alfa.example' });

    const wrong = await post(t.app, '/api/auth/checkToken', { email: 'anna@alfa.example', token: `${token.slice(0, -2)}xx` });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()).toEqual({ status: false, code: 'INVALID_TOKEN', username: 'anna@alfa.example' });

    // Anna's token does not open Piero's account.
    const otherUser = await post(t.app, '/api/auth/checkToken', { email: 'piero@alfa.example', token });
    expect(otherUser.json()).toEqual({ status: false, code: 'INVALID_TOKEN', username: 'piero@alfa.example' });
  });

  it('a newer request invalidates the older link', async () => {
    const first = await requestReset('piero@alfa.example');
    const second = await requestReset('piero@alfa.example');
    expect(second.token).not.toBe(first.token);
    expect((await post(t.app, '/api/auth/checkToken', { email: first.email, token: first.token })).json()).toMatchObject({
      status: false,
      code: 'INVALID_TOKEN',
    });
    expect((await post(t.app, '/api/auth/checkToken', { email: second.email, token: second.token })).json()).toEqual({
      status: true,
      username: 'piero@alfa.example',
    });
  });

  it('refuses a link older than 60 minutes', async () => {
    const { token, email } = await requestReset('piero@alfa.example');
    const hash = createHash('sha256').update(token).digest('hex');
    await t.database.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hash)
      .execute();
    expect((await post(t.app, '/api/auth/checkToken', { email, token })).json()).toEqual({
      status: false,
      code: 'INVALID_TOKEN',
      username: email,
    });
    const reset = await post(t.app, '/api/auth/resetPassword', {
      email,
      token,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(422);
    expect(reset.json().code).toBe('INVALID_TOKEN');
  });
});

describe('POST /api/auth/resetPassword', () => {
  it('answers 422 VALIDATION listing every failing rule, and the link stays usable', async () => {
    const { token, email } = await requestReset('anna@alfa.example');
    const cases: [string, string, string[]][] = [
      ['Aa1!', 'Aa1!', ['validation.password.min', 'validation.password.uncompromised']],
      [NEW_PASSWORD, 'Tr0ub4dor&4', ['validation.password.confirmed']],
      ['12345678!', '12345678!', ['validation.password.letters', 'validation.password.mixed', 'validation.password.uncompromised']],
      ['tr0ub4dor&3x', 'tr0ub4dor&3x', ['validation.password.mixed']],
      ['ZQ8#VLM2XK', 'ZQ8#VLM2XK', ['validation.password.mixed']],
      ['Troubadour&Zeta', 'Troubadour&Zeta', ['validation.password.numbers']],
      ['Tr0ub4dor3Kx', 'Tr0ub4dor3Kx', ['validation.password.symbols']],
      ['Password1!', 'Password1!', ['validation.password.uncompromised']],
      ['Qwertyuiop1!', 'Qwertyuiop1!', ['validation.password.uncompromised']],
      [
        '',
        '',
        [
          'validation.password.min',
          'validation.password.letters',
          'validation.password.mixed',
          'validation.password.numbers',
          'validation.password.symbols',
          'validation.password.uncompromised',
        ],
      ],
    ];
    for (const [at, [password, confirmation, keys]] of cases.entries()) {
      const res = await post(
        t.app,
        '/api/auth/resetPassword',
        { email, token, password, password_confirmation: confirmation },
        `10.1.0.${at}`,
      );
      expect(res.statusCode, password).toBe(422);
      const body = res.json();
      expect(body).toMatchObject({ status: false, code: 'VALIDATION' });
      expect(body.errors.map((e: { path: string }) => e.path).every((p: string) => p === 'password')).toBe(true);
      expect(body.errors.map((e: { message: string }) => e.message).sort(), password).toEqual([...keys].sort());
    }
    expect((await post(t.app, '/api/auth/checkToken', { email, token })).json().status).toBe(true);
  });

  it('sets the password, uses up the link and ends every session of the user', async () => {
    const login = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'piero@alfa.example', password } });
    const cookieA = sessionCookie(await login(PASSWORD));
    const cookieB = sessionCookie(await login(PASSWORD));
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie: cookieA } })).statusCode).toBe(200);

    const { token, email } = await requestReset('piero@alfa.example');
    const res = await post(t.app, '/api/auth/resetPassword', {
      email,
      token,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
      timezone: 'Europe/Rome',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, username: 'piero@alfa.example' });

    for (const cookie of [cookieA, cookieB])
      expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
    expect((await login(PASSWORD)).statusCode).toBe(422);
    expect((await login(NEW_PASSWORD)).statusCode).toBe(200);
    const user = await t.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', 'piero@alfa.example')
      .executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^\$argon2id\$/);

    // Single use.
    expect((await post(t.app, '/api/auth/checkToken', { email, token })).json()).toMatchObject({ status: false, code: 'INVALID_TOKEN' });
    const again = await post(t.app, '/api/auth/resetPassword', {
      email,
      token,
      password: 'An0ther&Secret',
      password_confirmation: 'An0ther&Secret',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ status: false, code: 'INVALID_TOKEN' });
  });

  it('lets a user without a password set one', async () => {
    const { token, email } = await requestReset('lucia@alfa.example');
    const res = await post(t.app, '/api/auth/resetPassword', { email, token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(res.json()).toEqual({ status: true, username: 'lucia@alfa.example' });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: email, password: NEW_PASSWORD } });
    expect(login.statusCode).toBe(200);
  });

  it('answers an unknown address and a wrong token alike (422 INVALID_TOKEN), and names missing fields', async () => {
    const payload = { token: 'x'.repeat(43), password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD };
    const noUser = await post(t.app, '/api/auth/resetPassword', { ...payload, email: 'ghost@alfa.example' });
    const noToken = await post(t.app, '/api/auth/resetPassword', { ...payload, email: 'anna@alfa.example' });
    expect(noUser.statusCode).toBe(422);
    expect(noUser.body).toBe(noToken.body);
    expect(noToken.json()).toMatchObject({ status: false, code: 'INVALID_TOKEN' });
    const missing = await post(t.app, '/api/auth/resetPassword', { email: 'anna@alfa.example', token: 'abc' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.map((e: { path: string }) => e.path)).toEqual(
      expect.arrayContaining(['body.password', 'body.password_confirmation']),
    );
  });
});

describe('without SMTP_URL', () => {
  it('writes each mail as an .eml file into MAIL_DIR and logs its file and a masked address, never its link', async () => {
    const mailDir = mkdtempSync(join(tmpdir(), 'prova-mail-'));
    const lines: string[] = [];
    const local = await buildMailApp({ MAIL_DIR: mailDir }, { write: (line) => void lines.push(line) });
    try {
      const res = await post(local.app, '/api/auth/sendPasswordReset', { email: 'john+test@alfa.example' });
      expect(res.json()).toEqual({ status: true });
    } finally {
      // Closing waits for the mail still being written.
      await local.close();
    }
    const files = readdirSync(mailDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const mail = parseMail(readFileSync(join(mailDir, files[0]), 'utf8'));
    expect(mail.subject).toBe('Prova: reset your password');
    expect(mail.headers.to).toContain('john+test@alfa.example');
    const { link, token } = linkParts(mail);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const logged = lines.map((l) => JSON.parse(l)).find((l) => l.file);
    expect(logged).toMatchObject({ subject: 'Prova: reset your password', to: 'j***@alfa.example', file: join(mailDir, files[0]) });
    const log = lines.join('\n');
    expect(log).not.toContain(token);
    expect(log).not.toContain(link);
    expect(log).not.toContain('john+test@alfa.example');
    expect(log).not.toContain(encodeURIComponent('john+test@alfa.example'));
    rmSync(mailDir, { recursive: true, force: true });
  });
});

describe('logs', () => {
  it('never hold the reset token or a whole address: the opened link and the mail sent are redacted', async () => {
    const lines: string[] = [];
    const local = await buildMailApp({ SMTP_URL: smtp.url }, { write: (line) => void lines.push(line) });
    try {
      await post(local.app, '/api/auth/sendPasswordReset', { email: 'piero@alfa.example' });
      const mail = await smtp.waitForMail((m) => m.to.includes('piero@alfa.example'));
      const { token } = linkParts(mail);
      // The person opens the link: a page request whose path holds the token and the address.
      await local.app.inject({ url: `/new_password/${token}/${encodeURIComponent('piero@alfa.example')}` });
      const log = lines.join('\n');
      expect(log).toContain('/new_password/[redacted]');
      expect(log).toContain('p***@alfa.example');
      expect(log).not.toContain(token);
      expect(log).not.toContain('piero@alfa.example');
      expect(log).not.toContain('piero%40alfa.example');
    } finally {
      await local.close();
    }
  });
});

describe('with the mail server down', () => {
  it('still answers 200, logs the failure and closes cleanly', async () => {
    const down = await startSmtpTestServer();
    await down.close();
    const lines: string[] = [];
    const local = await buildMailApp({ SMTP_URL: down.url }, { write: (line) => void lines.push(line) });
    try {
      const res = await post(local.app, '/api/auth/sendPasswordReset', { email: 'anna@alfa.example' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: true });
    } finally {
      await local.close();
    }
    expect(lines.map((l) => JSON.parse(l)).some((l) => l.msg === 'mail not sent' && l.level === 50)).toBe(true);
  });
});
