import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { createThrowawayPostgres, type ThrowawayPostgres } from '@prova/test-support/throwaway-postgres';
import { freePort } from '@prova/test-support/free-ports';
import { type FixtureProcess, health, type OwnServer, startFixtureProcess, startOwnServer } from '../fixtures/own-server';
import { type Person, seedCampaignWithTests } from '../fixtures/seed';
import { signIn } from '../fixtures/sign-in';
import { countEntries, readResults } from '../fixtures/stored-results';
import { TcpLink } from '../fixtures/tcp-link';

// Fault run: the server's PostgreSQL database unreachable for OUTAGE_SECONDS (default 30). The server
// reaches it through a TCP link this spec cuts: open connections are destroyed, new ones refused. The
// candidate keeps working meanwhile; the page keeps the work queued, /api/health reports the outage and
// the server stays up. Once the link is back the server recovers by itself (no restart) and the queued
// work arrives: the last version, the outcomes once, every log entry once.

const OUTAGE_SECONDS = Number(process.env.OUTAGE_SECONDS ?? 30);
const VERSIONS = 120;
const LOGS = 12;
const PACE_MS = 50;
const NAME = 'Attività senza database';
const OUTCOMES = [
  { questionId: 1, value: 7 },
  { questionId: 2, value: 3 },
];

let postgres: ThrowawayPostgres;
let link: TcpLink;
let activity: FixtureProcess;
let server: OwnServer;
let publicUrl: string;
let seeded: { people: Person[]; campaignId: number; testIds: number[] };

test.beforeAll(async () => {
  const adminUrl = process.env.TEST_POSTGRES_URL;
  if (!adminUrl) {
    throw new Error(
      'database-outage.spec.ts needs a PostgreSQL server: set TEST_POSTGRES_URL to the URL of a role that may create databases ' +
        '(npm test does; locally: TEST_POSTGRES_URL=$(bash scripts/test-postgres.sh start /tmp/pgout 55435), ' +
        'then bash scripts/test-postgres.sh stop /tmp/pgout).',
    );
  }
  postgres = await createThrowawayPostgres(adminUrl);
  const { hostname, port } = new URL(postgres.url);
  link = await TcpLink.open(hostname, Number(port));
  const serverPort = await freePort();
  publicUrl = `http://localhost:${serverPort}`;
  activity = await startFixtureProcess(fileURLToPath(new URL('../fixtures/fault-activity/serve.mjs', import.meta.url)), [publicUrl]);
  // The importer creates the tables and the people straight on the database; the server goes through the link.
  seeded = seedCampaignWithTests([{ name: NAME, url: `${activity.origin}/?versions=${VERSIONS}&logs=${LOGS}&pace=${PACE_MS}` }], {
    databaseUrl: postgres.url,
    activityOrigins: activity.origin,
  });
  server = await startOwnServer({
    databaseUrl: link.through(postgres.url),
    port: serverPort,
    publicUrl,
    env: { ACTIVITY_ORIGINS: activity.origin },
  });
});

test.afterAll(async () => {
  await Promise.all([server?.stop(), activity?.stop()]);
  await link?.close();
  await postgres?.drop();
});

/** What the page holds in its sending queue (IndexedDB `prova`, store `sending-queue`: every tab's tasks and backup). */
async function heldWork(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ dataVersion: number; outcomes: unknown[]; entries: string[] }>((resolve, reject) => {
        const open = indexedDB.open('prova');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const store = open.result.transaction('sending-queue').objectStore('sending-queue');
          const keys = store.getAllKeys();
          const values = store.getAll();
          values.onsuccess = () => {
            const tasks = values.result.filter((_, i) => /^(tasks|backup):/.test(String(keys.result[i]))).flat() as Array<{
              type: string;
              version: number;
              data: unknown;
            }>;
            resolve({
              dataVersion: Math.max(0, ...tasks.filter((t) => t.type === 'DATA').map((t) => t.version)),
              outcomes: tasks.filter((t) => t.type === 'OUTCOMES').map((t) => t.data),
              entries: tasks
                .map((t) => (t.type === 'LOG' ? (t.data as { entry?: string }).entry : undefined))
                .filter((e) => e !== undefined),
            });
          };
        };
      }),
  );
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

