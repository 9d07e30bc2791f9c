import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, hasHorizontalScroll } from '../fixtures/a11y';
import { importBundle, PASSWORD, uniqueId, type Person } from '../fixtures/seed';
import { signIn } from '../fixtures/sign-in';

// The challenge layout walked from the welcome page to the closing one: tutorial, sections that
// follow completed tests, instructions modal, documents page, the completed-tests modal, and Exit.

function seedChallenge() {
  const n = uniqueId();
  const company = `E2E Sfida ${n}`;
  const person: Person = { email: `sfida.${n}@e2e.example`, password: PASSWORD, firstName: 'Sara', lastName: `Sfida${n}` };
  const campaignId = n * 10;
  const testIds = [n, n + 1, n + 2, n + 3];
  const names = ['Leggere i numeri', 'Lavorare in gruppo', 'Scegliere in fretta', 'Immaginare il futuro'];
  const section = (i: number) => ({
    name: { IT_it: ['Analizza', 'Collabora', 'Decidi', 'Immagina'][i] },
    description: { IT_it: `Descrizione della sezione ${i + 1}.` },
    motivation: { IT_it: `Motto numero ${i + 1}.` },
    tests: [testIds[i]],
    links:
      i === 0
        ? [
            {
              label: { IT_it: 'Il nostro bilancio' },
              url: 'https://www.example.com/bilancio',
              description: { IT_it: 'I numeri del gruppo.' },
            },
          ]
        : [],
  });
  importBundle({
    version: 1,
    companies: [{ name: company }],
    users: [{ company, email: person.email, password: PASSWORD, firstName: person.firstName, lastName: person.lastName, privacy: true }],
    tests: testIds.map((id, i) => ({
      id,
      abbreviation: `SF${id}`,
      name: names[i],
      description: `<p>Che cosa fa ${names[i]}.</p>`,
      instructions: `<p>Istruzioni di ${names[i]}.</p>`,
      url: '/activities/workstyles/',
      jsonData: { hasTimer: false },
    })),
    campaigns: [
      {
        id: campaignId,
        company,
        name: 'Sfida E2E',
        theme: 'challenge',
        dateStart: '2026-01-01T08:00:00+01:00',
        dateEnd: '2030-12-31T20:00:00+01:00',
        tests: testIds.map((test, i) => ({ test, section: `s${i + 1}` })),
        participants: [{ user: person.email, lang: 'IT_it' }],
        data: {
          title: { IT_it: 'La grande sfida' },
          order: ['s1', 's2', 's3', 's4'],
          sections: Object.fromEntries([0, 1, 2, 3].map((i) => [`s${i + 1}`, section(i)])),
          intro: { IT_it: '<h2>Benvenuta nella sfida!</h2><p>Quattro sezioni, una alla volta.</p>' },
          outro: { IT_it: '<h2>Complimenti!</h2><p>Hai finito la sfida.</p>' },
          links: {
            corporate: [{ label: { IT_it: 'Chi siamo' }, url: 'https://www.example.com/chi-siamo' }],
            news: [{ label: { IT_it: 'Ultime notizie' }, url: 'https://www.example.com/news' }],
            cards: [
              {
                label: { IT_it: 'Lavora con noi' },
                url: 'https://www.example.com/carriere',
                description: { IT_it: 'Le posizioni aperte.' },
              },
            ],
          },
        },
      },
    ],
  });
  return { person, campaignId, testIds, names };
}

async function complete(page: Page, campaignId: number, testId: number) {
  const { user } = (await (await page.request.get('/api/auth/me')).json()) as { user: { id: number } };
  const res = await page.request.post(`/api/tests/${testId}/status/${campaignId}/${user.id}`, { data: { version: 2, status: 'complete' } });
  expect(res.ok()).toBe(true);
}

