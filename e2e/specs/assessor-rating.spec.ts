import { expect, test } from '@playwright/test';
import { authoredTestSchema } from '@prova/contract/authored-test';
import { writeAuthoredTest } from '@prova/qti/author';
import { zipOf } from '@prova/test-support/content-files';
import { expectAccessible, hasHorizontalScroll } from '../fixtures/a11y';
import { importBundleFolder } from '../fixtures/content-bundle';
import { personOf, uniqueId } from '../fixtures/seed';
import { signIn } from '../fixtures/sign-in';
import { expectItem, handIn } from '../fixtures/qti-player';
import { readResults } from '../fixtures/stored-results';
import { myUserId, openTest } from '../fixtures/test-page';

// An extended answer rated by an assessor, end to end: a test written as the console writes it (writeAuthoredTest),
// imported through the real importer; the candidate answers it in the QTI player and hands it in; the server scores
// the essay 0; the assessor assigned to her rates it in her home, and the score the server stores changes by the
// points given.

const TEST_NAME = 'Prova scritta';
const PROMPT = 'Racconta una decisione difficile presa al lavoro.';
const ESSAY = 'Ho chiuso <b>io</b> un reparto,\ne ho ricollocato le persone.';

async function seed() {
  const n = uniqueId();
  const company = `E2E Valutazioni scritte ${n}`;
  const person = (first: string, last: string) => personOf(n, first, last);
  const candidate = person('Chiara', 'Test');
  const assessor = person('Elena', 'Conti');
  const testId = n;
  const campaignId = n * 10;
  const authored = authoredTestSchema.parse({
    title: { IT_it: TEST_NAME },
    languages: ['IT_it'],
    navigation: 'nonlinear',
    sections: [
      {
        title: { IT_it: 'Domande' },
        items: [
          {
            kind: 'single-choice',
            id: 'capital',
            prompt: { IT_it: "Qual è la capitale d'Italia?" },
            options: [
              { id: 'rome', text: { IT_it: 'Roma' }, points: 2 },
              { id: 'milan', text: { IT_it: 'Milano' }, points: 0 },
            ],
          },
          { kind: 'extended-text', id: 'story', prompt: { IT_it: PROMPT }, points: 5 },
        ],
      },
    ],
  });
  const file = 'qti/written.zip';
  await importBundleFolder(
    {
      version: 2,
      companies: [{ name: company }],
      users: [
        { company, ...candidate, privacy: true },
        { company, ...assessor, role: 'Assessor', privacy: true },
      ],
      tests: [{ id: testId, abbreviation: `W${n}`, name: TEST_NAME, package: { type: 'qti', file } }],
      campaigns: [
        {
          id: campaignId,
          company,
          name: `Campagna ${n}`,
          theme: 'dashboard',
          languages: ['IT_it'],
          dateStart: '2026-01-01T08:00:00+01:00',
          dateEnd: '2030-12-31T20:00:00+01:00',
          tests: [{ test: testId }],
          participants: [{ user: candidate.email }, { user: assessor.email }],
          assessments: [{ assessor: assessor.email, assessed: [candidate.email], tests: [testId] }],
        },
      ],
    },
    { [file]: await zipOf(writeAuthoredTest(authored)) },
  );
  return { candidate, assessor, testId, campaignId };
}

test("a candidate's essay, handed in from the QTI player, rated by her assessor: the stored score changes by the points", async ({
  page,
  browser,
}) => {
  // Two people's browsers, the server's scoring and two accessibility scans on a shared machine.
  test.setTimeout(150_000);
  const { candidate, assessor, testId, campaignId } = await seed();

  // The candidate answers both items and hands the test in.
  await page.goto('/login');
  await signIn(page, candidate);
  await expect(page).toHaveURL(/\/$/);
  const userId = await myUserId(page);
  const player = await openTest(page, testId, TEST_NAME);
  await expectItem(player, 1, 2);
  await player.locator('qti-simple-choice[identifier=rome]').focus();
  await page.keyboard.press('Space');
  await player.getByRole('button', { name: 'Avanti' }).click();
  await expectItem(player, 2, 2);
  await player.getByRole('textbox', { name: PROMPT }).focus();
  await page.keyboard.type(ESSAY);
  await expect
    .poll(async () => {
      const { progress } = await readResults(process.env.E2E_DATABASE_URL!, { campaignId, testId, userId });
      return progress?.data ? JSON.parse(progress.data).responses?.story?.RESPONSE : undefined;
    })
    .toBe(ESSAY);
  await handIn(player);

  // Scored by the server: the choice's 2 points, the essay 0 until rated.
  const key = { campaignId, testId, userId, source: 'server' as const };
  const scored = async () => {
    const [list] = (await readResults(process.env.E2E_DATABASE_URL!, key)).outcomes as Array<Array<{ questionId: string; value: unknown }>>;
    return Object.fromEntries((list ?? []).map((o) => [o.questionId, o.value]));
  };
  await expect.poll(scored, { timeout: 20_000 }).toEqual({ capital: 2, story: 0, SCORE: 2 });

  // The assessor, in a browser of her own, rates the essay from her home with the keyboard.
  const context = await browser.newContext();
  const elena = await context.newPage();
  await elena.goto('/login');
  await signIn(elena, assessor);
  const section = elena.getByRole('region', { name: TEST_NAME });
  await expect(section.getByRole('listitem')).toHaveText([
    `${candidate.firstName} ${candidate.lastName}Da valutare · 0 di 1 risposte valutateValuta le risposte`,
  ]);
  const open = section.getByRole('button', { name: `Valuta le risposte: ${candidate.firstName} ${candidate.lastName}` });
  await open.focus();
  await elena.keyboard.press('Enter');
  const dialog = elena.getByRole('dialog', { name: `Risposte di ${candidate.firstName} ${candidate.lastName} · ${TEST_NAME}` });
  await expect(dialog.getByText(PROMPT)).toBeVisible();
  // The answer as she typed it, as text: the tags show, nothing is bold.
  await expect(dialog.locator('.rating-item__answer')).toHaveText(ESSAY, { useInnerText: true });
  await expect(dialog.locator('.rating-item__answer b')).toHaveCount(0);
  await expect(dialog.getByText('Risultato non definitivo: 1 risposta ancora da valutare.', { exact: false })).toBeVisible();
  await expectAccessible(elena, 'rating dialog');

  const points = dialog.getByRole('textbox', { name: 'Punti' });
  await points.focus();
  await elena.keyboard.type('6');
  await elena.keyboard.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText('Inserisci un numero di punti da 0 a 5.');
  await points.fill('');
  await elena.keyboard.type('3,5');
  await elena.keyboard.press('Enter');
  await expect(dialog.getByRole('status')).toHaveText('Punti salvati.');
  await expect(dialog.getByText(/il risultato è definitivo/)).toContainText('5,5');

  // What the server stores: the essay's 3.5 in the test's score, as the report and the exports read it.
  await expect.poll(scored).toEqual({ capital: 2, story: 3.5, SCORE: 5.5 });

  // At 320 px the dialog fits without a sideways scroll, and stays accessible.
  await elena.setViewportSize({ width: 320, height: 720 });
  await expect(points).toBeVisible();
  expect(await hasHorizontalScroll(elena)).toBe(false);
  await expectAccessible(elena, 'rating dialog at 320 px');

  // Closed with Escape, the home says the person is rated.
  await elena.keyboard.press('Escape');
  await expect(section.getByRole('listitem')).toContainText('Valutazione completata · 1 di 1 risposte valutate');
  await context.close();
});
