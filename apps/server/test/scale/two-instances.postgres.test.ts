import { freePorts } from '@prova/test-support/free-ports';
import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, migrationNames, openDatabase } from '../../src/db/database';
import { NAMED_AFTER } from '../../src/db/postgres-statements';
import demoBundle from '../../src/import/demo-bundle.json';
import { seedDemoIfEmpty } from '../../src/import/seed-demo';
import { errorLines, logLine, ShippedServer, shippedBuild } from '@prova/test-support/shipped-server';
import { createFaultWorld, type FaultWorld, importWithCli } from '../faults/fault-world';
import { createTestDatabase } from '../test-database';
import { type Answer, send, sessionCookie } from './http-client';
import { Nginx, nginxBinary } from './nginx';

// Two instances of the built server, as separate processes on one PostgreSQL database, behind Debian's
// nginx taking them in turn (no stickiness): what people notice must not depend on which one answers.
// Several instances need PostgreSQL (one SQLite file has one server): this file (*.postgres.test.ts) runs in the
// PostgreSQL pass of npm test (TEST_DATABASE_URL) only.

const PASSWORD = 'Due-istanze-2026';
const CAMPAIGN = 9301;
const TEST = 391;
/** A test with a scoring script, whose attempts both instances' sweeps find due at once. */
const SCORED_TEST = 392;
const COMPANY = 'Scala S.r.l.';
const people = ['session', 'saver', 'outcomes', 'limited', 'guarded', 'upgrade', 'staff'] as const;
const emailOf = (who: (typeof people)[number]) => `${who}@scala.example`;
/** The address nginx connects to the instances from: the one proxy they believe (TRUST_PROXY). */
const PROXY_ADDRESS = '127.0.0.3';

const bundle = {
  version: 1,
  companies: [{ name: COMPANY }],
  users: people.map((who) => ({
    company: COMPANY,
    email: emailOf(who),
    password: PASSWORD,
    firstName: who,
    lastName: 'Scala',
    privacy: true,
    ...(who === 'staff' ? { role: 'admin' } : {}),
  })),
  tests: [
    { id: TEST, abbreviation: 'SCA', name: 'Two instances', url: '/activities/numerical/', jsonData: { hasTimer: false } },
    {
      id: SCORED_TEST,
      abbreviation: 'SCB',
      name: 'Scored on either instance',
      url: '/activities/numerical/',
      jsonData: { hasTimer: true, time: 10 },
      algorithm:
        "function computeOutcomes(data) { return [{ questionId: 'score', value: (data && data.answers && data.answers.n) || 0 }]; }",
    },
  ],
  campaigns: [
    {
      id: CAMPAIGN,
      company: COMPANY,
      name: 'Scale',
      dateStart: '2020-01-01T00:00:00Z',
      dateEnd: '2099-01-01T00:00:00Z',
      tests: [{ test: TEST }, { test: SCORED_TEST }],
      participants: people.map((who) => ({ user: emailOf(who) })),
    },
  ],
};

let world: FaultWorld;
let nginx: Nginx;
let a: ShippedServer;
let b: ShippedServer;
let database: DatabaseHandle;
let activitiesUrl: string;

