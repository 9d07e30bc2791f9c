// The server under measure, in its own process so that the load generator does not share its event loop.
// Started by save-progress.ts and lighthouse.ts with BENCH_DATABASE_URL (and BENCH_WEB_ROOT, the built app
// to serve, by default apps/web/dist); reports its port over IPC and stops on 'stop'. With BENCH_PORT and
// BENCH_ACTIVITIES_PORT (lighthouse.ts, for the QTI player) it listens there and serves its activities origin too,
// as the shipped server does (src/server.ts): the players' build and the stored packages.
import { resolve } from 'node:path';
import { buildActivitiesApp, buildApp, loadEnv, openDatabase, createContentRepository } from '@prova/server/bench';

const url = process.env.BENCH_DATABASE_URL!;
const port = Number(process.env.BENCH_PORT ?? 0);
const activitiesPort = process.env.BENCH_ACTIVITIES_PORT ? Number(process.env.BENCH_ACTIVITIES_PORT) : undefined;
const database = await openDatabase(url, { poolMax: loadEnv(process.env).PG_POOL_MAX });
const env = loadEnv({
  DATABASE_URL: url,
  LOG_LEVEL: 'silent',
  DEMO: '0',
  PUBLIC_URL: port ? `http://127.0.0.1:${port}` : 'http://127.0.0.1',
  // The same host on another port: another origin, and the frame in the page's process, as on a phone's browser.
  ...(activitiesPort ? { ACTIVITIES_URL: `http://127.0.0.1:${activitiesPort}`, ACTIVITIES_PORT: String(activitiesPort) } : {}),
});
const app = await buildApp({ env, database, logger: false, webRoot: process.env.BENCH_WEB_ROOT || undefined });
const repoRoot = resolve(import.meta.dirname, '..');
const activities = activitiesPort
  ? await buildActivitiesApp({
      env,
      activitiesRoot: resolve(repoRoot, 'activities'),
      playersRoot: resolve(repoRoot, 'apps/players/dist'),
      sdkRoot: resolve(repoRoot, 'packages/activity-sdk/dist'),
      packages: createContentRepository(database.db),
      logger: false,
    })
  : undefined;
await activities?.listen({ port: activitiesPort, host: '127.0.0.1' });
await app.listen({ port, host: '127.0.0.1' });
process.send?.({ port: (app.server.address() as { port: number }).port });
process.on('message', async (message) => {
  if (message !== 'stop') return;
  await Promise.all([app.close(), activities?.close()]);
  await database.close();
  process.exit(0);
});
