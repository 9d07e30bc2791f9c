import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { contentFixture, filesOf, zipOf } from '@prova/test-support/content-files';
import { expectAccessible } from '../fixtures/a11y';
import { startConsoleServer, type ConsoleServer } from '../fixtures/console-server';
import { PASSWORD, type Person } from '../fixtures/seed';
import { signIn } from '../fixtures/sign-in';
import { expectItem, handIn, qtiPlayer, serverScores, walkToLast } from '../fixtures/qti-player';

// A QTI bank brought in from the staff console, as a company would: a zip holding bundle.json and the bank
// (written to a file, as staff pick one), checked and shown as a plan, imported once confirmed; then a
// candidate of the company takes it in the room and the server scores it. A zip whose bank is broken shows
// each problem as `path: message` and writes nothing. The spec runs its own server (fixtures/console-server.ts).

const test = base.extend<object, { env: ConsoleServer }>({
  env: [
    async ({}, use) => {
      const env = await startConsoleServer();
      await use(env);
      await env.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ env }, use) => use(env.url),
});
test.describe.configure({ mode: 'default' });

const dir = mkdtempSync(join(tmpdir(), 'prova-console-zip-'));

/** The bundle zip, written to a file of its own as staff would have it on their disk. */
async function bundleFile(name: string, bundle: object, files: Record<string, Uint8Array>): Promise<string> {
  const zip = await zipOf(new Map<string, Uint8Array>([['bundle.json', Buffer.from(JSON.stringify(bundle))], ...Object.entries(files)]));
  const path = join(dir, name);
  writeFileSync(path, zip);
  return path;
}

/** The company's campaign of one QTI test, and one candidate of the company in it. */
function bankBundle(env: ConsoleServer, k: number, file: string) {
  const id = env.n * 10 + k;
  const person: Person = { email: `chiara.${id}@e2e.example`, password: PASSWORD, firstName: 'Chiara', lastName: `Banca${id}` };
  const test = { id: id + 1, abbreviation: `QB${id}`, name: `Banca di domande ${id}` };
  const campaign = { id, name: `Campagna QTI ${id}` };
  const bundle = {
    version: 2,
    companies: [{ name: env.company }],
    users: [{ company: env.company, ...person, privacy: true, lang: 'IT_it' }],
    tests: [{ ...test, package: { type: 'qti', file } }],
    campaigns: [
      {
        ...campaign,
        company: env.company,
        theme: 'dashboard',
        languages: ['IT_it'],
        dateStart: '2026-01-01T08:00:00+01:00',
        dateEnd: '2030-12-31T20:00:00+01:00',
        tests: [{ test: test.id }],
        participants: [{ user: person.email }],
      },
    ],
  };
  return { person, test, campaign, bundle };
}

async function openImport(page: Page, env: ConsoleServer) {
  await signIn(page, env.staff);
  await page.getByRole('navigation', { name: 'Sezioni della console' }).getByRole('link', { name: 'Importa un bundle' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Importa un bundle' })).toBeVisible();
}

async function upload(page: Page, path: string) {
  await page.getByLabel('File del bundle (.json o .zip)').setInputFiles(path);
  await page.getByRole('button', { name: 'Controlla il bundle' }).click();
}

test('a zip whose QTI bank is broken: every problem with its path, file and element, and nothing written', async ({ page, env }) => {
  const b = bankBundle(env, 1, 'banche/rotta.zip');
  const path = await bundleFile('rotta.zip', b.bundle, { 'banche/rotta.zip': await zipOf(filesOf(contentFixture('qti-broken'))) });
  await openImport(page, env);
  await upload(page, path);

  const report = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: /^Il bundle ha \d+ problemi$/ }) });
  await expect(report).toBeVisible({ timeout: 30_000 });
  await expect(report).toContainText('Non è stato scritto nulla');
  const where = 'tests[0].package.file: banche/rotta.zip: ';
  for (const problem of [
    `${where}test.xml: qti-assessment-item-ref "q2": no file "items/q2.xml" in the package`,
    `${where}items/q3.xml: line 6: not well-formed XML (Opening and ending tag mismatch: "p" != "qti-item-body")`,
    `${where}items/q7.xml: qti-text-entry-interaction: response-identifier "NOTE" has no qti-response-declaration`,
  ])
    await expect(report.getByRole('listitem').filter({ hasText: problem })).toBeVisible();
  await expect(page.getByRole('button', { name: "Conferma l'importazione" })).toHaveCount(0);
  await expectAccessible(page, 'console: zip import with a broken package');

  // Nothing of it was written: no campaign, no person, no test.
  const campaigns = (await (await page.request.get('/api/staff/campaigns')).json()) as { campaigns: Array<{ id: number }> };
  expect(campaigns.campaigns.map((c) => c.id)).not.toContain(b.campaign.id);
  expect((await (await page.request.get(`/api/people?q=${encodeURIComponent(b.person.email)}`)).json()).total).toBe(0);
});

