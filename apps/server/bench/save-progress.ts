// Benchmark of the hottest path: candidates saving progress every few seconds.
// Prints throughput and latency of POST /api/tests/{t}/data/{c}/{u} over a real listening server.
// BENCH_DATABASE_URL picks the database (default: a fresh SQLite file); BENCH_SECONDS the duration.
// The server runs in a child process (serve.ts): the figures are its own, not shared with autocannon.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { migrateToLatest, openDatabase } from '../src/db/database';
import { importBundle } from '../src/import/import-bundle';
import { createSessionsRepository } from '../src/repositories/sessions-repository';
import { createUsersRepository } from '../src/repositories/users-repository';

const CANDIDATES = Number(process.env.BENCH_CANDIDATES ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const url = process.env.BENCH_DATABASE_URL ?? `sqlite:${join(mkdtempSync(join(tmpdir(), 'prova-bench-')), 'bench.db')}`;
const CAMPAIGN = 9100;
const TEST = 9101;

const database = await openDatabase(url);
await migrateToLatest(database);
const emails = Array.from({ length: CANDIDATES }, (_, i) => `bench.${i}@bench.example`);
const result = await importBundle(database, {
  version: 1,
  companies: [{ name: 'Bench S.p.A.' }],
  users: emails.map((email) => ({ company: 'Bench S.p.A.', email, password: 'Bench-2026!', privacy: true })),
  tests: [{ id: TEST, abbreviation: 'BENCH', name: 'Bench', url: '/activities/numerical/' }],
  campaigns: [
    {
      id: CAMPAIGN,
      company: 'Bench S.p.A.',
      name: 'Bench',
      dateStart: '2026-01-01T00:00:00Z',
      dateEnd: '2099-01-01T00:00:00Z',
      tests: [{ test: TEST }],
      participants: emails.map((user) => ({ user })),
    },
  ],
});
if (!result.ok) throw new Error(result.problems.join('\n'));

// Sessions are made directly: signing in (argon2, rate limits) is not part of the measure.
const users = createUsersRepository(database.db);
const sessionsRepo = createSessionsRepository(database.db);
const sessions: { cookie: string; userId: number; version: number }[] = [];
for (const email of emails) {
  const user = await users.findByEmail(email);
  if (!user) throw new Error(`${email} was not imported`);
  sessions.push({ cookie: `prova_session=${await sessionsRepo.create(user.id)}`, userId: user.id, version: 0 });
}
await database.close();

const server = fork(join(import.meta.dirname, 'serve.ts'), {
  execArgv: ['--import', 'tsx', ...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE] : [])],
  env: { ...process.env, BENCH_DATABASE_URL: url },
});
const [{ port }] = (await once(server, 'message')) as [{ port: number }];
const base = `http://127.0.0.1:${port}`;

let n = 0;
const payload = JSON.stringify({ answers: { q1: 'b', q2: 'd', q3: 'a' }, notes: 'x'.repeat(400) });
const run = await autocannon({
  url: base,
  connections: CONNECTIONS,
  duration: SECONDS,
  requests: [
    {
      method: 'POST',
      setupRequest: (req) => {
        const s = sessions[n++ % sessions.length];
        s.version += 1;
        return {
          ...req,
          path: `/api/tests/${TEST}/data/${CAMPAIGN}/${s.userId}`,
          headers: { 'content-type': 'application/json', cookie: s.cookie },
          body: JSON.stringify({ version: s.version, data: payload }),
        };
      },
    },
  ],
});

const dialect = url.startsWith('postgres') ? 'PostgreSQL' : 'SQLite';
console.log(`save progress (${dialect}, ${CANDIDATES} candidates, ${CONNECTIONS} connections, ${SECONDS} s)`);
console.log(`  requests/s  mean ${run.requests.average.toFixed(0)}  p50 ${run.requests.p50}`);
console.log(`  latency ms  p50 ${run.latency.p50}  p90 ${run.latency.p90}  p99 ${run.latency.p99}  max ${run.latency.max}`);
console.log(`  responses   2xx ${run['2xx']}  non-2xx ${run.non2xx}  errors ${run.errors}  timeouts ${run.timeouts}`);
server.send('stop');
await once(server, 'exit');
