import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, hasHorizontalScroll } from '../fixtures/a11y';
import { importBundle, PASSWORD, uniqueId, type Person } from '../fixtures/seed';
import { signIn } from '../fixtures/sign-in';

// The agenda layout in November 2021 (the 1st is a Monday): the tutorial the first time, only the
// day's test starts, after its preview; a finished test moves the day on; moves refused and accepted,
// by button and by dragging, and a failed save that puts everything back.

function seedAgenda({ tutorialVideo }: { tutorialVideo?: string } = {}) {
  const n = uniqueId();
  const company = `E2E Agenda ${n}`;
  const person: Person = { email: `agenda.${n}@e2e.example`, password: PASSWORD, firstName: 'Marta', lastName: `Agenda${n}` };
  const campaignId = n * 10;
  const ids = [n, n + 1, n + 2];
  const names = ['Budget del trimestre', 'Riunione di team', 'Cliente in dubbio'];
  importBundle({
    version: 1,
    companies: [{ name: company }],
    users: [{ company, email: person.email, password: PASSWORD, firstName: person.firstName, lastName: person.lastName, privacy: true }],
    tests: ids.map((id, i) => ({
      id,
      abbreviation: `AG${id}`,
      name: names[i],
      url: '/activities/workstyles/',
      // The first is timed: its clock starts only after its start page.
      jsonData: i ? { hasTimer: false, prerequisites: [id - 1] } : { hasTimer: true, duration: 20 },
      theme: {
        tag: 'Lavoro',
        duration: '30 Min',
        preview:
          i === 1
            ? {
                type: 'chat',
                sender: 'Chiara',
                time: '14:00',
                messages: [{ from: 'Chiara', text: 'Ciao {firstName}, ci vediamo alle 14?' }],
              }
            : {
                type: 'email',
                sender: 'Paolo',
                time: '09:30',
                subject: `Oggetto ${i + 1}`,
                content: '<p>Ciao {firstName}, ti aspetto.</p>',
              },
      },
    })),
    campaigns: [
      {
        id: campaignId,
        company,
        name: 'Un mese in agenda',
        theme: 'agenda',
        dateStart: '2026-01-01T08:00:00+01:00',
        dateEnd: '2030-12-31T20:00:00+01:00',
        tests: ids.map((test, i) => ({ test, agendaDate: `2021-11-${['03', '10', '17'][i]}` })),
        participants: [{ user: person.email, lang: 'IT_it' }],
        data: {
          month: '2021-11',
          tests: { '03/11/2021': ids[0], '10/11/2021': ids[1], '17/11/2021': ids[2] },
          currentPosition: '03/11/2021',
          ...(tutorialVideo === undefined ? {} : { tutorialVideo }),
        },
      },
    ],
  });
  return { person, campaignId, ids, names };
}

const cell = (page: Page, day: number) =>
  page.locator('td.agenda__cell').filter({ has: page.locator('.agenda__date', { hasText: new RegExp(`^${day}(\\s|$)`) }) });
const panel = (page: Page) => page.getByRole('complementary', { name: 'Attività' });
const startButton = (page: Page) => page.getByRole('button', { name: "Inizia l'attività" });

async function stored(page: Page) {
  const { campaign } = (await (await page.request.get('/api/usercampaign')).json()) as {
    campaign: { storage: { tests: Record<string, number>; currentPosition: string } };
  };
  return campaign.storage;
}

/**
 * She is on Wednesday the 3rd, whose test is the one chosen as the agenda opens: moving it offers that day first (the
 * days offered are the working days from today, today included), and keeping it there changes nothing.
 */
async function keepTodaysTestToday(page: Page, scan: string) {
  const { person, ids, names } = seedAgenda();
  await page.goto('/login');
  await signIn(page, person);
  await page.getByRole('dialog', { name: 'Benvenuto nella tua agenda' }).getByRole('button', { name: 'Avanti' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Sposta' }).click();
  const today = page.getByRole('button', { name: 'Sposta qui: 03/11/2021' });
  await expect(today).toBeFocused();
  await expect(today).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sposta qui: 04/11/2021' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sposta qui: 02/11/2021' })).toHaveCount(0);
  expect(await hasHorizontalScroll(page)).toBe(false);
  await expectAccessible(page, scan);
  await page.keyboard.press('Enter');
  await expect(cell(page, 3).getByRole('button', { name: new RegExp(names[0]) })).toBeFocused();
  await expect(page.getByRole('button', { name: /^Sposta qui: / })).toHaveCount(0);
  expect((await stored(page)).tests).toEqual({ '03/11/2021': ids[0], '10/11/2021': ids[1], '17/11/2021': ids[2] });
}

test("moving today's test offers today first, on a desktop's grid of weeks", async ({ page }) => {
  await keepTodaysTestToday(page, 'agenda moving from today');
});