describe('two instances behind nginx on one PostgreSQL database', () => {
  beforeAll(async () => {
    shippedBuild(); // "run npm run build" before anything else
    nginxBinary(); // "install nginx" likewise
    world = await createFaultWorld();
    const [portA, portB, activitiesA, activitiesB, proxyPort, proxyActivitiesPort] = await freePorts(6);
    nginx = new Nginx({
      app: { port: proxyPort, upstreams: [portA, portB] },
      activities: { port: proxyActivitiesPort, upstreams: [activitiesA, activitiesB] },
      bindAddress: PROXY_ADDRESS,
    });
    await nginx.start();
    activitiesUrl = `http://127.0.0.1:${proxyActivitiesPort}`;
    // The same settings on both, as an operator gives them (docs/deployment.md).
    const env = {
      PUBLIC_URL: nginx.url,
      ACTIVITIES_URL: activitiesUrl,
      TRUST_PROXY: PROXY_ADDRESS,
      SSO_STATE_SECRET: 'the-same-secret-on-every-instance-of-prova',
      DEMO: '1',
      // Both sweep often, so that they meet on the same due work; each scoring run is logged at info.
      SWEEP_INTERVAL_MS: '20',
      LOG_LEVEL: 'info',
    };
    const instance = (port: number, activitiesPort: number) =>
      ShippedServer.create({ databaseUrl: world.databaseUrl, dir: world.dir, port, activitiesPort, env, startTimeoutMs: 60_000 });
    [a, b] = await Promise.all([instance(portA, activitiesA), instance(portB, activitiesB)]);
    // At the same moment, on an empty database: both migrate it and load the demo data at once.
    await Promise.all([a.start(), b.start()]);
    await importWithCli(world, bundle);
    database = await openDatabase(world.databaseUrl, { poolMax: 2 });
  }, 120_000);

  afterAll(async () => {
    await database?.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await nginx?.stop();
    await world?.destroy();
  });

  /** What a browser on the app's page sends with a state-changing request. */
  const fromApp = (cookie?: string) => ({ origin: nginx.url, ...(cookie ? { cookie } : {}) });
  const signIn = (url: string, who: (typeof people)[number], password = PASSWORD) =>
    send(`${url}/api/auth/login`, { method: 'POST', headers: fromApp(), body: { username: emailOf(who), password } });
  /** The sessions the database holds for `who`. */
  const sessionsOf = async (who: (typeof people)[number]) =>
    Number(
      (
        await database.db
          .selectFrom('sessions')
          .innerJoin('users', 'users.id', 'sessions.user_id')
          .where('users.email', '=', emailOf(who))
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const me = (url: string, cookie: string) => send(`${url}/api/auth/me`, { headers: { cookie } });
  const upstream = (answer: Answer) => String(answer.headers['x-prova-upstream']);
  /** `who` signs in through the proxy and opens the test: their cookie, id and the test's paths. */
  const openTest = async (who: (typeof people)[number]) => {
    const signedIn = await signIn(nginx.url, who);
    const cookie = sessionCookie(signedIn);
    const userId = signedIn.json<{ user: { id: number } }>().user.id;
    const path = (kind: string) => `/api/tests/${TEST}/${kind}/${CAMPAIGN}/${userId}`;
    const opened = await send(`${nginx.url}${path('start')}`, { method: 'POST', headers: fromApp(cookie), body: {} });
    expect(opened.status).toBe(200);
    return { cookie, userId, path };
  };

  it('started at once on an empty database, both come up; the schema is made once and the demo loaded once', async () => {
    const ran = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(database.db);
    const names = ran.rows.map((row) => row.name);
    expect(names, 'each migration recorded once').toEqual(migrationNames('postgres'));

    // The same rows as one start on an empty database makes: every demo user once, and what
    // seed-demo.ts writes beside the bundle (finished tests, last year's 360) once.
    const reference = await createTestDatabase();
    try {
      await seedDemoIfEmpty(reference, { info: () => undefined });
      expect(await demoRows(database)).toEqual(await demoRows(reference));
    } finally {
      await reference.destroy();
    }
    const demoUsers = await database.db.selectFrom('users').select('email').where('email', 'in', demoEmails).execute();
    expect(demoUsers.map((u) => u.email).sort(), 'every demo user, once').toEqual([...demoEmails].sort());
  });

  it('the activities are served through the proxy on their own origin, framed only by the app', async () => {
    const page = await send(`${activitiesUrl}/activities/numerical/`);
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain(`frame-ancestors ${nginx.url}`);
  });

  it('a session made on one instance works on the other, and through the proxy for request after request', async () => {
    const signedIn = await signIn(a.url, 'session');
    expect(signedIn.status).toBe(200);
    const cookie = sessionCookie(signedIn);

    const onB = await me(b.url, cookie);
    expect(onB.status).toBe(200);
    expect(onB.json<{ user: { username: string } }>().user.username).toBe(emailOf('session'));

    const viaProxy: Answer[] = [];
    for (let i = 0; i < 6; i++) viaProxy.push(await me(nginx.url, cookie));
    expect(viaProxy.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const answeredBy = viaProxy.map(upstream);
    expect(new Set(answeredBy), 'both instances answered').toEqual(new Set([`127.0.0.1:${port(a)}`, `127.0.0.1:${port(b)}`]));
    for (let i = 1; i < answeredBy.length; i++)
      expect(answeredBy[i], `request ${i + 1} went to the other instance`).not.toBe(answeredBy[i - 1]);
  });

  it('signing out on one instance ends the session on the other at once', async () => {
    const cookie = sessionCookie(await signIn(nginx.url, 'session'));
    // Both instances have seen the session (and may remember it) before it ends.
    expect((await me(a.url, cookie)).status).toBe(200);
    expect((await me(b.url, cookie)).status).toBe(200);

    const out = await send(`${a.url}/api/auth/logout`, { method: 'POST', headers: fromApp(cookie) });
    expect(out.status).toBe(200);

    expect((await me(b.url, cookie)).status, 'the old cookie on the other instance, right away').toBe(401);
    const viaProxy = [await me(nginx.url, cookie), await me(nginx.url, cookie)];
    expect(viaProxy.map((r) => r.status)).toEqual([401, 401]);
    expect(new Set(viaProxy.map(upstream)).size, 'on both instances').toBe(2);
  });

  it('saves of one test sent to both instances at once, out of order, keep the highest version, read back the same from both', async () => {
    const { cookie, path } = await openTest('saver');

    const VERSIONS = 60;
    const sent = new Map<number, string>();
    const order = shuffle(Array.from({ length: VERSIONS }, (_, i) => i + 1));
    // All at once, to A, B and through the proxy in turn; both write routes, as the client's queue uses them.
    const answers = await Promise.all(
      order.map(async (version, i) => {
        const progress = { version, answers: `answer-${version}-${'x'.repeat(version % 7 === 0 ? 4000 : 20)}` };
        const text = JSON.stringify(progress);
        sent.set(version, text);
        const target = [a.url, b.url, nginx.url][i % 3];
        const viaData = version % 2 === 0;
        const body = viaData ? { version, data: progress } : { version, status: 'incomplete', data: text };
        const answer = await send(`${target}${path(viaData ? 'data' : 'sync')}`, { method: 'POST', headers: fromApp(cookie), body });
        return { version, answer };
      }),
    );

    const refused = answers
      .filter(({ answer }) => answer.status !== 200)
      .map(({ version, answer }) => `v${version}: ${answer.status} ${answer.text}`);
    expect(refused, 'every save answered 200').toEqual([]);
    const results = answers.map(({ version, answer }) => {
      const body = answer.json<{ version: number; stored: boolean }>();
      return { version, held: body.version, stored: body.stored };
    });
    // A stored save answers its own version; one not stored was stale, and names the newer one held.
    const odd = results
      .filter((r) => (r.stored ? r.held !== r.version : r.held <= r.version))
      .map((r) => `v${r.version}: stored ${r.stored}, held v${r.held}`);
    expect(odd).toEqual([]);
    const highest = Math.max(...results.filter((r) => r.stored).map((r) => r.version));
    expect(highest, 'the newest version sent was stored').toBe(VERSIONS);

    for (const url of [a.url, b.url, nginx.url, nginx.url]) {
      const read = await send(`${url}${path('data')}`, { headers: { cookie } });
      expect(read.status).toBe(200);
      const held = read.json<{ data: { version: number; status: string; data: string } }>().data;
      expect(held.version, `the version ${url} reads back`).toBe(VERSIONS);
      expect(held.data, `the data ${url} reads back`).toBe(sent.get(VERSIONS));
      expect(held.status).toBe('incomplete');
    }
  });

  it('outcomes repeated to both instances at once with one idempotency key are taken once; the test is then complete on both', async () => {
    const { cookie, userId, path } = await openTest('outcomes');

    // The browser's queue sends again when an answer is lost: here the repeats land on A, B and the proxy together.
    const body = { values: [{ questionId: 'q1', value: 7 }], idempotencyKey: 'both-instances-outcome-1' };
    const post = (url: string) =>
      send(`${url}/api/outcomes/${CAMPAIGN}/${TEST}/${userId}`, { method: 'POST', headers: fromApp(cookie), body });
    const answers = await Promise.all([a.url, b.url, nginx.url, a.url, b.url, nginx.url].map(post));
    expect(answers.map((r) => `${r.status} ${r.text}`)).toEqual(Array(6).fill('200 {"status":true}'));

    const stored = await database.db
      .selectFrom('outcomes')
      .select(['source', 'outcomes'])
      .where('campaign_id', '=', CAMPAIGN)
      .where('test_id', '=', TEST)
      .where('user_id', '=', userId)
      .execute();
    expect(stored, 'one row of outcomes, as sent').toEqual([{ source: 'client', outcomes: JSON.stringify(body.values) }]);
    const keys = await database.db.selectFrom('request_keys').select('key').where('user_id', '=', userId).execute();
    expect(keys.map((k) => k.key)).toEqual([body.idempotencyKey]);

    // Other outcomes (a new key) are refused as a save into a complete test, whichever instance answers.
    for (const url of [a.url, b.url]) {
      const again = await send(`${url}/api/outcomes/${CAMPAIGN}/${TEST}/${userId}`, {
        method: 'POST',
        headers: fromApp(cookie),
        body: { values: [{ questionId: 'q1', value: 8 }], idempotencyKey: `another-key-${url === a.url ? 'a' : 'b'}-0001` },
      });
      expect(again.status, url).toBe(409);
      const read = await send(`${url}${path('data')}`, { headers: { cookie } });
      expect(read.json<{ data: { status: string } }>().data.status, `the status ${url} reads back`).toBe('complete');
    }
  });

  it('the sign-in limit of one caller and account counts attempts on both instances as one', async () => {
    // The sign-in's limit: 10 a minute for one address and account (the sign-in guard's REQUESTS_MAX),
    // counted in the database. Five on each instance: with counts in each process's memory, either
    // would let the eleventh through.
    const answers: number[] = [];
    for (let i = 0; i < 10; i++) answers.push((await signIn(i % 2 === 0 ? a.url : b.url, 'limited')).status);
    expect(answers).toEqual(Array(10).fill(200));
    const eleventh = await signIn(b.url, 'limited');
    expect(eleventh.status, 'the eleventh attempt in the minute').toBe(429);
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn(a.url, 'limited')).status).toBe(429);
    expect((await signIn(nginx.url, 'limited')).status, 'through the proxy too: the same caller').toBe(429);
    // Each sign-in opens its session with its read: the ten that succeeded keep theirs, the refused ones leave none.
    expect(await sessionsOf('limited')).toBe(10);
  });

  it('wrong passwords for one account, tried on both instances, make the next attempt wait', async () => {
    // The sign-in guard: five failures of an account, then each one more makes it wait (1 s, 2 s...).
    for (let i = 0; i < 5; i++) expect((await signIn(i % 2 === 0 ? a.url : b.url, 'guarded', 'wrong-password')).status).toBe(422);
    const [onB, viaProxy] = await Promise.all([signIn(b.url, 'guarded'), signIn(nginx.url, 'guarded')]);
    expect([onB.status, viaProxy.status], 'even with the right password, at once after').toEqual([429, 429]);
    // Sessions opened before the password's check are discarded by every refusal, on either instance.
    expect(await sessionsOf('guarded')).toBe(0);
  });

  it('a route limit per caller holds across instances; behind nginx the caller is the address it forwards, and only nginx is believed', async () => {
    // The single sign-on start allows 30 requests a minute from one address.
    const sso = (url: string, opts: { from?: string; forwardedFor?: string } = {}) =>
      send(`${url}/api/v2/auth/sso/no-such-company`, {
        from: opts.from,
        headers: opts.forwardedFor ? { 'x-forwarded-for': opts.forwardedFor } : {},
      });
    const first = await Promise.all(Array.from({ length: 30 }, (_, i) => sso(i % 2 === 0 ? a.url : b.url)));
    expect(first.filter((r) => r.status === 429).length, 'none of the first 30 from 127.0.0.1 refused').toBe(0);

    // The 31st from 127.0.0.1, through nginx: still the same caller, whatever it claims to forward.
    expect((await sso(nginx.url, { forwardedFor: '198.51.100.7' })).status).toBe(429);
    // Straight to an instance, a forged X-Forwarded-For is not believed: only nginx's address is trusted.
    expect((await sso(b.url, { forwardedFor: '198.51.100.8' })).status).toBe(429);
    // Another person (127.0.0.2) through nginx is a caller of their own: nginx forwards their address.
    const other = await sso(nginx.url, { from: '127.0.0.2' });
    expect(other.status).not.toBe(429);
    expect(other.status).toBe(302);
  });

  it('a column another process adds while both serve (the migration of a rolling upgrade): reads, saves and outcomes answer as before', async () => {
    const { cookie, userId, path } = await openTest('upgrade');
    let version = 0;
    const save = (url: string) =>
      send(`${url}${path('data')}`, {
        method: 'POST',
        headers: fromApp(cookie),
        body: { version: ++version, data: { note: `v${version}` } },
      });
    const read = (url: string) => send(`${url}${path('data')}`, { headers: { cookie } });

    // Often enough that each instance runs the progress read (a `select *`) and the save as named statements.
    const WARM = NAMED_AFTER + 5;
    for (const url of [a.url, b.url]) {
      for (let i = 0; i < WARM; i++) expect((await save(url)).status).toBe(200);
      for (let i = 0; i < WARM; i++) expect((await read(url)).status).toBe(200);
    }

    // What an upgraded instance's migration does while these two still serve: here this test's own process.
    await sql`alter table test_progress add column upgrade_note text`.execute(database.db);

    const answers: string[] = [];
    for (const url of [a.url, b.url, a.url, b.url]) {
      const saved = await save(url); // its upsert runs in a transaction on PostgreSQL
      answers.push(`save ${saved.status}`);
      for (let i = 0; i < 5; i++) {
        const held = await read(url);
        const body = held.status === 200 ? held.json<{ data: { version: number; data: string } }>().data : undefined;
        answers.push(`read ${held.status} v${body?.version} ${body?.data}`);
      }
    }
    expect(answers).toEqual(
      [0, 1, 2, 3].flatMap((turn) => {
        const held = `v${2 * WARM + turn + 1} ${JSON.stringify({ note: `v${2 * WARM + turn + 1}` })}`;
        return [`save 200`, ...Array(5).fill(`read 200 ${held}`)];
      }),
    );
    // Outcomes: a transaction, then the test complete on both.
    const outcomes = await send(`${a.url}/api/outcomes/${CAMPAIGN}/${TEST}/${userId}`, {
      method: 'POST',
      headers: fromApp(cookie),
      body: { values: [{ questionId: 'q1', value: 3 }], idempotencyKey: 'rolling-upgrade-outcome-1' },
    });
    expect(`${outcomes.status} ${outcomes.text}`).toBe('200 {"status":true}');
    for (const url of [a.url, b.url]) expect((await read(url)).json<{ data: { status: string } }>().data.status, url).toBe('complete');
  });

  it('both sweeping the same expired and due tests at once: each is settled and scored once, into one row of outcomes', async () => {
    // Attempts of people who are not taking part (no session needed): timed tests whose time ran out and
    // complete tests waiting for their scoring, all written at one moment, while both instances sweep every 20 ms.
    const ATTEMPTS = 240;
    const at = new Date().toISOString();
    await database.db
      .insertInto('test_progress')
      .values(
        Array.from({ length: ATTEMPTS }, (_, i) => ({
          campaign_id: CAMPAIGN,
          test_id: SCORED_TEST,
          user_id: 500_000 + i,
          version: 1,
          data: JSON.stringify({ answers: { n: i } }),
          updated_at: at,
          started_at: '2020-01-01T00:00:00.000Z',
          ...(i % 2 === 0
            ? { status: 'incomplete', ends_at: '2020-01-01T00:10:00.000Z' }
            : { status: 'complete', ends_at: null, scoring_due: 1 }),
        })),
      )
      .execute();
    const waiting = async () =>
      Number(
        (
          await database.db
            .selectFrom('test_progress')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('test_id', '=', SCORED_TEST)
            .where((eb) => eb.or([eb('status', '<>', 'complete'), eb('scoring_due', '=', 1)]))
            .executeTakeFirstOrThrow()
        ).n,
      );
    await expect.poll(waiting, { timeout: 30_000, interval: 100 }).toBe(0);

    // Every run of the script, on either instance, says so in its log.
    const runs = new Map<number, string[]>();
    for (const [name, server] of [['a', a] as const, ['b', b] as const]) {
      for (const entry of server.log) {
        const line = logLine(entry);
        if (!line.includes('"test scored"')) continue;
        const parsed = JSON.parse(line) as { testId: number; userId: number };
        if (parsed.testId === SCORED_TEST) runs.set(parsed.userId, [...(runs.get(parsed.userId) ?? []), name]);
      }
    }
    const failed = [...a.log, ...b.log].filter((line) => line.includes('scoring algorithm failed') || line.includes('sweep task failed'));
    expect(failed, 'scorings that failed').toEqual([]);
    const twice = [...runs].filter(([, by]) => by.length !== 1).map(([userId, by]) => `${userId}: ${by.join(', ')}`);
    expect(twice, 'attempts scored more than once').toEqual([]);
    expect(runs.size, 'every attempt scored').toBe(ATTEMPTS);

    const outcomes = await database.db
      .selectFrom('outcomes')
      .select(['user_id', 'outcomes'])
      .where('test_id', '=', SCORED_TEST)
      .where('source', '=', 'server')
      .orderBy('user_id')
      .execute();
    expect(outcomes).toEqual(
      Array.from({ length: ATTEMPTS }, (_, i) => ({ user_id: 500_000 + i, outcomes: JSON.stringify([{ questionId: 'score', value: i }]) })),
    );
  });

  it('an import confirmed on both instances at once is imported once', async () => {
    // Staff of the company: an admin imported with the bundle above signs in and uploads a small bundle.
    const staffBundle = {
      version: 1,
      companies: [{ name: COMPANY }],
      users: [{ company: COMPANY, email: 'once@scala.example', password: PASSWORD, firstName: 'Once', lastName: 'Scala', privacy: true }],
    };
    const cookie = sessionCookie(await signIn(nginx.url, 'staff'));
    const uploaded = await send(`${nginx.url}/api/staff/imports`, { method: 'POST', headers: fromApp(cookie), body: staffBundle });
    expect(uploaded.status, uploaded.text).toBe(202);
    const { id } = uploaded.json<{ job: { id: string } }>().job;
    const jobOf = async () =>
      (await send(`${nginx.url}/api/staff/jobs/${id}`, { headers: { cookie } })).json<{ job: { state: string } }>().job;
    await expect.poll(async () => (await jobOf()).state, { timeout: 20_000 }).toBe('validated');

    const confirms = await Promise.all(
      [a.url, b.url, nginx.url, a.url, b.url].map((url) =>
        send(`${url}/api/staff/imports/${id}/confirm`, { method: 'POST', headers: fromApp(cookie) }),
      ),
    );
    expect(confirms.map((r) => r.status).sort(), 'one confirmation taken, the others refused').toEqual([202, 409, 409, 409, 409]);
    await expect.poll(async () => (await jobOf()).state, { timeout: 20_000 }).toBe('done');
    const imported = await database.db.selectFrom('users').select('id').where('email', '=', 'once@scala.example').execute();
    expect(imported).toHaveLength(1);
    const jobs = await database.db.selectFrom('staff_jobs').select(['state', 'claimed_by', 'lease_until']).where('id', '=', id).execute();
    expect(jobs, 'done, and its claim given up').toEqual([{ state: 'done', claimed_by: null, lease_until: null }]);
  });

  it('no instance crashed or logged an error, and nginx reached them every time', () => {
    expect([...a.crashes, ...b.crashes]).toEqual([]);
    expect(errorLines([...a.log, ...b.log])).toEqual([]);
    expect(nginx.errors()).toEqual([]);
  });
});

const demoEmails = demoBundle.users.map((u) => u.email);

/** How many rows the demo data makes in each table it writes (this file's own bundle left out). */
async function demoRows(handle: DatabaseHandle): Promise<Record<string, number>> {
  const count = async (table: string, where: RawBuilder<unknown> = sql`true`) =>
    Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} where ${where}`.execute(handle.db)).rows[0].n);
  return {
    users: await count('users', sql`email in (${sql.join(demoEmails)})`),
    companies: await count('companies', sql`name <> ${COMPANY}`),
    campaigns: await count('campaigns', sql`id <> ${CAMPAIGN}`),
    tests: await count('tests', sql`id not in (${TEST}, ${SCORED_TEST})`),
    test_progress: await count('test_progress', sql`campaign_id <> ${CAMPAIGN}`),
    outcomes: await count('outcomes', sql`campaign_id <> ${CAMPAIGN}`),
    answers360: await count('answers360'),
    evaluations360: await count('evaluations360'),
  };
}

const port = (server: ShippedServer) => new URL(server.url).port;

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}
