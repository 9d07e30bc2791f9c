import { expect, test, type Page, type Request, type Route } from '@playwright/test';
import { expectAccessible, hasHorizontalScroll } from '../fixtures/a11y';
import { importBundle, PASSWORD, TEST_360, uniqueId, type Person } from '../fixtures/seed';
import { signIn, signOut } from '../fixtures/sign-in';

// 360 feedback in the real app: the dashboard, a colleague's and one's own evaluation page by page
// (closed questions, the linked question's rules, the open question, the review before the end), a reload in the
// middle, relation 4's scale on a phone, and every answer on the server. Then the demo's evaluator on a phone, and
// the scale as a measure at 320 px: its words, 'Non osservato', the self-evaluation in the first person.

/** `campaign`: more of the campaign (a scale360, other questions). */
function seed360(campaign: Record<string, unknown> = {}) {
  const n = uniqueId();
  const company = `E2E Feedback ${n}`;
  const person = (first: string): Person => ({
    email: `${first.toLowerCase()}.${n}@e2e.example`,
    password: PASSWORD,
    firstName: first,
    lastName: `Prova${n}`,
  });
  const luisa = person('Luisa');
  const piero = person('Piero');
  const nadia = person('Nadia');
  const campaignId = n * 10;
  importBundle({
    version: 1,
    companies: [{ name: company }],
    users: [luisa, piero, nadia].map((p) => ({
      company,
      email: p.email,
      password: PASSWORD,
      firstName: p.firstName,
      lastName: p.lastName,
      privacy: true,
    })),
    tests: [TEST_360],
    campaigns: [
      {
        id: campaignId,
        company,
        name: 'Feedback di squadra',
        dateStart: '2026-01-01T08:00:00+01:00',
        dateEnd: '2030-12-31T20:00:00+01:00',
        is360: true,
        selfEvaluation: true,
        tests: [{ test: 360 }],
        participants: [luisa, piero, nadia].map((p) => ({ user: p.email, lang: 'IT_it' })),
        relations360: [
          { evaluator: luisa.email, evaluee: luisa.email, relationId: 3, label: 'Autovalutazione' },
          { evaluator: luisa.email, evaluee: piero.email, relationId: 2, label: 'Collega' },
          { evaluator: nadia.email, evaluee: luisa.email, relationId: 4, label: 'Collaboratrice' },
        ],
        questions360: {
          closed: Array.from({ length: 12 }, (_, i) => ({ id: i + 1, text: `Comportamento numero ${i + 1}` })),
          linked: [
            {
              id: 50,
              label: 'Punti di forza e da migliorare',
              min_answers: 1,
              max_answers: 2,
              columns: [
                { order: 1, label: 'Forza' },
                { order: 2, label: 'Da migliorare' },
              ],
              answers: [
                { id: 501, label: 'Ascolto' },
                { id: 502, label: 'Precisione' },
                { id: 503, label: 'Iniziativa' },
              ],
            },
          ],
          open: [{ id: 90, text: 'Che cosa dovrebbe continuare a fare?' }],
        },
        ...campaign,
      },
    ],
  });
  return { luisa, piero, nadia, campaignId };
}

const idOf = async (page: Page) => ((await (await page.request.get('/api/auth/me')).json()) as { user: { id: number } }).user.id;
const saved = (page: Page) => expect(page.getByRole('banner').getByRole('status')).toHaveText('Salvato');
const continueButton = (page: Page) => page.getByRole('button', { name: 'CONTINUA' });
const finishButton = (page: Page) => page.getByRole('button', { name: 'TERMINA IL QUESTIONARIO' });

/** A point of the scale by its value, whatever its word ("4: Spesso", or "4" where it has none). */
const point = (value: number) => ({ name: new RegExp(`^${value}(: .+)?$`) });
const reviewHeading = (page: Page) => page.getByRole('heading', { name: 'Rivedi le tue risposte' });
/** The review's answers, one a question. */
const reviewed = (page: Page) => page.getByRole('list', { name: 'Rivedi le tue risposte' }).getByRole('listitem');