test('a month in the agenda: tutorial, preview, the day moving on, moves refused and accepted, a failed save undone', async ({ page }) => {
  const { person, campaignId, ids, names } = seedAgenda();
  await page.goto('/login');
  await signIn(page, person);

  // First visit: the tutorial, three steps (the campaign has no video, so no step about one).
  const tutorial = page.getByRole('dialog', { name: 'Benvenuto nella tua agenda' });
  await expect(tutorial).toContainText('Passo 1 di 3');
  for (let i = 0; i < 2; i++) await tutorial.getByRole('button', { name: 'Avanti' }).click();
  await expect(tutorial).toContainText('Passo 3 di 3');
  await expect(tutorial).not.toContainText('video');
  await tutorial.getByRole('button', { name: 'Inizia' }).click();
  await expect(tutorial).toBeHidden();
  await expect.poll(async () => ((await stored(page)) as unknown as { hasSeenTutorial?: boolean }).hasSeenTutorial).toBe(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'La tua agenda' })).toBeVisible();
  await expect(tutorial).toBeHidden();

  // The month, the day she is on.
  await expect(page.getByRole('table')).toContainText('Calendario di novembre 2021');
  await expect(cell(page, 3)).toContainText('Oggi');
  await expect(cell(page, 10).getByRole('button', { name: /Riunione di team/ })).toBeVisible();
  await expectAccessible(page, 'agenda');

  // Only the day's test starts.
  await panel(page)
    .getByRole('button', { name: new RegExp(names[1]) })
    .click();
  await expect(startButton(page)).toBeDisabled();
  await expect(page.getByText("Puoi iniziare solo l'attività del giorno in cui ti trovi.")).toBeVisible();
  await panel(page)
    .getByRole('button', { name: new RegExp(names[0]) })
    .click();
  await startButton(page).click();
  const preview = page.getByRole('dialog', { name: 'Oggetto 1' });
  await expect(preview).toContainText('Da: Paolo · Ore 09:30');
  await expect(preview).toContainText('Ciao Marta, ti aspetto.');
  await preview.getByRole('button', { name: 'Inizia' }).click();
  // A timed test: its start page first, with the duration and what is true of the time, and no clock yet.
  await expect(page).toHaveURL(/\/start$/);
  await expect(page.getByText('20 minuti')).toBeVisible();
  await expect(page.getByText(/^Attività a tempo: il tempo parte quando entri e continua a scorrere anche se esci\./)).toBeVisible();
  const me = (await (await page.request.get('/api/usertests')).json()) as { tests: Array<{ id: number; status: string }> };
  expect(me.tests.find((t) => t.id === ids[0])?.status).toBe('not attempted');
  await expectAccessible(page, 'agenda start page');
  await page.getByRole('button', { name: 'Entra' }).click();
  await expect(page).toHaveURL(/\/test$/);

  // Finished: back in the agenda, the day moves to the next test.
  const { user } = (await (await page.request.get('/api/auth/me')).json()) as { user: { id: number } };
  await page.request.post(`/api/tests/${ids[0]}/status/${campaignId}/${user.id}`, { data: { version: 2, status: 'complete' } });
  await page.goto('/');
  const done = page.getByRole('dialog', { name: 'Attività completata' });
  await expect(done).toContainText(`Hai completato «${names[0]}».`);
  await done.getByRole('button', { name: 'Continua' }).click();
  await expect(cell(page, 10)).toContainText('Oggi');
  await expect.poll(async () => (await stored(page)).currentPosition).toBe('10/11/2021');

  // Moving offers only the days the move would be accepted for: no Saturday, no day gone by, not the 10th that the
  // meeting holds; the keyboard is taken to the first day offered, and back to the test when she cancels.
  await panel(page)
    .getByRole('button', { name: new RegExp(names[2]) })
    .click();
  await page.getByRole('button', { name: 'Sposta' }).click();
  await expect(page.getByRole('button', { name: 'Sposta qui: 11/11/2021' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Sposta qui: 10/11/2021' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sposta qui: 13/11/2021' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sposta qui: 08/11/2021' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sposta qui: 12/11/2021' })).toBeVisible();
  await page.getByRole('button', { name: 'Annulla lo spostamento' }).click();
  await expect(cell(page, 17).getByRole('button', { name: /Cliente in dubbio/ })).toBeFocused();
  // Dragged there all the same, a Saturday is refused, and said.
  await cell(page, 17)
    .getByRole('button', { name: /Cliente in dubbio/ })
    .dragTo(cell(page, 13));
  await expect(page.getByRole('alert')).toHaveText('Il sabato e la domenica non si lavora: scegli un giorno feriale.');

  // Accepted, by keyboard: the meeting to the 11th, and the client call that depends on it follows on the 12th.
  await panel(page)
    .getByRole('button', { name: new RegExp(names[1]) })
    .click();
  await page.getByRole('button', { name: 'Sposta' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Sposta qui: 11/11/2021' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'spostata' })).toHaveText(`«${names[1]}» spostata all'11/11/2021.`);
  // The keyboard stays with the test moved, on its new day.
  await expect(cell(page, 11).getByRole('button', { name: /Riunione di team/ })).toBeFocused();
  await expect(cell(page, 11)).toContainText(names[1]);
  await expect(cell(page, 12)).toContainText(names[2]);
  await expect.poll(async () => (await stored(page)).tests).toEqual({ '03/11/2021': ids[0], '11/11/2021': ids[1], '12/11/2021': ids[2] });

  // By dragging: the client call to the 18th.
  await cell(page, 12)
    .getByRole('button', { name: /Cliente in dubbio/ })
    .dragTo(cell(page, 18));
  await expect(cell(page, 18)).toContainText(names[2]);
  await expect.poll(async () => (await stored(page)).tests['18/11/2021']).toBe(ids[2]);

  // A hand-made storage cannot bend the rules: the finished budget test moved, and a Sunday.
  const lied = await page.request.patch(`/api/v2/campaigns/${campaignId}/storage`, {
    data: {
      data: {
        tests: { '04/11/2021': ids[0], '11/11/2021': ids[1], '14/11/2021': ids[2] },
        currentPosition: '11/11/2021',
        hasSeenTutorial: true,
      },
    },
  });
  expect(lied.status()).toBe(422);
  expect(((await lied.json()) as { errors: Array<{ message: string }> }).errors.map((e) => e.message)).toEqual([
    `test ${ids[0]} is complete and cannot move`,
    'a weekend day',
  ]);
  expect((await stored(page)).tests['18/11/2021']).toBe(ids[2]);

  // A save that fails is undone and said.
  await page.route('**/api/v2/campaigns/*/storage', (route) =>
    route.fulfill({ status: 500, body: '{"status":false,"code":"INTERNAL","message":"x"}' }),
  );
  await cell(page, 18)
    .getByRole('button', { name: /Cliente in dubbio/ })
    .dragTo(cell(page, 19));
  await expect(page.getByRole('alert')).toHaveText("Oops c'è stato un errore nel salvataggio dei dati");
  await expect(cell(page, 18)).toContainText(names[2]);
  await expect(cell(page, 19)).not.toContainText(names[2]);
});

test('a tutorial video that fails to load: its step left out, the steps counted without it', async ({ page }) => {
  // An address the server answers with 404.
  const { person } = seedAgenda({ tutorialVideo: '/media/no-such-tutorial.mp4' });
  await page.goto('/login');
  await signIn(page, person);
  const tutorial = page.getByRole('dialog', { name: 'Benvenuto nella tua agenda' });
  await expect(tutorial).toContainText('Passo 1 di 3');
  await tutorial.getByRole('button', { name: 'Avanti' }).click();
  await expect(tutorial).toContainText('Passo 2 di 3');
  await expect(tutorial).not.toContainText('Guarda il video');
  await expect(tutorial.locator('video')).toHaveCount(0);
});

test.describe('on a 320 px phone', () => {
  test.use({ viewport: { width: 320, height: 640 }, hasTouch: true });

  test('a list of days with short day names, no sideways scrolling of the page, the scan passes', async ({ page }) => {
    const { person } = seedAgenda();
    await page.goto('/login');
    await signIn(page, person);
    await page.getByRole('dialog', { name: 'Benvenuto nella tua agenda' }).getByRole('button', { name: 'Avanti' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('columnheader').first()).toHaveText(/Lun/);
    // Each day of the list says its weekday (3 November 2021 is a Wednesday).
    await expect(cell(page, 3).locator('.agenda__weekday')).toHaveText('Mer');
    await expect(cell(page, 3).locator('.agenda__weekday')).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await expectAccessible(page, 'agenda at 320 px');
  });

  test("moving today's test offers today first in the list of days too", async ({ page }) => {
    await keepTodaysTestToday(page, 'agenda moving from today at 320 px');
  });

  test('a move by keyboard: only the working days from today it may go to offered, the focus kept on the test moved', async ({ page }) => {
    const { person, names } = seedAgenda();
    await page.goto('/login');
    await signIn(page, person);
    await page.getByRole('dialog', { name: 'Benvenuto nella tua agenda' }).getByRole('button', { name: 'Avanti' }).click();
    await page.keyboard.press('Escape');
    await panel(page)
      .getByRole('button', { name: new RegExp(names[1]) })
      .focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Sposta' }).focus();
    await page.keyboard.press('Enter');
    // She is on Wednesday the 3rd, which the budget test holds: the first day offered is Thursday; never Saturday the
    // 6th, nor the day the test is on.
    await expect(page.getByRole('button', { name: 'Sposta qui: 04/11/2021' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Sposta qui: 03/11/2021' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Sposta qui: 06/11/2021' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Sposta qui: 10/11/2021' })).toHaveCount(0);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Sposta qui: 05/11/2021' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    expect(await hasHorizontalScroll(page)).toBe(false);
    await expectAccessible(page, 'agenda moving at 320 px');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'spostata' })).toHaveText(`«${names[1]}» spostata al 04/11/2021.`);
    await expect(cell(page, 4).getByRole('button', { name: /Riunione di team/ })).toBeFocused();
    // The test that depends on it follows on the next working day.
    await expect(cell(page, 5)).toContainText(names[2]);
  });
});
