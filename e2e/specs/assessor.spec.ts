import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, hasHorizontalScroll } from '../fixtures/a11y';
import { importBundle, PASSWORD, interviewGridModel, personOf, uniqueId } from '../fixtures/seed';
import { signIn } from '../fixtures/sign-in';

// The assessor's side: her own home lists the people to assess by test with their state; the grid
// rates every marker of the model with notes; 'Termina' asks first; the outcomes are recorded for
// the person assessed only. The candidate never sees the assessor's test.

function seedAssessment() {
  const n = uniqueId();
  const company = `E2E Valutazioni ${n}`;
  const person = (first: string, last: string) => personOf(n, first, last);
  const assessor = person('Elena', 'Conti');
  const giulia = person('Giulia', 'Ferri');
  const other = person('Marco', 'Sala');
  const grid = n;
  const questionnaire = n + 1;
  const campaignId = n * 10;
  importBundle({
    version: 1,
    companies: [{ name: company }],
    users: [
      {
        company,
        email: assessor.email,
        password: PASSWORD,
        firstName: assessor.firstName,
        lastName: assessor.lastName,
        role: 'Assessor',
        privacy: true,
      },
      ...[giulia, other].map((p) => ({
        company,
        email: p.email,
        password: PASSWORD,
        firstName: p.firstName,
        lastName: p.lastName,
        privacy: true,
      })),
    ],
    tests: [
      {
        id: grid,
        abbreviation: `COL${n}`,
        name: 'Colloquio comportamentale',
        description: '<p>Griglia compilata dal valutatore.</p>',
        url: '/activities/interview-grid/',
        jsonData: { hasTimer: false },
      },
      {
        id: questionnaire,
        abbreviation: `STI${n}`,
        name: 'Stili di lavoro',
        url: '/activities/workstyles/',
        jsonData: { hasTimer: false },
      },
    ],
    campaigns: [
      {
        id: campaignId,
        company,
        name: 'Sviluppo talenti',
        description: '<p>Campagna di <strong>sviluppo</strong>.</p>',
        languages: ['IT_it', 'EN_en'],
        dateStart: '2026-01-01T08:00:00+01:00',
        dateEnd: '2030-12-31T20:00:00+01:00',
        tests: [{ test: questionnaire }, { test: grid, prerequisites: [questionnaire] }],
        participants: [{ user: assessor.email }, { user: giulia.email, lang: 'IT_it' }, { user: other.email, lang: 'IT_it' }],
        assessments: [{ assessor: assessor.email, assessed: [giulia.email], tests: [grid] }],
        model: interviewGridModel(grid, { min: 0, max: 5 }),
      },
    ],
  });
  return { assessor, giulia, other, campaignId, grid };
}

async function idOf(page: Page): Promise<number> {
  return ((await (await page.request.get('/api/auth/me')).json()) as { user: { id: number } }).user.id;
}

