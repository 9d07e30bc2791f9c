import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { expectAccessible, hasHorizontalScroll } from '../fixtures/a11y';
import { importBundle, interviewGridModel, personOf, uniqueId } from '../fixtures/seed';
import { signIn } from '../fixtures/sign-in';

// Issue 54, the assessor's side: each level of the grid with its words (the test's options) in its name,
// "Non osservato" apart from 0 (recorded as null); a note typed and the page reloaded at once is kept; once staff
// publish the campaign's reports the grid is read-only and says why, and the company's admin reopens the ratings
// from the console for some hours, which the audit trail keeps.

function seed() {
  const n = uniqueId();
  const company = `E2E Blocco ${n}`;
  const person = (first: string, last: string) => personOf(n, first, last);
  const assessor = person('Elena', 'Conti');
  const giulia = person('Giulia', 'Ferri');
  const admin = person('Ada', 'Amministra');
  const grid = n;
  const campaignId = n * 10;
  const campaign = (status: 'ACTIVE' | 'REPORT') => ({
    id: campaignId,
    company,
    name: 'Sviluppo talenti',
    status,
    languages: ['IT_it'],
    dateStart: '2026-01-01T08:00:00+01:00',
    dateEnd: '2030-12-31T20:00:00+01:00',
    tests: [{ test: grid }],
    participants: [{ user: assessor.email }, { user: giulia.email }],
    assessments: [{ assessor: assessor.email, assessed: [giulia.email], tests: [grid] }],
    model: interviewGridModel(grid, { min: 1, max: 4 }),
  });
  const bundle = (status: 'ACTIVE' | 'REPORT') => ({
    version: 1,
    companies: [{ name: company }],
    users: [
      { company, ...assessor, role: 'Assessor', privacy: true },
      { company, ...giulia, privacy: true },
      { company, ...admin, role: 'admin', privacy: true },
    ],
    tests: [
      {
        id: grid,
        abbreviation: `BLC${n}`,
        name: 'Colloquio comportamentale',
        url: '/activities/interview-grid/',
        jsonData: {
          hasTimer: false,
          options: {
            levels: { '1': 'Non ancora', '2': 'In parte', '3': 'Quasi sempre', '4': 'Sempre' },
            criteria: [{ id: 'ascolto', levels: { '1': 'Interrompe', '4': 'Riformula con precisione' } }],
          },
        },
      },
    ],
    campaigns: [campaign(status)],
  });
  importBundle(bundle('ACTIVE'));
  return { assessor, giulia, admin, grid, campaignId, close: () => importBundle(bundle('REPORT')) };
}

async function openGrid(page: Page, name: string): Promise<FrameLocator> {
  await page.goto('/');
  await page.getByRole('button', { name: new RegExp(`^(Valuta|Continua|Rivedi): ${name}$`) }).click();
  await expect(page).toHaveURL(/\/test$/);
  const grid = page.frameLocator('iframe[title="Colloquio comportamentale"]');
  await grid.getByRole('button', { name: new RegExp(`^(Valuta|Rivedi) ${name}$`) }).click();
  await expect(grid.getByRole('heading', { name: `Valutazione di ${name}` })).toBeFocused();
  return grid;
}

