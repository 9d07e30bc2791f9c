import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { E2E_PORTS } from '../fixtures/ports';
import { contentFixture, filesOf, zipOf } from '@prova/test-support/content-files';

// The SCORM player (apps/players/scorm, built) in the SDK's stand-alone host, a process of its own with
// the two hand-written courses served as the activities origin serves a package: its files and its
// delivery.json under /packages/<hash>/. The SCOs are plain JavaScript that find the API as authoring
// tools' wrappers do. What the host received is read from its store (the mock page's localStorage).
// The import and the room are another spec's: here the player meets real SCOs and a real host.

test.describe.configure({ mode: 'default' });

const root = resolve(import.meta.dirname, '../..');
const hostPort = E2E_PORTS.mockHost;
const hostUrl = `http://localhost:${hostPort}/`;
const STORE = 'prova-mock:dist';
const BROKEN = 'b'.repeat(64);

interface Store {
  progress: Record<
    string,
    { status: string; data: { scorm: number; version: string; cmi: Record<string, unknown> } | null; version: number }
  >;
  outcomes: Record<string, Array<{ questionId: string; value: unknown }>>;
  startedAt?: Record<string, string>;
}

let packagesDir: string;
const hashes: Record<'1.2' | '2004', string> = { '1.2': '', '2004': '' };
let host: ChildProcess | undefined;

test.beforeAll(async () => {
  packagesDir = mkdtempSync(join(tmpdir(), 'prova-scorm-'));
  const courses = [
    { version: '1.2', folder: 'scorm12-course', title: 'Office safety basics' },
    { version: '2004', folder: 'scorm2004-course', title: 'Fire safety at work' },
  ] as const;
  for (const { version, folder, title } of courses) {
    const hash = createHash('sha256')
      .update(await zipOf(filesOf(contentFixture(folder))))
      .digest('hex');
    hashes[version] = hash;
    cpSync(contentFixture(folder), join(packagesDir, hash), { recursive: true });
    writeFileSync(join(packagesDir, hash, 'delivery.json'), JSON.stringify({ kind: 'scorm', version, launch: 'index.html', title }));
  }
  // A package whose launch page is not among its files.
  mkdirSync(join(packagesDir, BROKEN));
  writeFileSync(
    join(packagesDir, BROKEN, 'delivery.json'),
    JSON.stringify({ kind: 'scorm', version: '2004', launch: 'start.html', title: 'Broken' }),
  );
});

test.afterAll(() => rmSync(packagesDir, { recursive: true, force: true }));

test.afterEach(async () => {
  if (!host || host.exitCode !== null) return;
  host.kill();
  await once(host, 'exit');
});

/** Starts the mock host framing the player with the package (or `query`), and opens it. */
async function openPlayer(page: Page, query: string, config: Record<string, unknown> = {}, store?: () => Partial<Store>) {
  const configFile = join(packagesDir, 'mock.json');
  writeFileSync(configFile, JSON.stringify({ ...config, path: `scorm/${query}`, mount: { '/packages/': packagesDir } }));
  host = spawn(
    'node',
    [join(root, 'packages/activity-sdk/mock/serve.mjs'), join(root, 'apps/players/dist'), String(hostPort), '--config', configFile],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await once(host.stdout!, 'data');
  if (store) {
    await page.goto(`${hostUrl}prova-mock-host.js`);
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [STORE, JSON.stringify(store())] as const);
  }
  await page.goto(hostUrl);
  return page.frameLocator('#frame');
}

const readStore = (page: Page) =>
  page.evaluate((key) => ({ progress: {}, outcomes: {}, ...JSON.parse(localStorage.getItem(key) ?? '{}') }) as Store, STORE);
const reloadActivity = (page: Page) => page.getByRole('button', { name: 'Reload activity' }).click();

test('SCORM 1.2: a SCO that never commits nor finishes keeps its place, resumes there, and its status completes the test with its score and interaction', async ({
  page,
}) => {
  const player = await openPlayer(page, `?package=${hashes['1.2']}`);
  const sco = player.frameLocator('iframe[title="Office safety basics"]');
  await sco.getByRole('button', { name: 'Start' }).click();
  await sco.getByLabel('Leave by the nearest exit').check();

  // No LMSCommit yet: the writes are saved after a short pause all the same.
  await expect
    .poll(async () => (await readStore(page)).progress[1]?.data?.cmi)
    .toMatchObject({ suspend_data: 'answer=exit', core: { lesson_location: '1', lesson_status: 'incomplete' } });
  expect((await readStore(page)).progress[1]).toMatchObject({ status: 'not attempted', data: { scorm: 1, version: '1.2' } });

  // The page goes away without LMSFinish; the next visit resumes on the question with the answer given.
  await reloadActivity(page);
  await expect(sco.getByRole('heading', { name: 'Question' })).toBeVisible();
  await expect(sco.getByLabel('Leave by the nearest exit')).toBeChecked();

  await sco.getByRole('button', { name: 'Check my answer' }).click();
  await expect(sco.getByText('Correct: you passed.')).toBeVisible();
  await expect.poll(async () => (await readStore(page)).progress[1]?.status).toBe('complete');
  const store = await readStore(page);
  expect(store.outcomes[1]).toEqual([
    { questionId: 'score.raw', value: 100 },
    { questionId: 'score.min', value: 0 },
    { questionId: 'score.max', value: 100 },
    { questionId: 'q_fire_alarm', value: 'correct' },
  ]);
  expect(store.progress[1]?.data?.cmi).toMatchObject({ core: { lesson_status: 'passed', student_id: '1' } });

  // LMSFinish returns to the room (the mock host empties its frame).
  await sco.getByRole('button', { name: 'Exit' }).click();
  await expect(page.getByText('exit: the platform would return to the room now')).toBeVisible();
});

