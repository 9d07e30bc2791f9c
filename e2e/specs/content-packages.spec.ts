import { type Page, type Response, expect, test } from '@playwright/test';
import { seedPackageTest } from '../fixtures/content-bundle';
import type { Person } from '../fixtures/seed';
import { signIn } from '../fixtures/sign-in';
import { readResults } from '../fixtures/stored-results';

// Tests without code, end to end: packages written by hand as authoring tools export them, imported through
// the real importer from a bundle folder, taken in the room by a candidate, scored by the server (QTI) or
// reported by the course itself (SCORM).

/** Signs in and opens the one test from the room; answers the person's user id. */
async function openTest(page: Page, person: Person, testId: number, name: string): Promise<number> {
  await page.goto('/login');
  await signIn(page, person);
  await expect(page).toHaveURL(/\/$/);
  const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { id: number } };
  await page.evaluate((id) => sessionStorage.setItem('prova.currentTest', JSON.stringify({ testId: id })), testId);
  await page.goto('/test');
  await expect(page.locator(`iframe[title="${name}"]`)).toBeVisible();
  return me.user.id;
}

/** What the server holds of the person's progress in the test (through the candidate's own API). */
const serverData = async (page: Page, testId: number, campaignId: number, userId: number) =>
  (await (await page.request.get(`/api/tests/${testId}/data/${campaignId}/${userId}`)).json()).data as {
    status: string;
    data: string;
  };

test('a QTI bank imported from a folder: answered in the player, kept offline, resumed after a reload, scored by the server, no key ever sent', async ({
  page,
  context,
}) => {
  const NAME = 'Banca di domande';
  const { person, testId, campaignId } = await seedPackageTest('qti', 'qti-all-interactions', NAME);

  // Every answer the browser gets, the player's frame and its package's files included.
  const received: { url: string; body: string }[] = [];
  const bodies: Promise<void>[] = [];
  page.on('response', (response: Response) => {
    bodies.push(
      response.text().then(
        (body) => void received.push({ url: response.url(), body }),
        () => undefined,
      ),
    );
  });

  const userId = await openTest(page, person, testId, NAME);
  const player = page.frameLocator(`iframe[title="${NAME}"]`);
  await expect(player.locator('#qp-heading')).toHaveText('Domanda 1 di 12');
  await expect(player.locator('.qp-item[data-ready]')).toBeVisible();

  await player.locator('qti-simple-choice[identifier=C]').focus();
  await page.keyboard.press('Space');
  await expect
    .poll(async () => JSON.parse((await serverData(page, testId, campaignId, userId)).data ?? '{}').responses?.['choice-single'])
    .toEqual({ RESPONSE: 'C' });

  // Offline: the answer waits in the queue, and reaches the server once the connection is back.
  await player.getByRole('button', { name: 'Avanti' }).click();
  await expect(player.locator('#qp-heading')).toHaveText('Domanda 2 di 12');
  await expect(player.locator('.qp-item[data-ready]')).toBeVisible();
  await context.setOffline(true);
  await player.locator('qti-simple-choice[identifier=P2]').focus();
  await page.keyboard.press('Space');
  await expect(page.getByText(/^Sei offline: \d+ modific/)).toBeVisible();
  await context.setOffline(false);
  await expect
    .poll(async () => JSON.parse((await serverData(page, testId, campaignId, userId)).data ?? '{}').responses?.['choice-multiple'], {
      timeout: 30_000,
    })
    .toEqual({ RESPONSE: ['P2'] });

  // A reload resumes at the same item with its answer.
  await page.reload();
  await expect(player.locator('#qp-heading')).toHaveText('Domanda 2 di 12');
  await expect(player.locator('qti-simple-choice[identifier=P2]')).toHaveAttribute('aria-checked', 'true');

  // To the end of the first part, on into the second, then hand in.
  for (let n = 3; n <= 6; n++) {
    await player.getByRole('button', { name: 'Avanti' }).click();
    await expect(player.locator('#qp-heading')).toHaveText(`Domanda ${n} di 12`);
  }
  await player.getByRole('button', { name: 'Avanti' }).click();
  await player.getByRole('button', { name: 'Sì, vai avanti' }).click();
  for (let n = 7; n <= 12; n++) {
    await expect(player.locator('#qp-heading')).toHaveText(`Domanda ${n} di 12`);
    if (n < 12) await player.getByRole('button', { name: 'Avanti' }).click();
  }
  await player.getByRole('button', { name: 'Consegna' }).click();
  await player.getByRole('button', { name: 'Sì, consegna' }).click();
  await expect(player.getByText('Risposte consegnate. Grazie!')).toBeVisible();

  // Scored by the server from what it holds: C is right (1), P2 one of two right choices (1, counted twice by its weight).
  const key = { campaignId, testId, userId, source: 'server' as const };
  await expect.poll(async () => (await readResults(process.env.E2E_DATABASE_URL!, key)).outcomes.length, { timeout: 20_000 }).toBe(1);
  const [scored] = (await readResults(process.env.E2E_DATABASE_URL!, key)).outcomes as Array<Array<{ questionId: string; value: unknown }>>;
  const value = (id: string) => scored.find((o) => o.questionId === id)?.value;
  expect(value('choice-single')).toBe(1);
  expect(value('choice-multiple')).toBe(1);
  expect(value('order')).toBe(0);
  expect(value('SCORE')).toBe(3);
  expect(value('PASSED')).toBe(false);

  // Nothing that scores ever reached the browser: no key, mapping, rule or feedback in any answer it got.
  await Promise.all(bodies);
  const items = received.filter((r) => r.url.includes('/packages/'));
  expect(items.some((r) => r.url.endsWith('/delivery.json'))).toBe(true);
  expect(items.some((r) => r.body.includes('qti-choice-interaction'))).toBe(true);
  // The API's answers and the package's files (the player's own scripts are the renderer's code, not content).
  for (const { url, body } of received.filter((r) => r.url.includes('/packages/') || r.url.includes('/api/'))) {
    for (const secret of [
      'qti-correct-response',
      'qti-mapping',
      'qti-area-mapping',
      'qti-response-processing',
      'qti-outcome-processing',
      'rptemplates',
      'qti-modal-feedback',
      'qti-weight',
    ])
      expect(body, `${url} holds ${secret}`).not.toContain(secret);
  }
});

