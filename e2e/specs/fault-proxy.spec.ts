import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { freePort } from '@prova/test-support/free-ports';
import { type FixtureProcess, type OwnServer, startFixtureProcess, startOwnServer } from '../fixtures/own-server';
import { type Person, seedCampaignWithTests } from '../fixtures/seed';
import { signIn } from '../fixtures/sign-in';
import { countEntries, readResults } from '../fixtures/stored-results';

// Fault run: a bad network between Chromium and the server (fixtures/fault-proxy.mjs drops, delays,
// stalls and resets the sending queue's writes and answers bursts of 502/503) while an activity saves
// many versions, sends log entries and outcomes and completes. Afterwards the database must hold the
// last version, the outcomes once and every log entry once: no write acknowledged to the activity is
// lost (Jepsen's lost write), none applied twice. FAULT_VERSIONS sets the count (CI: 150; `npm run
// faults:browser`: 1000), FAULT_SEED the proxy's random sequence.

const VERSIONS = Number(process.env.FAULT_VERSIONS ?? 150);
const LOGS = Math.max(10, Math.round(VERSIONS / 10));
const PACE_MS = 20;
const SEED = Number(process.env.FAULT_SEED ?? 20260101);
const NAME = 'Attività sotto guasti';

let proxy: FixtureProcess;
let activity: FixtureProcess;
let server: OwnServer;
let databaseUrl: string;
let publicUrl: string;
let seeded: { people: Person[]; campaignId: number; testIds: number[] };

test.beforeAll(async () => {
  databaseUrl = `sqlite:${join(mkdtempSync(join(process.env.E2E_DATA_DIR!, 'fault-proxy-')), 'prova.db')}`;
  const serverPort = await freePort();
  proxy = await startFixtureProcess(fileURLToPath(new URL('../fixtures/fault-proxy.mjs', import.meta.url)), [
    String(serverPort),
    String(SEED),
  ]);
  // The browser knows the server by the proxy's address only: it is the server's PUBLIC_URL.
  publicUrl = `http://localhost:${proxy.port}`;
  activity = await startFixtureProcess(fileURLToPath(new URL('../fixtures/fault-activity/serve.mjs', import.meta.url)), [publicUrl]);
  const url = `${activity.origin}/?versions=${VERSIONS}&logs=${LOGS}&pace=${PACE_MS}`;
  // The activity's origin is the operator's to allow (ACTIVITY_ORIGINS): the importer and the server get the same list.
  seeded = seedCampaignWithTests([{ name: NAME, url, jsonData: { hasTimer: false } }], { databaseUrl, activityOrigins: activity.origin });
  server = await startOwnServer({ databaseUrl, port: serverPort, publicUrl, env: { ACTIVITY_ORIGINS: activity.origin } });
});

test.afterAll(async () => {
  await Promise.all([server?.stop(), proxy?.stop(), activity?.stop()]);
});

test(`${VERSIONS} saves through drops, delays, resets and 5xx bursts: the server ends on the last, outcomes and log entries once`, async ({
  page,
}) => {
  test.setTimeout(90_000 + VERSIONS * 120);
  const [testId] = seeded.testIds;
  const { campaignId } = seeded;

  await page.goto(`${publicUrl}/login`);
  await signIn(page, seeded.people[0]);
  const me = (await (await page.request.get(`${publicUrl}/api/auth/me`)).json()) as { user: { id: number } };
  const userId = me.user.id;
  await page.evaluate((id) => sessionStorage.setItem('prova.currentTest', JSON.stringify({ testId: id })), testId);
  await page.goto(`${publicUrl}/test`);

  const frame = page.frameLocator(`iframe[title="${NAME}"]`);
  const state = frame.getByRole('status');
  await expect(state).toHaveText('Pronta: versione 0');
  await frame.getByRole('button', { name: 'Inizia' }).click();
  const startedAt = Date.now();
  // Every call resolved: the platform holds the work (its queue), whatever the network does.
  await expect(state).toHaveText(`Fatto: versioni da 1 a ${VERSIONS}, stato complete`, { timeout: 30_000 + VERSIONS * 60 });
  await expect(frame.locator('#logs')).toHaveText(String(LOGS));
  const doneAt = Date.now();

  // The queue delivers it all through the faults: the database, read directly, ends on the last version.
  const key = { campaignId, testId, userId };
  await expect
    .poll(async () => (await readResults(databaseUrl, key)).progress, { timeout: 60_000, intervals: [250] })
    .toEqual({ version: VERSIONS, status: 'complete', data: JSON.stringify({ n: VERSIONS, text: `versione ${VERSIONS} di ${VERSIONS}` }) });
  await expect.poll(async () => countEntries((await readResults(databaseUrl, key)).logs).size, { timeout: 60_000 }).toBe(LOGS);
  // Nothing left in the page (no task waiting, retrying or set aside), nor on the way (a stalled write).
  await expect(page.getByRole('banner').getByRole('status')).toHaveText('Salvato', { timeout: 60_000 });
  const faultCounts = async () => (await (await fetch(`${publicUrl}/__faults`)).json()) as Record<string, number>;
  await expect.poll(async () => (await faultCounts()).inFlight, { timeout: 15_000 }).toBe(0);
  const deliveredAt = Date.now();

  const results = await readResults(databaseUrl, key);
  expect(results.outcomes).toEqual([
    [
      { questionId: 1, value: 7 },
      { questionId: 2, value: 3 },
    ],
  ]);
  const entries = countEntries(results.logs);
  const expected = new Map(Array.from({ length: LOGS }, (_, i) => [`fault-entry-${i + 1}`, 1]));
  expect(Object.fromEntries(entries), 'each log entry stored exactly once').toEqual(Object.fromEntries(expected));

  // The run met every kind of fault.
  const faults = await faultCounts();
  console.log(
    `fault-proxy (seed ${SEED}, ${VERSIONS} versions, ${LOGS} log entries): activity done in ${doneAt - startedAt} ms, ` +
      `all stored ${deliveredAt - doneAt} ms later; faults ${JSON.stringify(faults)}`,
  );
  for (const kind of ['drop', 'delay', 'stall', 'reset', 'burst']) expect(faults[kind], `${kind} faults injected`).toBeGreaterThan(0);
  expect(server.alive(), server.output()).toBe(true);
});
