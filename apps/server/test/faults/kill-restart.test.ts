import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShippedServer } from '@prova/test-support/shipped-server';
import { setTimeout as sleep } from 'node:timers/promises';
import { createFaultWorld, FAULT_DIST, type FaultWorld, importWithCli } from './fault-world';

// Fault run: kill -9 the server again and again while candidates save their progress, start it again
// on the same database and port, and check that no acknowledged save was lost (Jepsen's "lost
// write": an acknowledged write that a later read does not show) nor mixed with another one's data.
// Small counts by default (CI); `npm run faults` runs the full counts.

const ROUNDS = countFromEnv('FAULT_ROUNDS', 5);
const CLIENTS = countFromEnv('FAULT_CLIENTS', 8);
/** The pace of all clients together while the server is up. */
const SAVES_PER_SECOND = 200;

const CAMPAIGN = 9101;
const TEST = 301;
const PASSWORD = 'Guasto-improvviso-2026';
const emailOf = (i: number) => `candidate${i}@faults.example`;

/** One company, one campaign open now, one untimed test, CLIENTS candidates who gave consent. */
const bundle = {
  version: 1,
  companies: [{ name: 'Faults S.r.l.' }],
  users: Array.from({ length: CLIENTS }, (_, i) => ({
    company: 'Faults S.r.l.',
    email: emailOf(i),
    password: PASSWORD,
    firstName: 'Candidate',
    lastName: String(i),
    privacy: true,
  })),
  tests: [{ id: TEST, abbreviation: 'KIL', name: 'Kill and restart', url: '/activities/numerical/', jsonData: { hasTimer: false } }],
  campaigns: [
    {
      id: CAMPAIGN,
      company: 'Faults S.r.l.',
      name: 'Fault run',
      dateStart: '2020-01-01T00:00:00Z',
      dateEnd: '2099-01-01T00:00:00Z',
      tests: [{ test: TEST }],
      participants: Array.from({ length: CLIENTS }, (_, i) => ({ user: emailOf(i) })),
    },
  ],
};

/**
 * A candidate's browser: saves its progress with ever newer versions, as the client queue does. A save
 * that gets no answer (the server is down) is not acknowledged; the next one carries the next version.
 */
class Client {
  cookie = '';
  userId = 0;
  /** The last version sent, and the progress text each version carried. */
  version = 0;
  readonly sent = new Map<number, string>();
  /** The newest version a 200 answer said was stored. */
  acknowledged = 0;
  acks = 0;
  /** The newest version a 200 answer said the server holds, when it did not store the save (stale). */
  claimed = 0;
  /** Versions sent that got no answer (the server went down): they may or may not have been stored. */
  readonly unanswered = new Set<number>();
  readonly problems: string[] = [];

  constructor(
    readonly index: number,
    private readonly server: ShippedServer,
  ) {}

  private headers(json: boolean): Record<string, string> {
    // What a browser sends from the app: its origin on every state-changing request, and the session cookie.
    return {
      origin: this.server.publicUrl,
      ...(this.cookie ? { cookie: this.cookie } : {}),
      ...(json ? { 'content-type': 'application/json' } : {}),
    };
  }

  async signIn(): Promise<void> {
    const response = await fetch(`${this.server.url}/api/auth/login`, {
      method: 'POST',
      headers: this.headers(true),
      body: JSON.stringify({ username: emailOf(this.index), password: PASSWORD }),
    });
    if (response.status !== 200) throw new Error(`${emailOf(this.index)} cannot sign in: ${response.status} ${await response.text()}`);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('prova_session='));
    if (!cookie) throw new Error(`${emailOf(this.index)}: no session cookie`);
    this.cookie = cookie.split(';')[0];
    this.userId = ((await response.json()) as { user: { id: number } }).user.id;
  }

  /** Opens the test, as the activity does before its first save. */
  async open(): Promise<void> {
    const response = await fetch(`${this.server.url}/api/tests/${TEST}/start/${CAMPAIGN}/${this.userId}`, {
      method: 'POST',
      headers: this.headers(true),
      body: '{}',
    });
    if (response.status !== 200)
      throw new Error(`${emailOf(this.index)} cannot open the test: ${response.status} ${await response.text()}`);
  }

  /** One save: 'answered' (200), 'down' (no answer: the server is not there), or 'refused' (an answer other than 200). */
  async save(): Promise<'answered' | 'down' | 'refused'> {
    const version = ++this.version;
    // Mostly small saves, now and then one that spans many database pages.
    const progress = { client: this.index, version, answers: randomBytes(Math.random() < 0.05 ? 16_000 : 48).toString('hex') };
    const text = JSON.stringify(progress);
    this.sent.set(version, text);
    // Both versioned data writes: /sync (status and data, data as text) and /data (data only, as JSON, stored as its text).
    const viaData = version % 2 === 0;
    const url = `${this.server.url}/api/tests/${TEST}/${viaData ? 'data' : 'sync'}/${CAMPAIGN}/${this.userId}`;
    const body = viaData ? { version, data: progress } : { version, status: 'incomplete', data: text };
    let status: number;
    let answer: string;
    try {
      const response = await fetch(url, { method: 'POST', headers: this.headers(true), body: JSON.stringify(body) });
      status = response.status;
      answer = await response.text();
    } catch {
      this.unanswered.add(version);
      return 'down';
    }
    if (status === 200) {
      const result = JSON.parse(answer) as { version: number; stored: boolean };
      if (result.stored && result.version === version) {
        this.acknowledged = version;
        this.acks += 1;
      } else if (!result.stored && result.version >= version) {
        this.claimed = Math.max(this.claimed, result.version);
      } else {
        this.problems.push(`${emailOf(this.index)} v${version}: answer ${answer}`);
      }
      return 'answered';
    }
    if (status === 401) {
      // The sign-in was acknowledged, so its session is an acknowledged write as well.
      this.problems.push(`${emailOf(this.index)} v${version}: session lost (401), signing in again`);
      await this.signIn().catch(() => undefined);
    } else {
      this.problems.push(`${emailOf(this.index)} v${version}: ${status} ${answer.slice(0, 300)}`);
    }
    return 'refused';
  }

  /** What the server holds now, read back through the API. */
  async read(): Promise<{ version: number; status: string; data: string | null }> {
    const response = await fetch(`${this.server.url}/api/tests/${TEST}/data/${CAMPAIGN}/${this.userId}`, { headers: this.headers(false) });
    const answer = await response.text();
    if (response.status !== 200) throw new Error(`${emailOf(this.index)}: reading the progress back answered ${response.status} ${answer}`);
    return (JSON.parse(answer) as { data: { version: number; status: string; data: string | null } }).data;
  }
}