test('a zip with a QTI bank: the plan, the import once confirmed, then a candidate takes it in the room and the server scores it', async ({
  page,
  env,
  browser,
}) => {
  test.setTimeout(180_000);
  const b = bankBundle(env, 3, 'banche/ragionamento.zip');
  const path = await bundleFile('banca.zip', b.bundle, {
    'banche/ragionamento.zip': await zipOf(filesOf(contentFixture('qti-all-interactions'))),
  });
  await openImport(page, env);
  await upload(page, path);

  const plan = page.getByRole('table', { name: 'Cosa verrà scritto' });
  await expect(plan.getByRole('row', { name: 'Persone 1 0' })).toBeVisible({ timeout: 30_000 });
  await expect(plan.getByRole('row', { name: 'Attività 1 0' })).toBeVisible();
  await expect(plan.getByRole('row', { name: 'Campagne 1 0' })).toBeVisible();
  await expectAccessible(page, 'console: zip import plan with a QTI bank');
  await page.getByRole('button', { name: "Conferma l'importazione" }).click();
  const done = page.getByRole('status').filter({ has: page.getByRole('heading', { name: 'Importazione completata' }) });
  await expect(done).toBeVisible({ timeout: 30_000 });
  await done.getByRole('link', { name: `Apri la campagna «${b.campaign.name}»` }).click();
  await expect(page.getByRole('heading', { level: 1, name: b.campaign.name })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Chiara' })).toContainText('Non iniziata');

  // The candidate, in a browser of their own: the bank is their test, in the platform's player.
  const context = await browser.newContext({ baseURL: env.url });
  const candidate = await context.newPage();
  await signIn(candidate, b.person);
  await expect(candidate).toHaveURL(/\/$/);
  const me = (await (await candidate.request.get('/api/auth/me')).json()) as { user: { id: number } };
  await candidate.getByRole('button', { name: new RegExp(`^${b.test.name} `) }).hover();
  await candidate.getByRole('region', { name: b.test.name }).getByRole('button', { name: 'Inizia', exact: true }).click();
  await expect(candidate).toHaveURL(/\/start$/);
  await candidate.getByRole('button', { name: 'Entra' }).click();
  const player = qtiPlayer(candidate, b.test.name);
  await expectItem(player, 1, 12, { timeout: 30_000 });
  await player.locator('qti-simple-choice[identifier=C]').focus();
  await candidate.keyboard.press('Space');
  // To the end of the first part, on into the second, then hand in.
  await walkToLast(player, 1, 12, [6]);
  await handIn(player);

  // Scored by the server from the response it holds: C is right, nothing else answered.
  const scored = await serverScores(env.databaseUrl, { campaignId: b.campaign.id, testId: b.test.id, userId: me.user.id });
  expect(scored['choice-single']).toBe(1);
  expect(scored.SCORE).toBe(1);
  await context.close();

  // Staff see it complete in the live progress.
  await expect(page.getByRole('row').filter({ hasText: 'Chiara' })).toContainText('Completata', { timeout: 20_000 });
});
