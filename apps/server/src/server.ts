import { demoDecision, loadEnv } from './config/env';
import { migrateToLatest, openDatabase } from './db/database';
import { buildApp } from './app';
import { seedDemoIfEmpty } from './import/seed-demo';

const env = loadEnv();
const database = await openDatabase(env.DATABASE_URL, { poolMax: env.PG_POOL_MAX });
await migrateToLatest(database);
const app = await buildApp({ env, database });
const demo = demoDecision(env);
if (demo.load) await seedDemoIfEmpty(database, app.log);
else if (demo.reason) app.log.warn(demo.reason);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  });
}

await app.listen({ port: env.PORT, host: env.HOST });
app.log.info(`Prova is running on ${env.PUBLIC_URL}`);
