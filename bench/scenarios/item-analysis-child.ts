import { loadEnv, buildApp, openDatabase, createRepositories, itemAnalysis } from '@prova/server/bench';
import {
  ANALYSIS_ADMIN,
  ANALYSIS_CAMPAIGN,
  ANALYSIS_PASSWORD,
  ANALYSIS_SMALL_CAMPAIGN,
  ANALYSIS_TEST,
  type AnalysisRun,
} from './item-analysis';

// The item analysis scenario's measuring process (item-analysis.ts): `node --import tsx --expose-gc item-analysis-child.ts
// <database url>`, over a database item-analysis.ts seeded. Prints one line of JSON. Memory is sampled after every
// page the repository answers (the analysis itself is unchanged: only the repository object it is given counts pages).

const url = process.argv[2]!;
const MB = 1024 * 1024;
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

const database = await openDatabase(url);
const repos = createRepositories(database.db);
const { companyId } = await database.db
  .selectFrom('users')
  .select('company_id as companyId')
  .where('email', '=', ANALYSIS_ADMIN)
  .executeTakeFirstOrThrow();

let peak = { rss: 0, heap: 0 };
let pages = 0;
/** Collected after each page: the peak is then what the analysis holds, not the garbage not yet collected. */
let live = false;
const sample = () => {
  const m = process.memoryUsage();
  peak = { rss: Math.max(peak.rss, m.rss), heap: Math.max(peak.heap, m.heapUsed) };
};
const counted = repos.staff.itemAnalysis;
const measured = {
  staff: {
    ...repos.staff,
    itemAnalysis: {
      ...counted,
      async completedAttempts(...args: Parameters<typeof counted.completedAttempts>) {
        const page = await counted.completedAttempts(...args);
        pages++;
        if (live) gc();
        sample();
        return page;
      },
    },
  },
};

async function run(campaignId: number, collecting = false): Promise<AnalysisRun> {
  live = collecting;
  gc();
  const before = process.memoryUsage();
  peak = { rss: before.rss, heap: before.heapUsed };
  pages = 0;
  const started = performance.now();
  const cpu = process.cpuUsage();
  const result = await itemAnalysis(measured, { companyId: Number(companyId), testId: ANALYSIS_TEST, campaignIds: [campaignId] });
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  if (live) gc();
  sample();
  return {
    attempts: result.n,
    ms,
    cpuMs: (used.user + used.system) / 1000,
    rssGrowthMb: (peak.rss - before.rss) / MB,
    heapGrowthMb: (peak.heap - before.heapUsed) / MB,
    rssPeakMb: peak.rss / MB,
    pages,
  };
}

// Warm-up on the small campaign (the JIT, the statements, the package's models): not reported.
await run(ANALYSIS_SMALL_CAMPAIGN);
const small = await run(ANALYSIS_SMALL_CAMPAIGN);
const big = await run(ANALYSIS_CAMPAIGN);
const liveSmall = await run(ANALYSIS_SMALL_CAMPAIGN, true);
const liveBig = await run(ANALYSIS_CAMPAIGN, true);

const app = await buildApp({
  env: loadEnv({ PUBLIC_URL: 'http://localhost:3000', LOG_LEVEL: 'silent', DEMO: '0', SWEEP_INTERVAL_MS: '0', DATABASE_URL: url }),
  database,
  logger: false,
});
await app.ready();
const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { username: ANALYSIS_ADMIN, password: ANALYSIS_PASSWORD },
});
const cookie = login.cookies.find((c) => c.name === 'prova_session');
if (!cookie) throw new Error(`sign-in failed: ${login.statusCode} ${login.body}`);
const started = performance.now();
const answer = await app.inject({
  url: `/api/staff/tests/${ANALYSIS_TEST}/analysis?campaigns=${ANALYSIS_CAMPAIGN}`,
  headers: { cookie: `prova_session=${cookie.value}` },
});
const http = {
  ms: performance.now() - started,
  status: answer.statusCode,
  n: answer.statusCode === 200 ? (answer.json() as { n: number }).n : 0,
};
await app.close();
await database.close();
console.log(JSON.stringify({ small, big, live: { small: liveSmall.heapGrowthMb, big: liveBig.heapGrowthMb }, http }));
