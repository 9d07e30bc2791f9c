import { type Page, type Response, expect, test } from '@playwright/test';
import { seedPackageTest } from '../fixtures/content-bundle';
import type { Person } from '../fixtures/seed';
import { expectItem, handIn, serverScores, walkToLast } from '../fixtures/qti-player';
import { readResults } from '../fixtures/stored-results';
import { myUserId, signInAndOpenTest } from '../fixtures/test-page';

// Tests without code, end to end: packages written by hand as authoring tools export them, imported through
// the real importer from a bundle folder, taken in the room by a candidate, scored by the server (QTI) or
// reported by the course itself (SCORM).

/** Signs in and opens the one test from the room: its frame, and the person's user id. */
async function openTest(page: Page, person: Person, testId: number, name: string) {
  const frame = await signInAndOpenTest(page, person, testId, name);
  return { frame, userId: await myUserId(page) };
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

  const { frame: player, userId } = await openTest(page, person, testId, NAME);
  await expectItem(player, 1, 12);

  await player.locator('qti-simple-choice[identifier=C]').focus();
  await page.keyboard.press('Space');
  await expect
    .poll(async () => JSON.parse((await serverData(page, testId, campaignId, userId)).data ?? '{}').responses?.['choice-single'])
    .toEqual({ RESPONSE: 'C' });

  // Offline: the answer waits in the queue, and reaches the server once the connection is back.
  await player.getByRole('button', { name: 'Avanti' }).click();
  await expectItem(player, 2, 12);
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
  await walkToLast(player, 2, 12, [6]);
  await handIn(player);

  // Scored by the server from what it holds: C is right (1), P2 one of two right choices (1, counted twice by its weight).
  const scored = await serverScores(process.env.E2E_DATABASE_URL!, { campaignId, testId, userId });
  expect(scored['choice-single']).toBe(1);
  expect(scored['choice-multiple']).toBe(1);
  expect(scored.order).toBe(0);
  expect(scored.SCORE).toBe(3);
  expect(scored.PASSED).toBe(false);

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
  const { frame: player, userId } = await openTest(page, person, testId, NAME);
  const onItem = (n: number) => expectItem(player, n, 3);
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
  await handIn(player);

  expect(await serverScores(process.env.E2E_DATABASE_URL!, { campaignId, testId, userId })).toEqual({
    'item-1': 1,
    'item-2': 1,
    'item-3': 0.5,
    SCORE_TOTAL: 2.5,
  });
});

test('a SCORM 1.2 course imported from a folder: its SCO finds the API, resumes after a reload, and its own score completes the test', async ({
  page,
}) => {
  const NAME = 'Corso sulla sicurezza';
  const { person, testId, campaignId } = await seedPackageTest('scorm', 'scorm12-course', NAME);
  const { frame, userId } = await openTest(page, person, testId, NAME);
  const sco = frame.frameLocator('iframe[title="Office safety basics"]');
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
