import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherInstance, buildTestApp, type TestApp } from '../../../../test/build-test-app';
import {
  ACCOUNT_FREE_FAILURES,
  ADDRESS_MAX_FAILURES,
  DEVICE_MAX_FAILURES,
  recordSignInFailure,
  REQUESTS_MAX,
} from '../../../services/sign-in-guard';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_S } from '../../../services/device-cookie';
import { authBundle, PASSWORD } from '../../../../test/fixtures';

// Guessing passwords: an account waits longer after each failure whatever address the guesses come
// from, one address trying many accounts is stopped, and people signing in correctly are never held back.
// And sign-ins of one account from one address, right or wrong, are limited a minute, on every instance.

let t: TestApp;
/** Another instance of the app over the same database. */
let second: FastifyInstance;
beforeAll(async () => {
  t = await buildTestApp(authBundle);
  second = await anotherInstance(t);
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const login = (username: string, password: string, remoteAddress: string, app = t.app, cookie?: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress, headers: cookie ? { cookie } : {} });

describe('sign-in guard', () => {
  it('makes an account wait after a few failures, from any address, even for the right password', async () => {
    for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++)
      expect((await login('sara@alfa.example', 'wrong-guess', `10.1.0.${i}`)).statusCode).toBe(422);
    const held = await login('sara@alfa.example', PASSWORD, '10.1.0.99');
    expect(held.statusCode).toBe(429);
    expect(held.json()).toMatchObject({ status: false, code: 'RATE_LIMITED' });
    expect(Number(held.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Another account from those addresses is not affected.
    expect((await login('anna@alfa.example', PASSWORD, '10.1.0.1')).statusCode).toBe(200);
  });

  it('lets the wait grow with each further failure, and a right password afterwards clears it', async () => {
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      // Wait out the block by moving it into the past, as time would.
      await t.app.database.db
        .updateTable('sign_in_throttle')
        .set({ blocked_until: new Date(0).toISOString() })
        .where('key', '=', 'account:sara@alfa.example')
        .execute();
      expect((await login('sara@alfa.example', 'wrong-guess', '10.2.0.1')).statusCode).toBe(422);
      waits.push(Number((await login('sara@alfa.example', PASSWORD, '10.2.0.2')).headers['retry-after']));
    }
    expect(waits[1]).toBeGreaterThan(waits[0]);
    expect(waits[2]).toBeGreaterThan(waits[1]);
    await t.app.database.db
      .updateTable('sign_in_throttle')
      .set({ blocked_until: null })
      .where('key', '=', 'account:sara@alfa.example')
      .execute();
    expect((await login('sara@alfa.example', PASSWORD, '10.2.0.3')).statusCode).toBe(200);
    const row = await t.app.database.db
      .selectFrom('sign_in_throttle')
      .selectAll()
      .where('key', '=', 'account:sara@alfa.example')
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('holds back guesses at an e-mail nobody has as it would at a real one: the answers do not tell which exist', async () => {
    for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++)
      expect((await login('nessuno@alfa.example', 'wrong-guess', `10.6.0.${i}`)).statusCode).toBe(422);
    const held = await login('nessuno@alfa.example', 'wrong-guess', '10.6.0.99');
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('stops one address trying many accounts, and never the right sign-ins of a shared office', async () => {
    const office = '10.3.0.1';
    for (let i = 0; i < 5; i++)
      for (const person of ['anna@alfa.example', 'sara@alfa.example']) expect((await login(person, PASSWORD, office)).statusCode).toBe(200);
    for (let i = 0; i < ADDRESS_MAX_FAILURES; i++) await login(`nobody${i}@alfa.example`, 'guess', office);
    const stopped = await login('anna@alfa.example', PASSWORD, office);
    expect(stopped.statusCode).toBe(429);
    expect((await login('anna@alfa.example', PASSWORD, '10.3.0.2')).statusCode).toBe(200);
  });

  it('counts each of many wrong guesses that come at once, from many addresses', async () => {
    const GUESSES = 12;
    const answers = await Promise.all(
      Array.from({ length: GUESSES }, (_, i) => login('bruno@beta.example', `wrong-guess-${i}`, `10.4.0.${i}`)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(GUESSES).fill(422));
    const rows = await t.app.database.db
      .selectFrom('sign_in_throttle')
      .select(['key', 'failures'])
      .where('key', 'like', 'address:10.4.0.%')
      .execute();
    expect(
      rows.map((r) => r.failures),
      'each address once',
    ).toEqual(Array(GUESSES).fill(1));
    const account = await t.app.database.db
      .selectFrom('sign_in_throttle')
      .select(['failures', 'blocked_until'])
      .where('key', '=', 'account:bruno@beta.example')
      .executeTakeFirstOrThrow();
    expect(account.failures, 'none of the guesses lost').toBe(GUESSES);
    // The longest wait of those counted holds: past the free failures, 2 ** (12 - 5) s.
    expect(Date.parse(account.blocked_until!) - Date.now()).toBeGreaterThan(2 ** (GUESSES - ACCOUNT_FREE_FAILURES - 1) * 1000);
    expect((await login('bruno@beta.example', PASSWORD, '10.4.1.1')).statusCode).toBe(429);
  });

  it('counts failures recorded at the same moment (as by several instances), none lost', async () => {
    const AT_ONCE = 9;
    await Promise.all(Array.from({ length: AT_ONCE }, (_, i) => recordSignInFailure(t.app.repos, 'ugo@alfa.example', `10.5.0.${i % 3}`)));
    const rows = await t.app.database.db
      .selectFrom('sign_in_throttle')
      .select(['key', 'failures'])
      .where('key', 'in', ['account:ugo@alfa.example', 'address:10.5.0.0', 'address:10.5.0.1', 'address:10.5.0.2'])
      .orderBy('key')
      .execute();
    expect(rows).toEqual([
      { key: 'account:ugo@alfa.example', failures: AT_ONCE },
      { key: 'address:10.5.0.0', failures: 3 },
      { key: 'address:10.5.0.1', failures: 3 },
      { key: 'address:10.5.0.2', failures: 3 },
    ]);
    expect((await login('ugo@alfa.example', PASSWORD, '10.5.1.1')).statusCode, 'past the free failures: held back').toBe(429);
  });
});

describe('sign-ins of one account from one address', () => {
  it('are let through ten a minute, counted on every instance, then the next waits for the window to end', async () => {
    const answers: number[] = [];
    for (let i = 0; i < REQUESTS_MAX; i++)
      answers.push((await login('anna@alfa.example', PASSWORD, '10.7.0.1', i % 2 ? second : t.app)).statusCode);
    expect(answers, 'right passwords, half on each instance').toEqual(Array(REQUESTS_MAX).fill(200));
    const over = await login('anna@alfa.example', PASSWORD, '10.7.0.1', second);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({
      status: false,
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many sign-ins: try again in \d+ s$/),
    });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await login('Anna@Alfa.example ', PASSWORD, '10.7.0.1')).statusCode, 'the same account, however written').toBe(429);

    // Another address for the account, another account from the address: counted on their own.
    expect((await login('anna@alfa.example', PASSWORD, '10.7.0.2')).statusCode).toBe(200);
    expect((await login('sara@alfa.example', PASSWORD, '10.7.0.1')).statusCode).toBe(200);

    // A minute later (the window moved into the past, as time would) the account may be tried again from there.
    await t.app.database.db
      .updateTable('sign_in_throttle')
      .set({ window_start: new Date(Date.now() - 61_000).toISOString() })
      .where('key', 'like', '%:10.7.0.1:anna@alfa.example')
      .execute();
    expect((await login('anna@alfa.example', PASSWORD, '10.7.0.1', second)).statusCode).toBe(200);
  });

  it('count each of many that come at once, on both instances: no more than ten go through', async () => {
    const answers = await Promise.all(
      Array.from({ length: REQUESTS_MAX + 6 }, (_, i) => login('sara@alfa.example', PASSWORD, '10.7.1.1', i % 2 ? second : t.app)),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([...Array(REQUESTS_MAX).fill(200), ...Array(6).fill(429)]);
  });
});

// OWASP's device cookies: a browser where the person signed in before is not held by the failures of others (an office
// behind one address, guesses at the account from anywhere), only by its own.
describe('a browser that signed in before (device cookie)', () => {
  /** Signs in and answers the device cookie the browser now holds, as a Cookie header. */
  async function deviceOf(email: string, address: string, cookie?: string) {
    const res = await login(email, PASSWORD, address, t.app, cookie);
    expect(res.statusCode).toBe(200);
    const device = res.cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(device, 'a device cookie').toBeDefined();
    return { header: `${DEVICE_COOKIE}=${device!.value}`, cookie: device! };
  }
  const heldOffice = async (office: string) => {
    for (let i = 0; i < ADDRESS_MAX_FAILURES; i++) await login(`made-up-${i}@alfa.example`, 'guess', office);
  };

  it('keeps signing in behind an address that 50 bad sign-ins on made-up accounts held; others there are held', async () => {
    await t.app.database.db.deleteFrom('sign_in_throttle').execute();
    const office = '10.9.0.1';
    const anna = await deviceOf('anna@alfa.example', office);
    // Bound to the browser and long-lived, out of scripts' reach, sent only by the app's own pages.
    expect(anna.cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/', maxAge: DEVICE_COOKIE_MAX_AGE_S });
    expect(anna.cookie.secure).toBeFalsy();
    expect(anna.cookie.value).not.toContain('anna');

    await heldOffice(office);
    const withCookie = await login('anna@alfa.example', PASSWORD, office, t.app, anna.header);
    expect(withCookie.statusCode).toBe(200);
    // Without one, held: a person who never signed in here, and Anna in another browser.
    expect((await login('sara@alfa.example', PASSWORD, office)).statusCode).toBe(429);
    expect((await login('anna@alfa.example', PASSWORD, office)).statusCode).toBe(429);
    // Anna's cookie is hers alone, and one altered or made up is none.
    expect((await login('sara@alfa.example', PASSWORD, office, t.app, anna.header)).statusCode).toBe(429);
    const [nonce, signature] = anna.cookie.value.split('.');
    const altered = `${DEVICE_COOKIE}=${nonce.slice(0, -1)}${nonce.endsWith('A') ? 'B' : 'A'}.${signature}`;
    expect((await login('anna@alfa.example', PASSWORD, office, t.app, altered)).statusCode).toBe(429);
  });

  it('is trusted for several accounts of one browser, each with its own entry', async () => {
    await t.app.database.db.deleteFrom('sign_in_throttle').execute();
    const desk = '10.9.1.1';
    const anna = await deviceOf('anna@alfa.example', desk);
    const both = await deviceOf('sara@alfa.example', desk, anna.header);
    await heldOffice(desk);
    expect((await login('sara@alfa.example', PASSWORD, desk, t.app, both.header)).statusCode).toBe(200);
    expect((await login('anna@alfa.example', PASSWORD, desk, t.app, both.header)).statusCode).toBe(200);
    expect((await login('ugo@alfa.example', PASSWORD, desk, t.app, both.header)).statusCode).toBe(429);
  });

  it("is not held by guesses at the account from elsewhere, which hold everyone else's sign-ins of it", async () => {
    await t.app.database.db.deleteFrom('sign_in_throttle').execute();
    const sara = await deviceOf('sara@alfa.example', '10.9.2.1');
    for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++) await login('sara@alfa.example', 'wrong-guess', `10.9.3.${i}`);
    expect((await login('sara@alfa.example', PASSWORD, '10.9.2.1')).statusCode).toBe(429);
    expect((await login('sara@alfa.example', PASSWORD, '10.9.2.1', t.app, sara.header)).statusCode).toBe(200);
  });

  it(`is locked out after ${DEVICE_MAX_FAILURES} wrong passwords with it, and then helps no more than no cookie`, async () => {
    await t.app.database.db.deleteFrom('sign_in_throttle').execute();
    const office = '10.9.4.1';
    const anna = await deviceOf('anna@alfa.example', office);
    await heldOffice(office);
    for (let i = 0; i < DEVICE_MAX_FAILURES; i++) {
      // A minute's sign-ins from one address are limited anyway: each guess comes from another.
      const res = await login('anna@alfa.example', `wrong-guess-${i}`, `10.9.5.${i}`, t.app, anna.header);
      expect(res.statusCode).toBe(422);
    }
    // Held by the office's failures again; elsewhere, signed in as anyone is (the device's failures were its own).
    expect((await login('anna@alfa.example', PASSWORD, office, t.app, anna.header)).statusCode).toBe(429);
    expect((await login('anna@alfa.example', PASSWORD, '10.9.6.1', t.app, anna.header)).statusCode).toBe(200);
    const rows = await t.app.database.db.selectFrom('sign_in_throttle').select(['key', 'failures', 'blocked_until']).execute();
    const device = rows.filter((row) => row.key.startsWith('device:'));
    expect(device).toHaveLength(1);
    expect(device[0].failures).toBe(DEVICE_MAX_FAILURES);
    expect(Date.parse(device[0].blocked_until!)).toBeGreaterThan(Date.now());
    expect(rows.find((row) => row.key === 'account:anna@alfa.example')).toBeUndefined();
  });

  it('is a Secure __Host- cookie over HTTPS', async () => {
    const secure = await buildTestApp(authBundle, { env: { COOKIE_SECURE: '1' } });
    try {
      const res = await login('anna@alfa.example', PASSWORD, '10.9.7.1', secure.app);
      expect(res.cookies.find((c) => c.name === `__Host-${DEVICE_COOKIE}`)).toMatchObject({ secure: true, httpOnly: true, path: '/' });
    } finally {
      await secure.close();
    }
  });
});
