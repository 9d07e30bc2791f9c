import { expect, type FrameLocator, type Page, request as playwrightRequest, test } from '@playwright/test';
import { expectAccessible, hasHorizontalScroll } from '../fixtures/a11y';
import { importBundleFolder, packageZip } from '../fixtures/content-bundle';
import { qtiPlayer } from '../fixtures/qti-player';
import { PASSWORD, TEST_360, type Person, uniqueId } from '../fixtures/seed';
import { signIn } from '../fixtures/sign-in';
import { myUserId, signInAndOpenTest } from '../fixtures/test-page';

// Issue 50's story from the candidate's side: an adaptive reasoning test (packages/test-support/content/
// qti-adaptive-bank, the server choosing each item) taken in the room, resumed after a reload, ended by its stop
// rule and scored on the server; then the personal report places the estimate with its error band against the
// campaign's norm group on θ. The staff's side of the same result is read through the staff API.

const NAME = 'Ragionamento numerico';
const ITEMS = 4;
const ids = Array.from({ length: 30 }, (_, i) => `q${String(i + 1).padStart(2, '0')}`);
/** The fixture's key: item qNN is right with "ABCD"[NN % 4]. */
const rightAnswer = (id: string) => 'ABCD'[Number(id.slice(1)) % 4]!;

/** One candidate and one admin; a campaign whose one test is adaptive (ITEMS items, no SE stop) with a norm on THETA. */
async function seedAdaptiveCampaign() {
  const n = uniqueId();
  const company = `E2E Misura ${n}`;
  const person: Person = { email: `candidate.${n}@e2e.example`, password: PASSWORD, firstName: 'Chiara', lastName: `Test${n}` };
  const admin: Person = { email: `admin.${n}@e2e.example`, password: PASSWORD, firstName: 'Ada', lastName: `Staff${n}` };
  const testId = n;
  const campaignId = n * 10;
  const normId = n;
  const normName = `Candidati ${n}`;
  const file = 'qti/qti-adaptive-bank.zip';
  await importBundleFolder(
    {
      version: 2,
      companies: [{ name: company }],
      users: [
        { company, ...person, privacy: true },
        { company, ...admin, role: 'admin', privacy: true },
      ],
      tests: [
        {
          id: testId,
          abbreviation: `M${n}`,
          name: NAME,
          package: { type: 'qti', file },
          jsonData: { hasTimer: true, duration: 20 },
          adaptive: {
            model: '2PL',
            estimator: 'EAP',
            // An SE no test of four items reaches: the test ends at maxItems.
            stop: { minItems: ITEMS, maxItems: ITEMS, se: 0.05 },
            items: Object.fromEntries(ids.map((id, i) => [id, { a: 1 + (i % 3) * 0.3, b: -2 + (4 * i) / 29 }])),
          },
        },
      ],
      norms: [{ id: normId, name: { IT_it: normName }, test: testId, outcome: 'THETA', mean: 0, sd: 1, n: 640 }],
      campaigns: [
        {
          id: campaignId,
          company,
          name: `Selezione ${n}`,
          theme: 'dashboard',
          languages: ['IT_it'],
          dateStart: '2026-01-01T08:00:00+01:00',
          dateEnd: '2030-12-31T20:00:00+01:00',
          tests: [{ test: testId }],
          participants: [{ user: person.email }],
          norms: [normId],
          report: { allowEarlyDownload: true },
        },
      ],
    },
    { [file]: await packageZip('qti-adaptive-bank') },
  );
  return { person, admin, testId, campaignId, normName };
}

/** The item on screen, rendered: its identifier and its question. */
async function itemOnScreen(player: FrameLocator) {
  await expect(player.locator('.qp-item[data-ready]')).toBeVisible();
  const item = player.locator('qti-assessment-item');
  return { id: (await item.getAttribute('identifier'))!, prompt: (await player.locator('qti-prompt').textContent())!.trim() };
}

/** The adaptive player's progress: items answered, never "of N". */
async function expectAnswered(player: FrameLocator, count: number) {
  const text = count === 1 ? '1 risposta data' : `${count} risposte date`;
  await expect(player.locator('.pk-bar__progress')).toHaveText(text);
  await expect(player.locator('#qp-heading')).toHaveText(text);
}

/** Picks a choice (right on even positions) and confirms it. */
async function answer(player: FrameLocator, id: string, right: boolean) {
  const choice = right ? rightAnswer(id) : rightAnswer(id) === 'A' ? 'B' : 'A';
  await player.locator(`qti-simple-choice[identifier=${choice}]`).click();
  await expect(player.locator(`qti-simple-choice[identifier=${choice}]`)).toHaveAttribute('aria-checked', 'true');
  await player.getByRole('button', { name: 'Conferma e continua' }).click();
}

/** The rpc the player calls, sent again by hand as a retry would (the candidate's own session and origin). */
const sendAgain = (page: Page, campaignId: number, testId: number, data: object) =>
  page.request.post(`/api/v2/rpc/${campaignId}/${testId}`, { data: { action: 'adaptive.next', data } });