test('SCORM 2004: every page is committed, a reload resumes on the page with the answers, completion gives the score and interactions, Terminate returns to the room', async ({
  page,
}) => {
  const player = await openPlayer(page, `?package=${hashes['2004']}`, { session: { lang: 'EN_en' } });
  await expect(player.locator('iframe')).toHaveAttribute('title', 'Fire safety at work');
  const sco = player.frameLocator('iframe[title="Fire safety at work"]');
  await expect(sco.getByRole('heading', { name: 'Fire safety at work' })).toBeVisible();
  await scanCourse(page, 'the first page');

  // Keyboard only: Next, then the question's options with the arrow keys.
  await sco.getByRole('button', { name: 'Next' }).press('Enter');
  await expect(sco.getByRole('heading', { name: 'Before an emergency' })).toBeFocused();
  await sco.getByRole('button', { name: 'Next' }).press('Enter');
  await expect(sco.getByRole('heading', { name: 'Question 1' })).toBeFocused();
  await sco.getByLabel('Save my work and finish what I was doing').focus();
  await page.keyboard.press('ArrowDown');
  await expect(sco.getByLabel('Leave by the nearest marked exit')).toBeChecked();
  await scanCourse(page, 'a question');
  await sco.getByRole('button', { name: 'Next' }).press('Enter');
  await expect(sco.getByRole('heading', { name: 'Question 2' })).toBeVisible();
  await expect
    .poll(async () => (await readStore(page)).progress[1]?.data?.cmi)
    .toMatchObject({ location: '3', interactions: { 0: { id: 'q_alarm', learner_response: 'b', result: 'correct' } } });

  await reloadActivity(page);
  await expect(sco.getByRole('heading', { name: 'Question 2' })).toBeVisible();
  await sco.getByRole('button', { name: 'Previous' }).click();
  await expect(sco.getByLabel('Leave by the nearest marked exit')).toBeChecked();
  await sco.getByRole('button', { name: 'Next' }).click();
  await sco.getByLabel('True').check();
  await sco.getByRole('button', { name: 'Next' }).click();
  await expect(sco.getByText('You answered 1 of 2 questions correctly.')).toBeVisible();

  await expect.poll(async () => (await readStore(page)).progress[1]?.status).toBe('complete');
  const store = await readStore(page);
  expect(store.outcomes[1]).toEqual([
    { questionId: 'score.raw', value: 1 },
    { questionId: 'score.min', value: 0 },
    { questionId: 'score.max', value: 2 },
    { questionId: 'score.scaled', value: 0.5 },
    { questionId: 'q_alarm', value: 'correct' },
    { questionId: 'q_lift', value: 'incorrect' },
  ]);
  expect(store.progress[1]?.data?.cmi).toMatchObject({ completion_status: 'completed', success_status: 'passed', learner_id: '1' });

  await sco.getByRole('button', { name: 'Finish course' }).click();
  await expect(page.getByText('exit: the platform would return to the room now')).toBeVisible();

  // A later visit to the finished test: read-only, and said so.
  await reloadActivity(page);
  await expect(player.getByRole('status')).toHaveText('You have completed this course. Your answers have already been recorded.');
  await expect(player.locator('iframe')).toHaveCount(0);
});

test('a timed course shows the time left and, at zero, hands in what the SCO has written', async ({ page }) => {
  // The clock started 50 s ago on a one-minute test: a few seconds are left.
  const player = await openPlayer(page, `?package=${hashes['2004']}`, { timeLimitMinutes: 1 }, () => ({
    startedAt: { 1: new Date(Date.now() - 50_000).toISOString() },
  }));
  await expect(player.getByText(/Tempo rimasto/)).toBeVisible();
  const sco = player.frameLocator('iframe[title="Fire safety at work"]');
  await sco.getByRole('button', { name: 'Next' }).click();
  await expect(player.getByText('Tempo scaduto: il corso è stato consegnato con quello che hai fatto finora.')).toBeVisible({
    timeout: 20_000,
  });
  const store = await readStore(page);
  expect(store.progress[1]).toMatchObject({ status: 'complete', data: { cmi: { location: '1' } } });
});

test('without a package, with one the origin does not have, or whose SCO is missing, the player says so in the session language', async ({
  page,
}) => {
  let player = await openPlayer(page, '');
  await expect(player.getByRole('alert')).toHaveText('Questo test non indica quale corso aprire. Avvisa chi organizza la valutazione.');
  host!.kill();
  await once(host!, 'exit');
  player = await openPlayer(page, `?package=${'0'.repeat(64)}`, { session: { lang: 'ES_es' } });
  await expect(player.getByRole('alert')).toHaveText('El curso de esta prueba no está disponible. Avisa a quien organiza la evaluación.');
  host!.kill();
  await once(host!, 'exit');
  player = await openPlayer(page, `?package=${BROKEN}`, { session: { lang: 'EN_en' } });
  await expect(player.getByRole('alert')).toHaveText(
    'The course did not load. Try again later; if it happens again, tell the people running the assessment.',
  );
});

/** The course as a candidate sees it, scanned inside the frames (the mock host's own page is not ours). */
async function scanCourse(page: Page, what: string) {
  const results = await new AxeBuilder({ page })
    .include('#frame')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const bad = results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, `accessibility of ${what}`).toEqual([]);
}