test('a challenge walked from the welcome page to the end, and Exit signs out', async ({ page }) => {
  const { person, campaignId, testIds, names } = seedChallenge();
  await page.goto('/login');
  await signIn(page, person);
  await expect(page).toHaveURL(/\/$/);

  // The branded header: title, the current section's motto, 0%, four grey sections.
  const header = page.locator('.challenge__header');
  await expect(header.getByRole('heading', { level: 1, name: 'La grande sfida' })).toBeVisible();
  await expect(header).toContainText('Motto numero 1.');
  await expect(header.getByRole('img', { name: 'Completamento della sfida: 0% completato' })).toBeVisible();
  await expect(header.locator('.challenge__icons li.is-complete')).toHaveCount(0);
  await expect(header).toContainText(`${person.firstName} ${person.lastName}`);
  await expect(header.getByRole('button', { name: 'Esci' })).toBeVisible();
  // On a desktop too, the menu leads to the activities and the report.
  await expect(page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link')).toHaveText([
    'Panoramica',
    'Attività',
    'Report',
  ]);

  // Welcome, START, the tutorial, then the first section.
  await expect(page.getByRole('heading', { name: 'Benvenuta nella sfida!' })).toBeVisible();
  await expectAccessible(page, 'challenge welcome');
  await page.getByRole('button', { name: 'START' }).click();
  await expect(page.getByRole('heading', { name: 'Come funziona la sfida' })).toBeVisible();
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Avanti' }).click();
  await page.getByRole('button', { name: 'Inizia la sfida' }).click();
  const section = page.getByRole('region', { name: 'Analizza' });
  await expect(section).toContainText('Sezione 1 di 4');
  await expect(section).toContainText('Descrizione della sezione 1.');
  await expect(section.getByRole('link', { name: /Il nostro bilancio/ })).toHaveAttribute('target', '_blank');
  await expectAccessible(page, 'challenge section');
  // Seen once: a reload goes straight to the section.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Analizza' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'START' })).toHaveCount(0);

  // A card opens its instructions; Start opens the test.
  await section.getByRole('button', { name: new RegExp(names[0]) }).click();
  const modal = page.getByRole('dialog', { name: names[0] });
  await expect(modal.getByRole('heading', { name: 'Descrizione' })).toBeVisible();
  await expect(modal).toContainText(`Istruzioni di ${names[0]}.`);
  await modal.getByRole('button', { name: 'Inizia' }).click();
  await expect(page).toHaveURL(/\/test$/);
  await expect(page.frameLocator(`iframe[title="${names[0]}"]`).getByRole('banner')).toBeVisible();

  // The test done: back home, the modal says so, the next section is on, the first icon is yellow.
  await complete(page, campaignId, testIds[0]);
  await page.goto('/');
  const done = page.getByRole('dialog', { name: 'Attività completata!' });
  await expect(done).toContainText('Hai completato 1 attività su 4.');
  await done.getByRole('button', { name: 'Continua' }).click();
  await expect(page.getByRole('region', { name: 'Collabora' })).toContainText('Sezione 2 di 4');
  await expect(header).toContainText('Motto numero 2.');
  await expect(header.getByRole('img', { name: 'Completamento della sfida: 25% completato' })).toBeVisible();
  await expect(header.locator('.challenge__icons li.is-complete')).toHaveCount(1);

  // The documents page, from the header.
  await header.getByRole('button', { name: 'Consulta i documenti' }).click();
  const documents = page.getByRole('region', { name: 'Documenti' });
  await expect(documents.getByRole('link', { name: /Chi siamo/ })).toHaveAttribute('target', '_blank');
  await expect(documents.getByRole('link', { name: /Ultime notizie/ })).toHaveAttribute('target', '_blank');
  await expect(documents.getByRole('link', { name: /Lavora con noi/ })).toHaveAttribute('target', '_blank');
  await documents.getByRole('button', { name: 'Torna alla sfida' }).click();

  // Everything done: the closing page, and Exit signs out.
  for (const id of testIds.slice(1)) await complete(page, campaignId, id);
  await page.reload();
  await page.getByRole('dialog', { name: 'Attività completata!' }).getByRole('button', { name: 'Continua' }).click();
  await expect(header.getByRole('img', { name: 'Completamento della sfida: 100% completato' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Complimenti!' })).toBeVisible();
  await page.locator('.challenge__page').getByRole('button', { name: 'Esci' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test.describe('on a 320 px phone', () => {
  test.use({ viewport: { width: 320, height: 640 }, hasTouch: true });

  test('the challenge fits and passes the scan', async ({ page }) => {
    const { person } = seedChallenge();
    await page.goto('/login');
    await signIn(page, person);
    await expect(page.getByRole('button', { name: 'START' })).toBeVisible();
    // The phone's menu reaches the activities and the report too.
    const menu = page.getByRole('navigation', { name: 'Menu principale' });
    await expect(menu.getByRole('link')).toHaveText(['Panoramica', 'Attività', 'Report']);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await expectAccessible(page, 'challenge at 320 px');
  });
});
