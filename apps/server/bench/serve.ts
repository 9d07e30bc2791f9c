// The server under measure, in its own process so that the load generator does not share its event loop.
// Started by save-progress.ts and lighthouse.ts with BENCH_DATABASE_URL (and BENCH_WEB_ROOT, the built app
// to serve, by default apps/web/dist); reports its port over IPC and stops on 'stop'.
import { buildApp } from '../src/app';
import { loadEnv } from '../src/config/env';
import { openDatabase } from '../src/db/database';

const url = process.env.BENCH_DATABASE_URL!;
const database = await openDatabase(url, { poolMax: loadEnv(process.env).PG_POOL_MAX });
const env = loadEnv({ DATABASE_URL: url, LOG_LEVEL: 'silent', DEMO: '0', PUBLIC_URL: 'http://127.0.0.1' });
const app = await buildApp({ env, database, logger: false, webRoot: process.env.BENCH_WEB_ROOT || undefined });
await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ port: (app.server.address() as { port: number }).port });
process.on('message', async (message) => {
  if (message !== 'stop') return;
  await app.close();
  await database.close();
  process.exit(0);
});