test(`the database unreachable for ${OUTAGE_SECONDS} s: the page keeps the work, /api/health reports it, the server recovers by itself and the work arrives`, async ({
  page,
}) => {
  test.setTimeout(90_000 + OUTAGE_SECONDS * 1_000);
  const [testId] = seeded.testIds;
  await page.goto(`${publicUrl}/login`);
  await signIn(page, seeded.people[0]);
  const me = (await (await page.request.get(`${publicUrl}/api/auth/me`)).json()) as { user: { id: number } };
  const key = { campaignId: seeded.campaignId, testId, userId: me.user.id };
  await page.evaluate((id) => sessionStorage.setItem('prova.currentTest', JSON.stringify({ testId: id })), testId);
  await page.goto(`${publicUrl}/test`);
  const frame = page.frameLocator(`iframe[title="${NAME}"]`);
  const state = frame.getByRole('status');
  const saveStatus = page.getByRole('banner').getByRole('status');
  await expect(state).toHaveText('Pronta: versione 0');
  await expect(saveStatus).toHaveText('Salvato');

  // The candidate starts working; the database goes away in the middle of one of the server's queries.
  await frame.getByRole('button', { name: 'Inizia' }).click();
  await expect.poll(async () => Number(await frame.locator('#versions').textContent())).toBeGreaterThanOrEqual(VERSIONS / 6);
  await link.cutMidRequest();
  const cutAt = Date.now();
  await expect.poll(() => health(server)).toEqual({ status: 503, body: { status: false, database: 'unavailable' } });
  const before = (await readResults(postgres.url, key)).progress?.version ?? 0;
  expect(before, 'versions stored before the cut').toBeLessThan(VERSIONS);

  // The candidate keeps working: every call resolves, the page holds the work and says it is retrying.
  await expect(state).toHaveText(`Fatto: versioni da 1 a ${VERSIONS}, stato complete`, { timeout: 30_000 });
  await expect(saveStatus).toHaveText('Salvataggio non riuscito: nuovo tentativo in corso');
  const held = await heldWork(page);
  expect(held.dataVersion).toBe(VERSIONS);
  expect(held.outcomes).toEqual([OUTCOMES]);
  // Nothing more reached the database (read directly, past the link); each log entry is stored or held.
  const stored = await readResults(postgres.url, key);
  expect(stored.progress?.version ?? 0).toBe(before);
  expect(new Set([...held.entries, ...countEntries(stored.logs).keys()]).size, 'log entries stored or held').toBe(LOGS);

  // For the rest of the outage: the server stays up and keeps reporting it.
  while (Date.now() - cutAt < OUTAGE_SECONDS * 1_000) {
    expect(server.alive(), `the server exited during the outage:\n${server.output()}`).toBe(true);
    expect((await health(server)).status).toBe(503);
    await sleep(Math.min(1_000, OUTAGE_SECONDS * 1_000 - (Date.now() - cutAt)));
  }

  // The database is back: the same server process recovers by itself, and the queued work arrives.
  await link.restore();
  const restoredAt = Date.now();
  await expect.poll(() => health(server), { timeout: 15_000 }).toEqual({ status: 200, body: { status: true, database: 'ok' } });
  const recovered = Date.now() - restoredAt;
  await expect
    .poll(async () => (await readResults(postgres.url, key)).progress, { timeout: 60_000, intervals: [250] })
    .toEqual({ version: VERSIONS, status: 'complete', data: JSON.stringify({ n: VERSIONS, text: `versione ${VERSIONS} di ${VERSIONS}` }) });
  await expect.poll(async () => countEntries((await readResults(postgres.url, key)).logs).size, { timeout: 30_000 }).toBe(LOGS);
  await expect(saveStatus).toHaveText('Salvato', { timeout: 30_000 });
  console.log(
    `database-outage: ${OUTAGE_SECONDS} s outage; /api/health ok ${recovered} ms after the database came back, the work stored ${Date.now() - restoredAt} ms after`,
  );

  const results = await readResults(postgres.url, key);
  expect(results.outcomes).toEqual([OUTCOMES]);
  const entries = Object.fromEntries(countEntries(results.logs));
  expect(entries, 'each log entry stored exactly once').toEqual(
    Object.fromEntries(Array.from({ length: LOGS }, (_, i) => [`fault-entry-${i + 1}`, 1])),
  );
  expect(server.alive(), server.output()).toBe(true);
});
