import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../fixtures/a11y';
import { importBundle, PASSWORD, TEST_360, uniqueId, type Person } from '../fixtures/seed';
import { signIn } from '../fixtures/sign-in';
import { signInAndOpenTest } from '../fixtures/test-page';

// Words that follow the person: the 360's questions speak of the colleague evaluated in their gender, of oneself in
// one's own, and its explanations to the evaluator in theirs (a bundle's `[[male|female|neutral]]`); an activity's
// options reach it in the gender of the person taking it. And the
// room's pictures load under the app's Content-Security-Policy (the work-styles one was refused).

function seed360() {
  const n = uniqueId();
  const company = `E2E Parole ${n}`;
  const person = (first: string, gender: 'M' | 'F'): Person & { gender: 'M' | 'F' } => ({
    email: `${first.toLowerCase()}.${n}@e2e.example`,
    password: PASSWORD,
    firstName: first,
    lastName: `Parole${n}`,
    gender,
  });
  const giulia = person('Giulia', 'F');
  const marco = person('Marco', 'M');
  importBundle({
    version: 1,
    companies: [{ name: company }],
    users: [giulia, marco].map((p) => ({ company, ...p, privacy: true })),
    tests: [TEST_360],
    campaigns: [
      {
        id: n * 10,
        company,
        name: 'Feedback con parole giuste',
        dateStart: '2026-01-01T08:00:00+01:00',
        dateEnd: '2030-12-31T20:00:00+01:00',
        is360: true,
        selfEvaluation: true,
        tests: [{ test: 360 }],
        participants: [giulia, marco].map((p) => ({ user: p.email, lang: 'IT_it' })),
        relations360: [
          { evaluator: giulia.email, evaluee: giulia.email, relationId: 3, label: 'Autovalutazione' },
          { evaluator: giulia.email, evaluee: marco.email, relationId: 2, label: 'Collega' },
          { evaluator: marco.email, evaluee: giulia.email, relationId: 2, label: 'Collega' },
        ],
        questions360: {
          closed: [
            {
              id: 1,
              text: 'Tende a lavorare [[da solo|da sola|per conto proprio]].',
              selfText: 'Tendo a lavorare [[da solo|da sola|per conto proprio]].',
            },
          ],
          open: [{ id: 90, text: 'Che cosa [[lo|la|lo o la]] aiuterebbe?' }],
        },
      },
    ],
  });
  return { giulia, marco };
}

/** From the room into the 360's own dashboard. */
async function open360(page: Page) {
  await page
    .getByRole('region', { name: 'Elenco delle attività' })
    .getByRole('button', { name: /^Feedback 360 / })
    .hover();
  await page.getByRole('region', { name: 'Feedback 360' }).getByRole('button', { name: 'Inizia', exact: true }).click();
  await page.getByRole('button', { name: 'Entra' }).click();
  await expect(page).toHaveURL(/\/skillup-360$/);
  return page.getByRole('region', { name: 'Feedback 360' });
}

async function evaluate(page: Page, name: string) {
  await page
    .getByRole('region', { name: 'Feedback 360' })
    .getByRole('button', { name: `Inizia: ${name}` })
    .click();
  await page.getByRole('dialog', { name: 'Vuoi iniziare la valutazione?' }).getByRole('button', { name: 'Sì' }).click();
}

test('a woman evaluates a man and herself: each question in the gender of the person it is about', async ({ page }) => {
  const { giulia, marco } = seed360();
  await signIn(page, giulia);
  const dashboard = await open360(page);
  await expect(dashboard).toContainText('Guarda te stessa come guardi un collega.');
  await expect(dashboard).not.toContainText('[[');

  await evaluate(page, `${marco.firstName} ${marco.lastName}`);
  await expect(page.getByRole('group', { name: /Tende a lavorare da solo\.$/ })).toBeVisible();
  await expectAccessible(page, '360 question about a man');

  await page.goBack();
  await evaluate(page, 'Autovalutazione');
  await expect(page.getByRole('heading', { level: 1, name: 'Autovalutazione' })).toBeVisible();
  await expect(page.getByRole('group', { name: /Tendo a lavorare da sola\.$/ })).toBeVisible();
});

