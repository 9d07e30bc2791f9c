import { resolve } from 'node:path';
import { demoDecision, type Env, loadEnv } from './config/env';
import { migrateToLatest, openDatabase } from './db/database';
import { buildActivitiesApp } from './activities-app';
import { buildApp } from './app';
import { createContentRepository } from './repositories/content-repository';
import { seedDemoIfEmpty } from './import/seed-demo';

let env: Env;
try {
  env = loadEnv();
} catch (error) {
  // A setting that would make the deployment unsafe or broken stops it here, with what to change.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const database = await openDatabase(env.DATABASE_URL, { poolMax: env.PG_POOL_MAX });
await migrateToLatest(database);
await database.warm();
const app = await buildApp({ env, database });
const repoRoot = resolve(import.meta.dirname, '../../..');
const activities = await buildActivitiesApp({
  env,
  activitiesRoot: resolve(repoRoot, 'activities'),
  playersRoot: resolve(repoRoot, 'apps/players/dist'),
  sdkRoot: resolve(repoRoot, 'packages/activity-sdk/dist'),
  packages: createContentRepository(database.db),
});
const demo = demoDecision(env);
if (demo.load) await seedDemoIfEmpty(database, app.log);
else if (demo.reason) app.log.warn(demo.reason);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await Promise.all([app.close(), activities.close()]);
    await database.close();
    process.exit(0);
  });
}

await activities.listen({ port: env.ACTIVITIES_PORT, host: env.HOST });
await app.listen({ port: env.PORT, host: env.HOST });
app.log.info(`Prova is running on ${env.PUBLIC_URL}, its activities on ${env.ACTIVITIES_URL}`);
