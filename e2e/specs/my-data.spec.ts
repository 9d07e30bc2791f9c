import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { expectAccessible, hasHorizontalScroll } from '../fixtures/a11y';
import { importBundle, PASSWORD, uniqueId } from '../fixtures/seed';
import { signIn } from '../fixtures/sign-in';

// A candidate's own data (issue 52): from the account menu to "I miei dati", who opened their report, the zip they
// take with them (read here), and a privacy text changed by the company asked again at the next sign-in.

const PRIVACY_V1 = '<p>Informativa privacy, versione di gennaio.</p>';
const PRIVACY_V2 = '<p>Informativa privacy, versione di marzo.</p>';

function seed() {
  const n = uniqueId();
  const company = `E2E Dati ${n}`;
  const chiara = { email: `chiara.${n}@e2e.example`, password: PASSWORD, firstName: 'Chiara', lastName: `Dati${n}` };
  const sofia = { email: `sofia.${n}@e2e.example`, password: PASSWORD, firstName: 'Sofia', lastName: `Staff${n}` };
  const campaignId = n * 10;
  const bundle = (privacyText: string) => ({
    version: 1,
    companies: [{ name: company }],
    users: [
      { company, ...chiara, privacy: false },
      { company, ...sofia, role: 'admin', privacy: true },
    ],
    campaigns: [
      {
        id: campaignId,
        company,
        name: 'Percorso dati',
        dateStart: '2026-01-01T08:00:00+01:00',
        dateEnd: '2030-12-31T20:00:00+01:00',
        privacyAgreement: { IT_it: privacyText },
        participants: [{ user: chiara.email, lang: 'IT_it' }],
      },
    ],
  });
  importBundle(bundle(PRIVACY_V1));
  return { chiara, sofia, campaignId, changePrivacy: () => importBundle(bundle(PRIVACY_V2)) };
}

/** The entries of a zip and one entry's text, read by Debian's unzip. */
const zipEntries = (file: string) => execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).split('\n').filter(Boolean);
const zipEntry = (file: string, entry: string) => execFileSync('unzip', ['-p', file, entry], { encoding: 'utf8' });

test('a candidate sees who opened their report, takes their data with them, and is asked again for a changed privacy text', async ({
  page,
  browser,
}) => {
  const { chiara, sofia, campaignId, changePrivacy } = seed();
  await page.goto('/login');
  await signIn(page, chiara);
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByText('Informativa privacy, versione di gennaio.')).toBeVisible();
  await expectAccessible(page, 'privacy');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Conferma' }).click();
  await expect(page.getByRole('heading', { name: 'Percorso dati' })).toBeVisible();
  await expectAccessible(page, 'home');
  const chiaraId = ((await (await page.request.get('/api/auth/me')).json()) as { user: { id: number } }).user.id;

  // Staff open her report from their own browser (the console's calls).
  const staff = await browser.newContext();
  expect((await staff.request.post('/api/auth/login', { data: { username: sofia.email, password: sofia.password } })).status()).toBe(200);
  expect((await staff.request.get(`/api/report/${campaignId}/individual/personal/${chiaraId}`)).status()).toBe(200);
  await staff.close();

  // From the account menu to her data.
  await page.getByRole('button', { name: new RegExp(`Chiara Dati`) }).click();
  await page.getByRole('link', { name: 'I miei dati' }).first().click();
  await expect(page).toHaveURL(/\/my-data$/);
  await expect(page.getByRole('heading', { level: 1, name: 'I miei dati' })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(sofia.lastName) });
  await expect(row).toContainText('Personale dell’azienda');
  await expect(row).toContainText('Ha aperto il report');
  await expect(row).toContainText('Percorso dati');
  await expect(page.getByText(/Percorso dati: informativa versione \d+, accettata il/)).toBeVisible();
  await expectAccessible(page, 'my data');
  // On a narrow phone the page, its table and the header's icons fit.
  await page.setViewportSize({ width: 320, height: 720 });
  await expect(page.getByRole('link', { name: 'I miei dati' }).last()).toBeVisible();
  expect(await hasHorizontalScroll(page)).toBe(false);
  await expectAccessible(page, 'my data at 320 px');
  await page.setViewportSize({ width: 1280, height: 720 });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Scarica i miei dati (zip)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`prova-dati-personali-${chiaraId}.zip`);
  const file = await download.path();
  expect(zipEntries(file)).toEqual(['data.json']);
  const data = JSON.parse(zipEntry(file, 'data.json'));
  expect(data.person).toMatchObject({ email: chiara.email, firstName: 'Chiara', lastName: chiara.lastName });
  expect(data.campaigns.map((c: { id: number }) => c.id)).toEqual([campaignId]);
  expect(data.consents).toEqual([expect.objectContaining({ campaignId, text: PRIVACY_V1 })]);
  expect(data.reportViews).toEqual([
    expect.objectContaining({ kind: 'opened', viewer: { firstName: 'Sofia', lastName: sofia.lastName, role: 'staff' } }),
  ]);
  expect(JSON.stringify(data)).not.toContain(sofia.email);

  // The company changes its privacy text: at her next sign-in she reads and accepts it again.
  changePrivacy();
  await page.getByRole('button', { name: new RegExp(`Chiara Dati`) }).click();
  await page.getByRole('button', { name: 'Esci' }).first().click();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, chiara);
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByText('Informativa privacy, versione di marzo.')).toBeVisible();
  await expectAccessible(page, 'privacy asked again');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Conferma' }).click();
  await expect(page.getByRole('heading', { name: 'Percorso dati' })).toBeVisible();
  await page.goto('/my-data');
  await expect(page.getByText(/Percorso dati: informativa versione \d+, accettata il/)).toHaveCount(2);
});