test('a man evaluates a woman: the question in the feminine, the explanation to him in the masculine', async ({ page }) => {
  const { giulia, marco } = seed360();
  await signIn(page, marco);
  const dashboard = await open360(page);
  await expect(dashboard).toContainText('Guarda te stesso come guardi un collega.');
  await evaluate(page, `${giulia.firstName} ${giulia.lastName}`);
  await expect(page.getByRole('group', { name: /Tende a lavorare da sola\.$/ })).toBeVisible();
});

test("the work-styles picture loads in the room, and the app's policy refuses nothing", async ({ page }) => {
  const n = uniqueId();
  const company = `E2E Immagini ${n}`;
  const person: Person = { email: `immagini.${n}@e2e.example`, password: PASSWORD, firstName: 'Elsa', lastName: `Immagini${n}` };
  importBundle({
    version: 1,
    companies: [{ name: company }],
    users: [{ company, ...person, privacy: true }],
    tests: [
      {
        id: n,
        abbreviation: `STI${n}`,
        name: 'Stili di lavoro',
        url: '/activities/workstyles/',
        jsonData: { hasTimer: false, color: '#2e7d32', image: 'workstyles.svg' },
      },
    ],
    campaigns: [
      {
        id: n * 10,
        company,
        name: 'Immagini',
        dateStart: '2026-01-01T08:00:00+01:00',
        dateEnd: '2030-12-31T20:00:00+01:00',
        tests: [{ test: n }],
        participants: [{ user: person.email, lang: 'IT_it' }],
      },
    ],
  });
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await signIn(page, person);
  await page
    .getByRole('region', { name: 'Elenco delle attività' })
    .getByRole('button', { name: /^Stili di lavoro / })
    .hover();
  const details = page.getByRole('region', { name: 'Stili di lavoro' });
  const picture = details.locator('img.test-details__image');
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(refused).toEqual([]);
  await expectAccessible(page, 'test details with its picture');
});

test("an activity's options speak to the woman taking it: the in-basket's message in the feminine", async ({ page }) => {
  const n = uniqueId();
  const company = `E2E Opzioni ${n}`;
  const person: Person = { email: `opzioni.${n}@e2e.example`, password: PASSWORD, firstName: 'Sara', lastName: `Opzioni${n}` };
  importBundle({
    version: 1,
    companies: [{ name: company }],
    users: [{ company, ...person, gender: 'F', privacy: true }],
    tests: [
      {
        id: n,
        abbreviation: `OPZ${n}`,
        name: 'Posta in arrivo',
        url: '/activities/in-basket/',
        jsonData: {
          hasTimer: false,
          options: {
            people: [{ id: 'assistente', name: 'Irene Galli', role: 'Assistente commerciale' }],
            items: [
              {
                id: 'm1',
                type: 'email',
                from: 'Paolo Rinaldi',
                time: '08:45',
                subject: { IT_it: 'Sei [[pronto|pronta|pronto o pronta]] per il cliente?' },
                body: 'Ciao, sei [[il nostro nuovo referente|la nostra nuova referente|chi ci rappresenta]] da oggi.',
              },
            ],
          },
        },
      },
    ],
    campaigns: [
      {
        id: n * 10,
        company,
        name: 'Opzioni al femminile',
        dateStart: '2026-01-01T08:00:00+01:00',
        dateEnd: '2030-12-31T20:00:00+01:00',
        tests: [{ test: n }],
        participants: [{ user: person.email, lang: 'IT_it' }],
      },
    ],
  });
  const activity = await signInAndOpenTest(page, person, n, 'Posta in arrivo');
  await expect(activity.getByRole('heading', { name: 'Sei pronta per il cliente?' })).toBeVisible();
  await expect(activity.getByText('Ciao, sei la nostra nuova referente da oggi.')).toBeVisible();
  await expect(activity.locator('body')).not.toContainText('[[');
});