test("levels with their words, 'Non osservato' apart, notes kept through a reload, locked once reports are out, reopened by the admin", async ({
  page,
  browser,
}) => {
  const { assessor, giulia, admin, grid, campaignId, close } = seed();
  const name = `${giulia.firstName} ${giulia.lastName}`;
  await page.goto('/login');
  await signIn(page, assessor);
  let frame = await openGrid(page, name);

  // Each level's words are in its radio's name; "Non osservato" is a choice of its own, not 0.
  const listening = frame.getByRole('group', { name: /Ascolta e riformula/ });
  const clarity = frame.getByRole('group', { name: /Si esprime con chiarezza/ });
  await expect(listening.getByRole('radio')).toHaveCount(5);
  await expect(listening.getByRole('radio', { name: '1 – Interrompe' })).toBeVisible();
  await expect(listening.getByRole('radio', { name: '4 – Riformula con precisione' })).toBeVisible();
  await expect(clarity.getByRole('radio', { name: '3 – Quasi sempre' })).toBeVisible();
  await expect(listening.getByRole('radio', { name: '0', exact: true })).toHaveCount(0);
  // By keyboard: the first choice is "Non osservato".
  await listening.getByRole('radio', { name: 'Non osservato' }).focus();
  await page.keyboard.press('Space');
  await expect(listening.getByRole('radio', { name: 'Non osservato' })).toBeChecked();
  await clarity.getByRole('radio', { name: '3 – Quasi sempre' }).check();

  // A note typed and the page reloaded at once, the focus still in it: kept.
  const note = frame.getByLabel('Note su «Ascolta e riformula»');
  await note.fill('Non ho potuto osservarlo.');
  await note.press('End');
  await note.pressSequentially(' Ripetere.');
  await page.reload();
  frame = page.frameLocator('iframe[title="Colloquio comportamentale"]');
  await frame.getByRole('button', { name: `Rivedi ${name}` }).click();
  await expect(frame.getByLabel('Note su «Ascolta e riformula»')).toHaveValue('Non ho potuto osservarlo. Ripetere.');
  await expect(frame.getByRole('group', { name: /Ascolta e riformula/ }).getByRole('radio', { name: 'Non osservato' })).toBeChecked();
  await expectAccessible(page, 'the grid with its levels');

  const recorded = async () =>
    (
      (await (await page.request.get(`/api/tests/${grid}/assessedOutcomes/${campaignId}`)).json()) as {
        list: Array<{ outcomes: Array<{ questionId: string; value: unknown }> }>;
      }
    ).list[0].outcomes;
  expect(await recorded()).toEqual(
    expect.arrayContaining([
      { questionId: 'ascolto', value: null },
      { questionId: 'chiarezza', value: 3 },
      { questionId: 'note:ascolto', value: 'Non ho potuto osservarlo. Ripetere.' },
    ]),
  );

  // Staff publish the reports: the grid is read-only and says why; the server refuses a change.
  close();
  // Her home says so first, and offers each grid to read again.
  await page.goto('/');
  await expect(page.getByText('La campagna è chiusa: le valutazioni e le note si possono rileggere ma non più modificare.')).toBeVisible();
  await expect(page.getByRole('button', { name: `Rivedi: ${name}` })).toBeVisible();
  frame = await openGrid(page, name);
  await expect(
    frame.getByText('La campagna è chiusa: le valutazioni e le note si possono rileggere ma non più modificare.').first(),
  ).toBeVisible();
  await expect(
    frame.getByRole('group', { name: /Si esprime con chiarezza/ }).getByRole('radio', { name: '3 – Quasi sempre' }),
  ).toBeDisabled();
  await expect(frame.getByLabel('Note su «Ascolta e riformula»')).not.toBeEditable();
  await expect(frame.getByRole('button', { name: 'Termina' })).toHaveCount(0);
  await expectAccessible(page, 'the locked grid');
  const giuliaId = (
    (await (await page.request.get(`/api/tests/${grid}/assessedOutcomes/${campaignId}`)).json()) as { list: [{ userId: number }] }
  ).list[0].userId;
  const refused = await page.request.post(`/api/tests/${grid}/assessedOutcomes/${campaignId}/${giuliaId}`, {
    data: { values: [{ questionId: 'chiarezza', value: 1 }] },
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { code: string }).code).toBe('CAMPAIGN_CLOSED');

  // The admin reopens the ratings from the console for 2 hours, with a reason.
  const context = await browser.newContext();
  const console_ = await context.newPage();
  await console_.goto('/login');
  await signIn(console_, admin);
  await console_.goto(`/console/campaigns/${campaignId}`);
  const section = console_.getByRole('region', { name: 'Valutazioni' });
  await expect(section).toContainText('Le valutazioni sono chiuse: la campagna è terminata o i suoi report sono pubblicati');
  await section.getByLabel('Per quante ore riaprirle').fill('2');
  await section.getByLabel('Motivo (resta nel registro delle attività)').fill('Nota da correggere');
  await expectAccessible(console_, 'the reopening control');
  await section.getByRole('button', { name: 'Riapri le valutazioni' }).click();
  await expect(section).toContainText(/Valutazioni riaperte fino (al |all')\d\d\.\d\d\.\d{4} \d\d:\d\d/);
  const trail = (await (await console_.request.get('/api/staff/audit?event=staff-assessments-reopened')).json()) as {
    entries: Array<{ target: string; detail: string }>;
  };
  expect(trail.entries).toEqual([
    expect.objectContaining({ target: `campaigns/${campaignId}`, detail: expect.stringContaining('(2 h): Nota da correggere') }),
  ]);
  await console_.goto('/console/audit');
  await expect(console_.getByRole('rowheader', { name: 'Valutazioni riaperte' })).toBeVisible();
  await context.close();

  // The grid takes ratings again, and her home says until when.
  await page.goto('/');
  await expect(page.getByText(/^Le valutazioni sono riaperte fino (al |all')\d\d\.\d\d\.\d{4} \d\d:\d\d\.$/)).toBeVisible();
  frame = await openGrid(page, name);
  const clarityAgain = frame.getByRole('group', { name: /Si esprime con chiarezza/ });
  await expect(clarityAgain.getByRole('radio', { name: '4 – Sempre' })).toBeEnabled();
  await clarityAgain.getByRole('radio', { name: '4 – Sempre' }).check();
  await expect.poll(async () => (await recorded()).find((o) => o.questionId === 'chiarezza')?.value).toBe(4);
});

test.describe('on a 320 px phone', () => {
  test.use({ viewport: { width: 320, height: 640 }, hasTouch: true });

  test('the locked grid fits and passes the scan', async ({ page }) => {
    const { assessor, giulia, close } = seed();
    close();
    await page.goto('/login');
    await signIn(page, assessor);
    const frame = await openGrid(page, `${giulia.firstName} ${giulia.lastName}`);
    await expect(frame.getByText(/La campagna è chiusa/).first()).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await expectAccessible(page, 'the locked grid at 320 px');
  });
});