test('an adaptive test taken in the room, resumed after a reload, scored on the server and placed against a norm group with its band', async ({
  page,
  context,
}) => {
  const { person, admin, testId, campaignId, normName } = await seedAdaptiveCampaign();
  await signInAndOpenTest(page, person, testId, NAME);
  const player = qtiPlayer(page, NAME);
  const userId = await myUserId(page);

  // The first item: no total anywhere, the timer of a timed test.
  const first = await itemOnScreen(player);
  await expectAnswered(player, 0);
  await expect(player.getByText(/ di \d+/)).toHaveCount(0);
  await expect(player.locator('.pk-timer')).toHaveText(/Tempo rimasto: (20:00|19:5\d)/);
  await expectAccessible(page, 'the adaptive player');
  await answer(player, first.id, true);

  // The second item; a reload lands on it again (the same question), the count kept.
  await expectAnswered(player, 1);
  const second = await itemOnScreen(player);
  expect(second.id).not.toBe(first.id);
  await page.reload();
  await expectAnswered(player, 1);
  expect(await itemOnScreen(player)).toEqual(second);

  // The first answer sent again (a retry whose reply was lost): told the item that followed it, counted once.
  const replay = await sendAgain(page, campaignId, testId, { answered: 0, response: { RESPONSE: rightAnswer(first.id) } });
  expect(replay.status(), await replay.text()).toBe(200);
  expect((await replay.json()).result).toMatchObject({ done: false, answered: 1, item: { identifier: second.id } });

  // At 320 px the item fits the frame: nothing scrolls sideways.
  await page.setViewportSize({ width: 320, height: 720 });
  const frame = page.frames().find((f) => f.url().includes('/qti/'))!;
  expect(await frame.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 720 });

  // Offline, the next item cannot come: the candidate is told so and retries once the connection is back.
  const given = [first.id, second.id];
  await context.setOffline(true);
  await answer(player, second.id, false);
  await expect(player.getByRole('alert')).toHaveText(
    'Connessione assente: la domanda successiva arriva dal server. Controlla la rete e riprova; la risposta data non va persa.',
  );
  await expect(player.getByRole('button', { name: 'Riprova' })).toBeFocused();
  await context.setOffline(false);
  await player.getByRole('button', { name: 'Riprova' }).click();
  await expect(player.getByRole('alert')).toHaveCount(0);
  for (let count = 2; count < ITEMS; count++) {
    await expectAnswered(player, count);
    const item = await itemOnScreen(player);
    expect(given).not.toContain(item.id);
    given.push(item.id);
    await answer(player, item.id, count % 2 === 0);
  }
  // The stop rule (maxItems): the test is complete, with no hand-in to confirm.
  await expect(player.getByText('Risposte consegnate. Grazie!')).toBeVisible();
  await expect(player.locator('qti-assessment-item')).toHaveCount(0);

  // The staff's view through the API: the server's outcomes THETA, SE and ITEMS (the items answered, once each), and
  // the norm group's percentile band of the estimate.
  const staff = await playwrightRequest.newContext({ baseURL: new URL(page.url()).origin });
  expect((await staff.post('/api/auth/login', { data: { username: admin.email, password: admin.password } })).status()).toBe(200);
  const responses = `/api/staff/campaigns/${campaignId}/participants/${userId}/tests/${testId}/responses`;
  const scored = async () => {
    const body = (await (await staff.get(responses)).json()) as { scored?: boolean };
    return body.scored;
  };
  await expect.poll(scored, { timeout: 20_000 }).toBe(true);
  const result = (await (await staff.get(responses)).json()) as {
    status: string;
    outcomes: Array<{ questionId: string; value: unknown }>;
    items: Array<{ identifier: string; score: unknown; current?: boolean }>;
    norms: Array<{ name: string; n: number; outcome: string; band: { low: number; high: number } | null }>;
  };
  await staff.dispose();
  expect(result.status).toBe('complete');
  const outcome = Object.fromEntries(result.outcomes.map((o) => [o.questionId, o.value]));
  expect(outcome.ITEMS).toBe(ITEMS);
  expect(typeof outcome.THETA).toBe('number');
  expect(outcome.SE).toBeGreaterThan(0);
  // Each given item with its SCORE, in the order given, and no other item; the item scores are not test outcomes.
  expect(result.items.map((item) => item.identifier)).toEqual(given);
  for (const item of result.items) expect(typeof item.score).toBe('number');
  expect(result.items.some((item) => item.current)).toBe(false);
  expect(Object.keys(outcome).filter((k) => /^q\d\d$/.test(k))).toEqual([]);
  expect(result.norms).toEqual([expect.objectContaining({ name: normName, n: 640, outcome: 'THETA' })]);
  const band = result.norms[0]!.band!;
  expect(band.low).toBeLessThan(band.high);

  // The candidate's report: the band as a percentile range (not a point), the group's name and size, one sentence.
  await page.goto('/');
  await expect(page.getByRole('button', { name: new RegExp(`^${NAME} `) })).toHaveAccessibleName(`${NAME} Completata`);
  await page.getByRole('link', { name: 'Report', exact: true }).click();
  const norms = page.getByRole('region', { name: 'Confronto con un gruppo di riferimento' });
  const entry = norms.getByRole('listitem').filter({ has: page.getByRole('heading', { name: NAME }) });
  // Italian elides the article before a number read with a vowel (l'8°, l'80°).
  const article = (p: number) => (p === 8 || p === 11 || (p >= 80 && p <= 89) ? `l'${p}°` : `il ${p}°`);
  await expect(entry.getByText(`tra ${article(band.low)} e ${article(band.high)} percentile`, { exact: true })).toBeVisible();
  await expect(entry.getByText(`«${normName}» (640 persone)`, { exact: true })).toBeVisible();
  await expect(entry.locator('p')).toHaveText(
    `Tenendo conto della precisione della misura, il tuo risultato si colloca tra ${article(band.low)} e ${article(band.high)} percentile del gruppo di riferimento «${normName}» (640 persone).`,
  );
  await expectAccessible(page, 'the report with its norm group');
  await page.setViewportSize({ width: 320, height: 720 });
  await expect(entry).toBeVisible();
  expect(await hasHorizontalScroll(page)).toBe(false);
});