/** Answers the closed questions shown (one in the carousel) with `value`. */
async function answerClosed(page: Page, value: number) {
  for (const group of await page.locator('fieldset.questionnaire__question').all()) await group.getByRole('radio', point(value)).check();
}

/** Answers whatever is shown and goes on ('CONTINUA') until the review of the answers, from wherever it starts. */
async function answerToReview(page: Page) {
  for (let guard = 0; guard < 60; guard++) {
    if (await reviewHeading(page).isVisible()) return;
    const text = page.getByRole('textbox');
    if (await text.isVisible()) {
      if (!(await text.inputValue()).trim()) await text.fill('Continua a condividere quello che sai.');
    } else if (await page.getByRole('checkbox').first().isVisible()) {
      while (await continueButton(page).isDisabled()) await page.getByRole('checkbox', { checked: false, disabled: false }).first().check();
    } else {
      await answerClosed(page, 4);
    }
    await continueButton(page).click();
  }
  throw new Error('the questionnaire did not reach its review');
}

/** Answers whatever page is shown until the questionnaire is finished, from wherever it starts. */
async function finishQuestionnaire(page: Page) {
  await answerToReview(page);
  await finishButton(page).click();
}

test('a colleague and oneself evaluated page by page, a reload in the middle, every answer on the server', async ({ page }) => {
  const { luisa, piero, campaignId } = seed360();
  await page.goto('/login');
  await signIn(page, luisa);
  await expect(page).toHaveURL(/\/$/);
  // From the room: the 360 test opens the platform's own dashboard, and is under way from then on.
  const room = page.getByRole('region', { name: 'Elenco delle attività' });
  await room.getByRole('button', { name: /^Feedback 360 / }).hover();
  await page.getByRole('region', { name: 'Feedback 360' }).getByRole('button', { name: 'Inizia', exact: true }).click();
  await page.getByRole('button', { name: 'Entra' }).click();
  await expect(page).toHaveURL(/\/skillup-360$/);
  await expect
    .poll(async () => {
      const { tests } = (await (await page.request.get('/api/usertests')).json()) as { tests: Array<{ id: number; status: string }> };
      return tests.find((t) => t.id === 360)?.status;
    })
    .toBe('incomplete');

  const dashboard = page.getByRole('region', { name: 'Feedback 360' });
  await expect(dashboard.getByRole('heading', { level: 2, name: 'Feedback' })).toBeVisible();
  await expect(dashboard).toContainText('Il feedback raccoglie punti di vista diversi.');
  await expect(dashboard).toContainText('Pensa a come lavori di solito.');
  await expect(dashboard).toContainText('0 su 2');
  const people = dashboard.getByRole('listitem');
  await expect(people).toHaveText(['AutovalutazioneInizia', /^Piero Prova\d+CollegaInizia$/]);
  await expectAccessible(page, '360 dashboard');

  // Entering asks first; 'No' stays.
  const pieroName = `${piero.firstName} ${piero.lastName}`;
  await dashboard.getByRole('button', { name: `Inizia: ${pieroName}` }).click();
  const ask = page.getByRole('dialog', { name: 'Vuoi iniziare la valutazione?' });
  await ask.getByRole('button', { name: 'No' }).click();
  await expect(page).toHaveURL(/\/skillup-360$/);
  await dashboard.getByRole('button', { name: `Inizia: ${pieroName}` }).click();
  await ask.getByRole('button', { name: 'Sì' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Valutazione di ${pieroName}` })).toBeVisible();

  // Page 1: ten closed questions; nothing goes on until all have an answer.
  await expect(page.locator('fieldset.questionnaire__question')).toHaveCount(10);
  // One pair of controls, under the page.
  await expect(page.getByRole('button', { name: 'Set precedente' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Set successivo' })).toHaveCount(0);
  await expect(continueButton(page)).toBeDisabled();
  await expect(page.getByText('Rispondi alla domanda per continuare')).toBeVisible();
  // By keyboard: arrows move within the scale.
  await page
    .getByRole('group', { name: /Comportamento numero 1$/ })
    .getByRole('radio', point(1))
    .focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('group', { name: /Comportamento numero 1$/ }).getByRole('radio', { name: '2: Raramente' })).toBeChecked();
  await expectAccessible(page, '360 closed questions');
  await answerClosed(page, 4);
  await expect(continueButton(page)).toBeEnabled();
  await continueButton(page).click();

  // Page 2: the last two closed questions; then a reload.
  await expect(page.locator('fieldset.questionnaire__question')).toHaveCount(2);
  await answerClosed(page, 5);
  await saved(page);
  await page.reload();
  // It continues where Luisa stopped: the linked question's first column.
  const strengths = page.getByRole('group', { name: 'Punti di forza e da migliorare: Forza' });
  await expect(strengths).toBeVisible();
  await expect(page.getByText('Rispondi a 1 risposte per continuare (0 su 1)')).toBeVisible();
  await page.getByRole('button', { name: 'Set precedente' }).click();
  await expect(page.getByRole('group', { name: /Comportamento numero 12$/ }).getByRole('radio', point(5))).toBeChecked();
  await continueButton(page).click();

  // The linked rules: two at most a column, an answer in one column only, choosing again takes it back.
  await strengths.getByRole('checkbox', { name: 'Ascolto' }).check();
  await strengths.getByRole('checkbox', { name: 'Precisione' }).check();
  await expect(strengths.getByRole('checkbox', { name: 'Iniziativa' })).toBeDisabled();
  await strengths.getByRole('checkbox', { name: 'Precisione' }).uncheck();
  await expect(strengths.getByRole('checkbox', { name: 'Iniziativa' })).toBeEnabled();
  await expectAccessible(page, '360 linked question');
  await continueButton(page).click();
  const improve = page.getByRole('group', { name: 'Punti di forza e da migliorare: Da migliorare' });
  await expect(improve.getByRole('checkbox', { name: 'Ascolto' })).toBeDisabled();
  await improve.getByRole('checkbox', { name: 'Iniziativa' }).check();
  await continueButton(page).click();

  // The open question, under 'Ora tocca a te'.
  await expect(page.getByRole('heading', { name: 'Ora tocca a te' })).toBeVisible();
  await expect(continueButton(page)).toBeDisabled();
  await expect(finishButton(page)).toHaveCount(0);
  // Typed as a sentence: kept at once, sent coalesced, a handful of saves and not one per key.
  let saves = 0;
  const countSaves = (request: Request) => {
    if (request.method() === 'POST' && request.url().includes('/api/tests/360/data/')) saves += 1;
  };
  page.on('request', countSaves);
  await page.getByLabel('Che cosa dovrebbe continuare a fare?').pressSequentially('Aiutare i nuovi arrivati.', { delay: 30 });
  await saved(page);
  page.off('request', countSaves);
  expect(saves).toBeGreaterThan(0);
  expect(saves).toBeLessThanOrEqual(3);
  // Before the end, her answers: each question with the one she gave.
  await continueButton(page).click();
  await expect(reviewHeading(page)).toBeFocused();
  const review = reviewed(page);
  await expect(review).toHaveCount(12 + 2 + 1);
  await expect(review.first()).toHaveText('Comportamento numero 1Risposta: 4: SpessoModifica');
  await expect(review.nth(12)).toHaveText('Punti di forza e da migliorare: ForzaRisposta: AscoltoModifica');
  await expect(review.last()).toHaveText('Che cosa dovrebbe continuare a fare?Risposta: Aiutare i nuovi arrivati.Modifica');
  await expectAccessible(page, '360 review');
  await finishButton(page).click();
  await expect(page.getByText('Hai completato la valutazione')).toBeVisible();
  await expect(page).toHaveURL(/\/skillup-360$/);
  await expect(dashboard).toContainText('1 su 2');
  await expect(dashboard.getByRole('button', { name: `Modifica: ${pieroName}` })).toBeVisible();
  await dashboard.getByRole('tab', { name: 'Escludi nomi già valutati' }).click();
  await expect(people).toHaveCount(1);
  await expect(people).toContainText('Autovalutazione');

  // On the server: every answer, finished.
  await saved(page);
  const pieroId = await (async () => {
    const relations = (await (await page.request.get(`/api/usercampaign/${campaignId}/userrelation`)).json()) as {
      result: Array<{ id: number; label: string }>;
    };
    return relations.result.find((r) => r.label === 'Collega')!.id;
  })();
  const stored = (await (await page.request.get(`/api/tests/360/data/${campaignId}/${pieroId}`)).json()) as {
    data: {
      status: string;
      answers: { closed: Record<string, number>; linked: Record<string, Record<string, number>>; open: Record<string, string> };
    };
  };
  expect(stored.data.status).toBe('y');
  expect(stored.data.answers.closed).toEqual({
    ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [String(i + 1), 4])),
    '11': 5,
    '12': 5,
  });
  expect(stored.data.answers.linked).toEqual({ '50': { '501': 1, '503': 2 } });
  expect(stored.data.answers.open).toEqual({ '90': 'Aiutare i nuovi arrivati.' });

  // Her own evaluation; then the 360 test is complete in her room.
  await dashboard.getByRole('button', { name: 'Inizia: Autovalutazione' }).click();
  await page.getByRole('dialog', { name: 'Vuoi iniziare la valutazione?' }).getByRole('button', { name: 'Sì' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Autovalutazione' })).toBeVisible();
  await finishQuestionnaire(page);
  await expect(page).toHaveURL(/\/skillup-360$/);
  await expect(dashboard).toContainText('2 su 2');
  await saved(page);
  await expect
    .poll(async () => {
      const { tests } = (await (await page.request.get('/api/usertests')).json()) as { tests: Array<{ id: number; status: string }> };
      return tests.find((t) => t.id === 360)?.status;
    })
    .toBe('complete');
  expect(await idOf(page)).toBeGreaterThan(0);
});

test("'Hai completato la valutazione' only once the server has the last page; a refused save keeps the answers; sign-out clears them", async ({
  page,
}) => {
  const { luisa, campaignId } = seed360();
  await page.goto('/login');
  await signIn(page, luisa);
  await page.goto('/skillup-360');
  const dashboard = page.getByRole('region', { name: 'Feedback 360' });
  await dashboard.getByRole('button', { name: 'Inizia: Autovalutazione' }).click();
  await page.getByRole('dialog', { name: 'Vuoi iniziare la valutazione?' }).getByRole('button', { name: 'Sì' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Autovalutazione' })).toBeVisible();
  await answerToReview(page);
  await page.getByRole('button', { name: 'Modifica la risposta: Che cosa dovrebbe continuare a fare?' }).click();
  await page.getByRole('textbox').fill('Condividere quello che so.');
  await continueButton(page).click();
  await saved(page);
  const questionnaireUrl = page.url();

  // The network plays a server that refuses the last page (a 500): the evaluator is told, stays, and keeps the answers.
  const lastPage = (request: Request) =>
    request.method() === 'POST' && (request.postDataJSON() as { finished?: boolean } | null)?.finished === true;
  const savesUrl = `**/api/tests/360/data/${campaignId}/*`;
  await page.route(savesUrl, (route) =>
    lastPage(route.request())
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":false,"code":"INTERNAL","message":"down"}' })
      : route.fallback(),
  );
  await finishButton(page).click();
  await expect(page.getByText("Oops c'è stato un errore nel salvataggio dei dati")).toBeVisible();
  await expect(page.getByText('Le tue risposte restano qui: puoi riprovare.')).toBeVisible();
  await expect(page.getByText('Hai completato la valutazione')).toHaveCount(0);
  expect(page.url()).toBe(questionnaireUrl);
  await expect(reviewed(page).last()).toContainText('Condividere quello che so.');
  await expect(finishButton(page)).toBeEnabled();
  await expectAccessible(page, '360 saving error');

  // Trying again: the last page is held on its way; until the server has answered, nothing says it is done.
  const held: Route[] = [];
  let release = false;
  await page.unroute(savesUrl);
  await page.route(savesUrl, (route) => {
    if (!lastPage(route.request()) || release) return route.fallback();
    held.push(route);
  });
  await finishButton(page).click();
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await expect(finishButton(page)).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByText('Hai completato la valutazione')).toHaveCount(0);
  expect(page.url()).toBe(questionnaireUrl);
  release = true;
  for (const route of held) await route.fallback();
  await expect(page.getByText('Hai completato la valutazione')).toBeVisible();
  await expect(page).toHaveURL(/\/skillup-360$/);
  await expect(dashboard).toContainText('1 su 2');
  await saved(page);

  // The answers were kept in this browser while she answered; signing out leaves nothing of hers there.
  const personal = () => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('prova.')));
  expect(await personal()).toContain(`prova.feedback360.${await idOf(page)}.${campaignId}`);
  await signOut(page, new RegExp(luisa.firstName));
  await expect(page).toHaveURL(/\/login/);
  expect(await personal()).toEqual([]);
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

  test('a direct report gets no middle option and one question at a time', async ({ page }) => {
    const { nadia, luisa } = seed360();
    await page.goto('/login');
    await signIn(page, nadia);
    await page.goto('/skillup-360');
    await expect(page.getByRole('tabpanel').getByRole('listitem')).toHaveText([
      new RegExp(`^${luisa.firstName} ${luisa.lastName}CollaboratriceInizia$`),
    ]);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await expectAccessible(page, '360 dashboard at 375 px');
    await page.getByRole('button', { name: /^Inizia: / }).click();
    await page.getByRole('dialog', { name: 'Vuoi iniziare la valutazione?' }).getByRole('button', { name: 'Sì' }).click();
    const question = page.locator('fieldset.questionnaire__question');
    await expect(question).toHaveCount(1);
    await expect(question.getByRole('radio')).toHaveCount(4);
    await expect(question.getByRole('radio', point(3))).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Domanda precedente' })).toBeDisabled();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await expectAccessible(page, '360 question at 375 px');
    await question.getByRole('radio', point(5)).check();
    await continueButton(page).click();

    // A browser that lies gets nowhere: the middle value the page never offers, or someone she does not evaluate.
    const { campaign } = (await (await page.request.get('/api/usercampaign')).json()) as { campaign: { id: number } };
    const { result } = (await (await page.request.get(`/api/usercampaign/${campaign.id}/userrelation`)).json()) as {
      result: Array<{ id: number }>;
    };
    const middle = await page.request.post(`/api/tests/360/data/${campaign.id}/${result[0].id}`, {
      data: { version: 99, data: { closed: { '1': 3 } } },
    });
    expect(middle.status()).toBe(422);
    expect(((await middle.json()) as { errors: Array<{ path: string }> }).errors[0].path).toBe('data.closed.1');
    const me = ((await (await page.request.get('/api/auth/me')).json()) as { user: { id: number } }).user.id;
    const stranger = await page.request.post(`/api/tests/360/data/${campaign.id}/${me}`, {
      data: { version: 1, data: { closed: { '1': 5 } } },
    });
    expect(stranger.status()).toBe(403);
    await expect(page.getByRole('group', { name: /Comportamento numero 2$/ })).toBeVisible();
  });

  test('the demo manager finishes her evaluation of Giulia on a phone, with a reload in the middle', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, { email: 'chiara.bruno@lanificio.example', password: 'Prova2026!' });
    // Two campaigns: this year's 360 is the one to fill in.
    await expect(page).toHaveURL(/\/select-campaign$/);
    await page.getByRole('listitem').filter({ hasText: 'Feedback 360 – 2026' }).getByRole('button', { name: 'ENTRA' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/skillup-360');
    const giulia = page.getByRole('button', { name: /: Giulia Ferri$/ });
    await giulia.click();
    // A first evaluation asks before it starts, one already begun opens at once: wait for whichever comes.
    const ask = page.getByRole('dialog', { name: 'Vuoi iniziare la valutazione?' });
    const heading = page.getByRole('heading', { level: 1, name: 'Valutazione di Giulia Ferri' });
    await expect(ask.or(heading)).toBeVisible();
    if (await ask.isVisible()) await ask.getByRole('button', { name: 'Sì' }).click();
    await expect(heading).toBeVisible();
    await answerClosed(page, 4);
    await continueButton(page).click();
    await saved(page);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Valutazione di Giulia Ferri' })).toBeVisible();
    await finishQuestionnaire(page);
    await expect(page).toHaveURL(/\/skillup-360$/);
    await expect(page.getByRole('button', { name: 'Modifica: Giulia Ferri' })).toBeVisible();
    await saved(page);
    const relations = (await (await page.request.get('/api/usercampaign/9004/userrelation')).json()) as { result: Array<{ id: number }> };
    const stored = (await (await page.request.get(`/api/tests/360/data/9004/${relations.result[0].id}`)).json()) as {
      data: {
        status: string;
        answers: { closed: Record<string, number>; linked: Record<string, Record<string, number>>; open: Record<string, string> };
      };
    };
    expect(stored.data.status).toBe('y');
    expect(Object.keys(stored.data.answers.closed)).toHaveLength(12);
    expect(Object.values(stored.data.answers.linked['50'] ?? {}).sort()).toEqual([1, 2]);
    expect(Object.keys(stored.data.answers.open).sort()).toEqual(['90', '91']);
  });
});

test.describe('on a 320 px screen, the scale as a measure', () => {
  test.use({ viewport: { width: 320, height: 640 }, hasTouch: true });

  const measured = {
    selfEvaluation: true,
    scale360: { labels: { '1': 'Per nulla', '5': 'Moltissimo' }, notObserved: true },
    questions360: {
      closed: [
        { id: 1, text: 'Ascolta gli altri prima di decidere', selfText: 'Ascolto gli altri prima di decidere' },
        { id: 2, text: 'Rispetta le scadenze' },
      ],
      open: [{ id: 90, text: 'Che cosa dovrebbe continuare a fare?', selfText: 'Che cosa dovrei continuare a fare?' }],
    },
  };

  /** Every point of the scale (and 'Non osservato') on one line, inside the screen, nothing sideways. */
  async function expectScaleOnOneLine(page: Page) {
    const scale = page.locator('.questionnaire__scale');
    await expect(scale).toHaveCount(1);
    const boxes = await scale.locator('label').evaluateAll((labels) =>
      labels.map((label) => {
        const box = label.getBoundingClientRect();
        return { top: Math.round(box.top), right: box.right };
      }),
    );
    expect(boxes).toHaveLength(6);
    expect(new Set(boxes.map((box) => box.top)).size).toBe(1);
    expect(Math.max(...boxes.map((box) => box.right))).toBeLessThanOrEqual(320);
    expect(await scale.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await hasHorizontalScroll(page)).toBe(false);
  }

  test("a colleague answers by keyboard with the scale's words and 'Non osservato', reviews, and finishes", async ({ page }) => {
    const { luisa, piero, campaignId } = seed360(measured);
    await page.goto('/login');
    await signIn(page, luisa);
    await page.goto('/skillup-360');
    await page.getByRole('button', { name: `Inizia: ${piero.firstName} ${piero.lastName}` }).click();
    await page.getByRole('dialog', { name: 'Vuoi iniziare la valutazione?' }).getByRole('button', { name: 'Sì' }).click();

    const first = page.getByRole('group', { name: /Ascolta gli altri prima di decidere$/ });
    await expect(first).toBeVisible();
    // Each point is read as its value and its word: the campaign's at the ends, the app's between them.
    await expect(first.getByRole('radio')).toHaveCount(6);
    for (const name of ['1: Per nulla', '2: Raramente', '3: A volte', '4: Spesso', '5: Moltissimo', 'Non osservato'])
      await expect(first.getByRole('radio', { name, exact: true })).toHaveCount(1);
    // Seen: the words of the ends, and 'Non osservato'.
    await expect(first.getByText('Per nulla')).toBeVisible();
    await expect(first.getByText('Moltissimo')).toBeVisible();
    await expect(first.getByText('Non osservato')).toBeVisible();
    await expectScaleOnOneLine(page);
    // One pair of controls.
    await expect(page.locator('.questionnaire').getByRole('button')).toHaveText(['Domanda precedente', 'CONTINUA']);
    await expectAccessible(page, '360 scale at 320 px');

    // By keyboard: into the scale, along it to 'Non osservato', then on.
    await first.getByRole('radio', { name: '1: Per nulla' }).focus();
    for (let k = 0; k < 5; k++) await page.keyboard.press('ArrowRight');
    await expect(first.getByRole('radio', { name: 'Non osservato' })).toBeChecked();
    // 'Domanda precedente' is off on the first question: the next stop is 'CONTINUA'.
    await page.keyboard.press('Tab');
    await expect(continueButton(page)).toBeFocused();
    await page.keyboard.press('Enter');
    const second = page.getByRole('group', { name: /Rispetta le scadenze$/ });
    await expect(second).toBeVisible();
    await expectScaleOnOneLine(page);
    await second.getByRole('radio', { name: '4: Spesso' }).check();
    await continueButton(page).click();
    await page.getByLabel('Che cosa dovrebbe continuare a fare?').fill('Spiegare le sue scelte.');
    await continueButton(page).click();

    // The review: each answer, 'Non osservato' as given, a way back to each question.
    await expect(reviewHeading(page)).toBeFocused();
    const review = reviewed(page);
    await expect(review).toHaveText([
      'Ascolta gli altri prima di decidereRisposta: Non osservatoModifica',
      'Rispetta le scadenzeRisposta: 4: SpessoModifica',
      'Che cosa dovrebbe continuare a fare?Risposta: Spiegare le sue scelte.Modifica',
    ]);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await expectAccessible(page, '360 review at 320 px');
    await page.getByRole('button', { name: 'Modifica la risposta: Rispetta le scadenze' }).click();
    await expect(page.getByRole('group', { name: /Rispetta le scadenze$/ }).getByRole('radio', { name: '4: Spesso' })).toBeChecked();
    await continueButton(page).click();
    await continueButton(page).click();
    await finishButton(page).click();
    await expect(page.getByText('Hai completato la valutazione')).toBeVisible();
    await expect(page).toHaveURL(/\/skillup-360$/);
    await saved(page);

    const { result } = (await (await page.request.get(`/api/usercampaign/${campaignId}/userrelation`)).json()) as {
      result: Array<{ id: number; label: string }>;
    };
    const pieroId = result.find((r) => r.label === 'Collega')!.id;
    const stored = (await (await page.request.get(`/api/tests/360/data/${campaignId}/${pieroId}`)).json()) as {
      data: { status: string; answers: { closed: Record<string, unknown> } };
    };
    expect(stored.data).toMatchObject({ status: 'y', answers: { closed: { '1': 'not-observed', '2': 4 } } });
  });

  test('the self-evaluation asks in the first person', async ({ page }) => {
    const { luisa } = seed360(measured);
    await page.goto('/login');
    await signIn(page, luisa);
    await page.goto('/skillup-360');
    await page.getByRole('button', { name: 'Inizia: Autovalutazione' }).click();
    await page.getByRole('dialog', { name: 'Vuoi iniziare la valutazione?' }).getByRole('button', { name: 'Sì' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Autovalutazione' })).toBeVisible();
    await expect(page.getByRole('group', { name: /Ascolto gli altri prima di decidere$/ })).toBeVisible();
    await expect(page.getByText('Ascolta gli altri prima di decidere')).toHaveCount(0);
    await expectScaleOnOneLine(page);
    await answerToReview(page);
    await expect(reviewed(page).first()).toContainText('Ascolto gli altri prima di decidere');
    await expect(reviewed(page).last()).toContainText('Che cosa dovrei continuare a fare?');
    await finishButton(page).click();
    await expect(page.getByText('Hai completato la valutazione')).toBeVisible();
  });
});