test('a QTI 2.1 bank as TAO exports it, converted at import: taken in the player, its typed answer trimmed, scored by the server', async ({
  page,
}) => {
  const NAME = 'Cultura generale';
  const { person, testId, campaignId } = await seedPackageTest('qti', 'qti21-basic', NAME);
  const userId = await openTest(page, person, testId, NAME);
  const player = page.frameLocator(`iframe[title="${NAME}"]`);
  const onItem = async (n: number) => {
    await expect(player.locator('#qp-heading')).toHaveText(`Domanda ${n} di 3`);
    await expect(player.locator('.qp-item[data-ready]')).toBeVisible();
  };
  const held = async () => JSON.parse((await serverData(page, testId, campaignId, userId)).data ?? '{}').responses ?? {};

  // A linear part: forward only, with the test's own time limit (900 s).
  await onItem(1);
  await expect(player.getByRole('button', { name: 'Indietro' })).toHaveCount(0);
  await expect(player.locator('.pk-timer')).toHaveText(/Tempo rimasto: (15:00|14:5\d)/);
  await player.getByText('Green').click();
  await expect.poll(async () => (await held())['item-1']).toEqual({ RESPONSE: 'choice_2' });
  await player.getByRole('button', { name: 'Avanti' }).click();

  // Typed with spaces around and in capitals: the mapping is case-insensitive, and the server trims.
  await onItem(2);
  await player.getByRole('textbox', { name: 'Risposta' }).focus();
  await page.keyboard.type('  One Hundred ');
  await expect.poll(async () => (await held())['item-2']).toEqual({ RESPONSE: '  One Hundred ' });
  await player.getByRole('button', { name: 'Avanti' }).click();

  // Shuffled in 2.1 (shuffle="true"): every choice is there, and Asia alone is half the points.
  await onItem(3);
  await expect(player.locator('qti-simple-choice')).toHaveCount(3);
  await player.getByText('Asia').click();
  await expect.poll(async () => (await held())['item-3']).toEqual({ RESPONSE: ['choice_asia'] });
  await player.getByRole('button', { name: 'Consegna' }).click();
  await player.getByRole('button', { name: 'Sì, consegna' }).click();
  await expect(player.getByText('Risposte consegnate. Grazie!')).toBeVisible();

  const key = { campaignId, testId, userId, source: 'server' as const };
  await expect.poll(async () => (await readResults(process.env.E2E_DATABASE_URL!, key)).outcomes.length, { timeout: 20_000 }).toBe(1);
  const [scored] = (await readResults(process.env.E2E_DATABASE_URL!, key)).outcomes;
  expect(scored).toEqual([
    { questionId: 'item-1', value: 1 },
    { questionId: 'item-2', value: 1 },
    { questionId: 'item-3', value: 0.5 },
    { questionId: 'SCORE_TOTAL', value: 2.5 },
  ]);
});

test('a SCORM 1.2 course imported from a folder: its SCO finds the API, resumes after a reload, and its own score completes the test', async ({
  page,
}) => {
  const NAME = 'Corso sulla sicurezza';
  const { person, testId, campaignId } = await seedPackageTest('scorm', 'scorm12-course', NAME);
  const userId = await openTest(page, person, testId, NAME);
  const sco = page.frameLocator(`iframe[title="${NAME}"]`).frameLocator('iframe[title="Office safety basics"]');
  await sco.getByRole('button', { name: 'Start' }).click();
  await sco.getByLabel('Leave by the nearest exit').check();
  // The SCO never committed: its writes are saved all the same, through the room's queue.
  await expect
    .poll(async () => JSON.parse((await serverData(page, testId, campaignId, userId)).data ?? '{}').cmi?.suspend_data)
    .toBe('answer=exit');

  await page.reload();
  await expect(sco.getByLabel('Leave by the nearest exit')).toBeChecked();
  await sco.getByRole('button', { name: 'Check my answer' }).click();
  await expect(sco.getByText('Correct: you passed.')).toBeVisible();

  const key = { campaignId, testId, userId, source: 'content' as const };
  await expect
    .poll(async () => (await readResults(process.env.E2E_DATABASE_URL!, key)).outcomes)
    .toEqual([
      [
        { questionId: 'score.raw', value: 100 },
        { questionId: 'score.min', value: 0 },
        { questionId: 'score.max', value: 100 },
        { questionId: 'q_fire_alarm', value: 'correct' },
      ],
    ]);
  expect((await serverData(page, testId, campaignId, userId)).status).toBe('complete');

  // LMSFinish: back in the room, the test complete.
  await sco.getByRole('button', { name: 'Exit' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: new RegExp(`^${NAME} `) })).toHaveAccessibleName(`${NAME} Completata`);
});