// The staff's side of a 360 campaign's raters: how much each relation group agrees (rwg), shown for a group of at least
// the campaign's confidentiality threshold and never for a smaller one.
test('staff read the rater agreement of a 360 group above the threshold, and nothing of one below', async ({ page }) => {
  const n = uniqueId();
  const company = `E2E Accordo ${n}`;
  const someone = (name: string): Person => ({
    email: `${name.toLowerCase()}.${n}@e2e.example`,
    password: PASSWORD,
    firstName: name,
    lastName: `Test${n}`,
  });
  const admin = someone('Ada');
  const evaluee = someone('Eva');
  const peers = ['Pia', 'Paolo', 'Pina', 'Piero'].map(someone);
  const manager = someone('Marco');
  const campaignId = n * 10;
  await importBundleFolder(
    {
      version: 2,
      companies: [{ name: company }],
      users: [
        { company, ...admin, role: 'admin', privacy: true },
        ...[evaluee, ...peers, manager].map((p) => ({ company, ...p, privacy: true })),
      ],
      tests: [TEST_360],
      campaigns: [
        {
          id: campaignId,
          company,
          name: `Feedback ${n}`,
          dateStart: '2026-01-01T08:00:00+01:00',
          dateEnd: '2030-12-31T20:00:00+01:00',
          is360: true,
          report: { confidentialityThreshold: 3 },
          tests: [{ test: 360 }],
          participants: [evaluee, ...peers, manager].map((p) => ({ user: p.email, lang: 'IT_it' })),
          relations360: [
            ...peers.map((p) => ({ evaluator: p.email, evaluee: evaluee.email, relationId: 2, label: 'Collega' })),
            { evaluator: manager.email, evaluee: evaluee.email, relationId: 1, label: 'Responsabile' },
          ],
          questions360: { closed: [{ id: 1, text: 'Ascolta le persone' }] },
        },
      ],
    },
    {},
  );
  // Each rater answers through the API, as the questionnaire saves: the four peers nearly agree, the manager alone.
  await page.goto('/login');
  const origin = new URL(page.url()).origin;
  let evalueeId = 0;
  for (const [rater, value] of [...peers.map((p, k) => [p, k === 2 ? 5 : 4] as const), [manager, 1] as const]) {
    const api = await playwrightRequest.newContext({ baseURL: origin });
    expect((await api.post('/api/auth/login', { data: { username: rater.email, password: rater.password } })).status()).toBe(200);
    if (!evalueeId) {
      const relations = (await (await api.get(`/api/usercampaign/${campaignId}/userrelation`)).json()) as { result: Array<{ id: number }> };
      evalueeId = relations.result[0]!.id;
    }
    const saved = await api.post(`/api/tests/360/data/${campaignId}/${evalueeId}`, {
      data: { version: 1, data: { closed: { '1': value } } },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    await api.dispose();
  }

  await signIn(page, admin);
  await page.goto(`/console/campaigns/${campaignId}`);
  const section = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Accordo tra valutatori (360)' }) });
  const rows = section.getByRole('table').getByRole('row');
  // The header and the peers' one row: the manager, one rater under the threshold of 3, is not shown.
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1).getByRole('rowheader')).toHaveText('Ascolta le persone');
  await expect(rows.nth(1).getByRole('cell')).toHaveText(['Collega', '1', /^0,\d\d$/, /^0,\d\d$/]);
  await expect(section).not.toContainText('Responsabile');
  await expectAccessible(page, 'the rater agreement of a 360 campaign');
});