let world: FaultWorld;
let server: ShippedServer;

beforeAll(async () => {
  world = await createFaultWorld();
  // Fails with "run npm run build" when there is no build.
  server = await ShippedServer.create({ databaseUrl: world.databaseUrl, dir: world.dir, dist: FAULT_DIST });
}, 60_000);

afterAll(async () => {
  await server?.kill();
  await world?.destroy();
});

describe(`kill -9 while clients save (${ROUNDS} rounds, ${CLIENTS} clients)`, () => {
  it(
    'loses no acknowledged save and mixes no data, across every restart',
    async () => {
      const started = Date.now();
      await importWithCli(world, bundle);
      await server.start();
      const clients = Array.from({ length: CLIENTS }, (_, i) => new Client(i, server));
      await Promise.all(clients.map(async (client) => (await client.signIn(), await client.open())));

      let saving = true;
      const totalAcks = () => clients.reduce((sum, c) => sum + c.acks, 0);
      const loops = clients.map(async (client) => {
        while (saving) {
          const outcome = await client.save();
          // Saved: the next change comes soon, some SAVES_PER_SECOND among all clients, so that the server
          // is busy but not swamped (however many clients). No answer or refused: the queue retries a little later.
          await sleep(outcome === 'answered' ? (Math.random() * 2 * CLIENTS * 1000) / SAVES_PER_SECOND : 100 + Math.random() * 200);
        }
      });

      const lost: string[] = [];
      const keptUnanswered = new Set<string>();
      let restarting = 0;
      /**
       * Reads every candidate's progress back (while the others keep saving): it holds at least the
       * newest version acknowledged before the read began, and exactly the data sent with the version it holds.
       */
      const check = async (when: string) => {
        await Promise.all(
          clients.map(async (client) => {
            const mustHold = Math.max(client.acknowledged, client.claimed);
            const held = await client.read();
            const who = `${when}, ${emailOf(client.index)}`;
            if (held.version < mustHold) lost.push(`${who}: the server holds v${held.version}, v${mustHold} was acknowledged`);
            if (held.version > 0 && held.data !== client.sent.get(held.version)) {
              lost.push(`${who}: v${held.version} holds ${String(held.data).slice(0, 100)}, not what was sent with v${held.version}`);
            }
            if (held.status !== 'incomplete') lost.push(`${who}: status ${held.status}, expected incomplete`);
            // Allowed, and worth counting: a save kept although the kill cut off its answer.
            if (client.unanswered.has(held.version)) keptUnanswered.add(`${client.index}:${held.version}`);
          }),
        );
      };

      try {
        for (let round = 1; round <= ROUNDS; round++) {
          // Kill at a random moment, but only once this run has taken saves: every kill lands under load.
          const before = totalAcks();
          const deadline = Date.now() + 20_000;
          while (totalAcks() < before + CLIENTS) {
            if (Date.now() > deadline)
              throw new Error(`round ${round}: fewer than ${CLIENTS} saves acknowledged within 20 s of the restart`);
            await sleep(5);
          }
          await sleep(Math.random() * 1000);
          const down = Date.now();
          await server.kill();
          await sleep(Math.random() * 100);
          await server.start();
          restarting += Date.now() - down;
          await check(`after kill ${round}`);
          if (round % 10 === 0) {
            const seconds = ((Date.now() - started) / 1000).toFixed(0);
            console.info(
              `kill-restart (${world.dialect}): ${round} of ${ROUNDS} kills, ${totalAcks()} saves acknowledged, ${lost.length} lost, ${seconds} s`,
            );
          }
        }
      } finally {
        saving = false;
        await Promise.all(loops);
      }

      // One more kill after the last acknowledged save, so that every one of them is read back from a
      // server that started after it was made.
      await server.kill();
      await server.start();
      await check('at the end');
      await server.stop();

      console.info(
        `kill-restart (${world.dialect}): ${ROUNDS} kills, ${CLIENTS} clients, ${totalAcks()} saves acknowledged of ` +
          `${clients.reduce((sum, c) => sum + c.version, 0)} sent, ${keptUnanswered.size} read back although the kill cut off their answer; ` +
          `${((Date.now() - started) / 1000).toFixed(1)} s, of which ${(restarting / 1000).toFixed(1)} s down and starting again`,
      );
      expect(lost, 'acknowledged saves lost or mixed').toEqual([]);
      expect(
        clients.flatMap((c) => c.problems),
        'answers other than 200 while the server was up',
      ).toEqual([]);
      expect(server.crashes, 'server runs that ended without being killed').toEqual([]);
      expect(server.errors(), 'errors in the server log').toEqual([]);
    },
    60_000 + ROUNDS * 15_000 + CLIENTS * 500,
  );
});

function countFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer (it is "${raw}")`);
  return value;
}