test("an assessor rates her candidate from her own home, and the outcomes are that candidate's only", async ({ page, browser }) => {
  const { assessor, giulia, other, campaignId, grid } = seedAssessment();
  const giuliaName = `${giulia.firstName} ${giulia.lastName}`;

  // Straight to her home: no language lock (the campaign has two languages), no candidate counters.
  await page.goto('/login');
  await signIn(page, assessor);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Area valutatore')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Sviluppo talenti' })).toBeVisible();
  await expect(page.getByText('Campagna di sviluppo.')).toBeVisible();
  await expect(page.getByText('<p>')).toHaveCount(0);
  await expect(page.getByText(/Hai completato/)).toHaveCount(0);
  const section = page.getByRole('region', { name: 'Colloquio comportamentale' });
  await expect(section).toContainText('2 criteri di valutazione');
  await expect(section.getByRole('listitem')).toHaveText([`${giuliaName}Da valutare · 0 di 2 criteriValuta`]);
  await expect(section).not.toContainText(other.firstName);
  await expectAccessible(page, 'assessor home');

  // The grid: every marker of the model, with a note each.
  await section.getByRole('button', { name: `Valuta: ${giuliaName}` }).click();
  await expect(page).toHaveURL(/\/test$/);
  const grid_ = page.frameLocator('iframe[title="Colloquio comportamentale"]');
  await grid_.getByRole('button', { name: `Valuta ${giuliaName}` }).click();
  await expect(grid_.getByRole('heading', { name: `Valutazione di ${giuliaName}` })).toBeFocused();
  const listening = grid_.getByRole('group', { name: /Ascolta e riformula/ });
  const clarity = grid_.getByRole('group', { name: /Si esprime con chiarezza/ });
  await listening.getByRole('radio', { name: '4', exact: true }).check();
  // A note typed and the page reloaded with the focus still in it: kept.
  await grid_.getByLabel('Note su «Ascolta e riformula»').pressSequentially('Riformula con precisione le domande.', { delay: 10 });
  await expect(grid_.getByLabel('Note su «Ascolta e riformula»')).toBeFocused();
  await page.reload();
  await grid_.getByRole('button', { name: `Valuta ${giuliaName}` }).click();
  await expect(grid_.getByLabel('Note su «Ascolta e riformula»')).toHaveValue('Riformula con precisione le domande.');
  await expectAccessible(page, 'rating grid');

  // 'Termina' asks first, naming what is not rated yet.
  await grid_.getByRole('button', { name: 'Termina' }).click();
  let confirm = grid_.getByRole('dialog', { name: `Vuoi chiudere la valutazione di ${giuliaName}?` });
  await expect(confirm.getByRole('listitem')).toHaveText(['Si esprime con chiarezza']);
  await confirm.getByRole('button', { name: 'Continua a valutare' }).click();
  await clarity.getByRole('radio', { name: '3', exact: true }).check();
  await grid_.getByRole('button', { name: 'Termina' }).click();
  confirm = grid_.getByRole('dialog', { name: `Vuoi chiudere la valutazione di ${giuliaName}?` });
  await expect(confirm).toContainText('Potrai comunque rivederla più tardi.');
  await confirm.getByRole('button', { name: 'Sì, termina' }).click();
  await expect(grid_.getByText(`Valutazione di ${giuliaName} conclusa.`)).toBeVisible();
  await expect(grid_.getByRole('listitem')).toContainText(['Valutazione conclusa 2 di 2 criteri']);

  // Back home: rated.
  await grid_.getByRole('button', { name: 'Esci' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(section.getByRole('listitem')).toHaveText([`${giuliaName}Valutazione completata · 2 di 2 criteriRivedi`]);

  // Recorded for Giulia only.
  const giuliaId = await (async () => {
    const context = await browser.newContext();
    const candidate = await context.newPage();
    await candidate.goto('/login');
    await signIn(candidate, giulia);
    // Her room: the questionnaire only, never the assessor's test about her.
    await expect(candidate.getByText('Hai completato 0 di 1 attività')).toBeVisible();
    await expect(candidate.getByRole('region', { name: 'Elenco delle attività' })).not.toContainText('Colloquio comportamentale');
    const id = await idOf(candidate);
    const write = await candidate.request.post(`/api/tests/${grid}/data/${campaignId}/${id}`, { data: { version: 1, data: 'x' } });
    expect(write.status()).toBe(403);
    await context.close();
    return id;
  })();
  const recorded = (await (await page.request.get(`/api/tests/${grid}/assessedOutcomes/${campaignId}`)).json()) as {
    list: Array<{ userId: number; outcomes: Array<{ questionId: string; value: unknown }> }>;
  };
  expect(recorded.list).toHaveLength(1);
  expect(recorded.list[0].userId).toBe(giuliaId);
  expect(recorded.list[0].outcomes).toEqual(
    expect.arrayContaining([
      { questionId: 'ascolto', value: 4 },
      { questionId: 'chiarezza', value: 3 },
      { questionId: 'note:ascolto', value: 'Riformula con precisione le domande.' },
    ]),
  );
});

test.describe('on a 320 px phone', () => {
  test.use({ viewport: { width: 320, height: 640 }, hasTouch: true });

  test('the assessor home fits and passes the scan', async ({ page }) => {
    const { assessor } = seedAssessment();
    await page.goto('/login');
    await signIn(page, assessor);
    await expect(page.getByText('Area valutatore')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Valuta: / })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await expectAccessible(page, 'assessor home at 320 px');
  });
});
