import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../fixtures/a11y';
import { controlFaults, brokenWords, expectFits, headerLines, HEIGHT, PHONES } from '../fixtures/layout';
import { importBundle, interviewGridModel, personOf, TEST_360, uniqueId } from '../fixtures/seed';
import { consentIfAsked, enterCampaign, signIn } from '../fixtures/sign-in';
import { openTest } from '../fixtures/test-page';

// Issue 54, "every screen fits a phone": a walk through every screen a candidate, an assessor and the staff reach,
// each laid out at 320 and 360 px (and at 1366 px for the header's one line), with what fixtures/layout.ts measures:
// no word broken inside itself, no control past the edge, cut off or over another, no sideways scroll, and axe at
// 320 px. A screen is one line of a table: its name and how to reach it from the screen before. The checks are soft,
// so one run lists every screen that breaks. One page per role; widths change by resizing, not by loading again.
// The demo's people are only looked at (no test opened, nothing answered); what is opened or answered is seeded.

interface Screen {
  name: string;
  /** From the screen before, at 320 px: to this one, waiting until it shows what it is for. */
  open: (page: Page) => Promise<void>;
  /** At 1366 px, before its checks there (the account menu opened); `false`: no check at 1366 px. */
  wide?: ((page: Page) => Promise<void>) | false;
}

const demoPerson = (first: string, last: string) => ({ email: `${first}.${last}@lanificio.example`, password: 'Prova2026!' });
const giulia = demoPerson('giulia', 'ferri');
const silvia = demoPerson('silvia', 'marini');
const demo = JSON.parse(readFileSync(new URL('../../apps/server/src/import/demo-bundle.json', import.meta.url), 'utf8')) as {
  tests: Array<Record<string, unknown> & { id: number }>;
};
const h1 = (page: Page, name?: string | RegExp) => page.getByRole('heading', { level: 1, ...(name ? { name } : {}) });

async function walk(page: Page, screens: Screen[]): Promise<void> {
  for (const screen of screens) {
    await test.step(screen.name, async () => {
      await page.setViewportSize({ width: PHONES[0], height: HEIGHT });
      await screen.open(page);
      for (const width of PHONES) {
        await page.setViewportSize({ width, height: HEIGHT });
        await expectFits(page, screen.name);
      }
      await page.setViewportSize({ width: PHONES[0], height: HEIGHT });
      await expectAccessible(page, `${screen.name} at ${PHONES[0]} px`, { soft: true });
      if (screen.wide === false) return;
      await page.setViewportSize({ width: 1366, height: 768 });
      await screen.wide?.(page);
      const header = await headerLines(page);
      if (header) expect.soft(header, `the header of ${screen.name} at 1366 px: one line`).toEqual({ wrapped: [], height: 64 });
      expect.soft(await brokenWords(page), `words broken on ${screen.name} at 1366 px`).toEqual([]);
      expect.soft(await controlFaults(page), `controls lost on ${screen.name} at 1366 px`).toEqual([]);
      if (screen.wide) await expectAccessible(page, `${screen.name} at 1366 px`, { soft: true });
    });
  }
}

/** From the picker into one of the person's campaigns, at its home, the page settled. */
async function enter(page: Page, campaign: string): Promise<void> {
  await enterCampaign(page, campaign);
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** A screen reached by its address, shown once its first heading is. */
const at = (name: string, address: string, heading?: string | RegExp): Screen => ({
  name,
  open: async (page) => {
    await page.goto(address);
    await expect(h1(page, heading)).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  },
});

/** A seeded candidate with a test room of each kind the demo has, a 360 evaluation of a colleague, and an assessor. */
function seedWalk() {
  const n = uniqueId();
  const company = `E2E Walk ${n}`;
  // Names as people have them (personOf adds the run's number to the surname, one long word no heading could hold at
  // 320 px): the company is this run's alone.
  const named = (first: string, last: string) => ({ ...personOf(n, first, last), lastName: last });
  const candidate = named('Ludovica', 'Camminata');
  const colleague = named('Bartolomeo', 'Collega');
  const assessor = named('Valeria', 'Valutatrice');
  // The demo's tests under ids of this run; the demo's prerequisites (its own test ids) left out.
  const demoTest = (id: number, as: number) => {
    const { jsonData, ...test } = demo.tests.find((t) => t.id === id)! as { jsonData?: Record<string, unknown> };
    const { prerequisites: _, ...own } = jsonData ?? {};
    return { ...test, jsonData: own, id: as, abbreviation: `W${as}` };
  };
  const tests = { numerical: demoTest(101, n), workstyles: demoTest(102, n + 1), inbox: demoTest(114, n + 2), grid: demoTest(201, n + 3) };
  importBundle({
    version: 1,
    companies: [{ name: company }],
    users: [
      ...[candidate, colleague].map((p) => ({ company, ...p, privacy: true })),
      { company, ...assessor, role: 'Assessor', privacy: true },
    ],
    tests: [...Object.values(tests), TEST_360],
    campaigns: [
      {
        id: n * 10,
        company,
        name: 'Percorso di selezione',
        languages: ['IT_it'],
        dateStart: '2026-01-01T08:00:00+01:00',
        dateEnd: '2030-12-31T20:00:00+01:00',
        tests: [{ test: tests.numerical.id }, { test: tests.workstyles.id }, { test: tests.inbox.id }, { test: tests.grid.id }],
        participants: [candidate, assessor].map((p) => ({ user: p.email, lang: 'IT_it' })),
        assessments: [{ assessor: assessor.email, assessed: [candidate.email], tests: [tests.grid.id] }],
        model: interviewGridModel(tests.grid.id, { min: 0, max: 5 }),
      },
      {
        id: n * 10 + 1,
        company,
        name: 'Feedback tra colleghi',
        dateStart: '2026-01-01T08:00:00+01:00',
        dateEnd: '2030-12-31T20:00:00+01:00',
        is360: true,
        tests: [{ test: 360 }],
        participants: [candidate, colleague].map((p) => ({ user: p.email, lang: 'IT_it' })),
        relations360: [{ evaluator: candidate.email, evaluee: colleague.email, relationId: 2, label: 'Collega' }],
        questions360: {
          closed: [
            { id: 1, text: 'Condivide le informazioni con la squadra' },
            { id: 2, text: 'Rispetta le scadenze concordate' },
          ],
          open: [{ id: 90, text: 'Che cosa dovrebbe continuare a fare?' }],
        },
      },
    ],
  });
  return { candidate, colleague, assessor, tests };
}

/** A test of the room opened as its start page leaves it: framed, its own bar naming it. */
const room = (name: string, id: () => number, title: string): Screen => ({
  name,
  open: async (page) => {
    const activity = await openTest(page, id(), title);
    await expect(activity.getByRole('banner')).toContainText(title);
  },
});

test.describe('every screen fits a phone', () => {
  test.use({ viewport: { width: PHONES[0], height: HEIGHT }, hasTouch: true });

  test('the candidate', async ({ page }) => {
    test.setTimeout(240_000);
    const seeded = seedWalk();
    const name = `${seeded.colleague.firstName} ${seeded.colleague.lastName}`;
    await walk(page, [
      at('the sign-in page', '/login'),
      at('the password reset', '/reset'),
      {
        name: 'the privacy page',
        open: async (page) => {
          await page.goto('/login');
          await signIn(page, giulia);
          await page.goto('/privacy');
          await expect(h1(page)).toBeVisible();
        },
      },
      {
        name: 'the campaign picker',
        open: async (page) => {
          await page.goto('/select-campaign');
          await expect(page).toHaveURL(/\/select-campaign$|\/privacy$/);
          await consentIfAsked(page);
          await expect(page.getByRole('button', { name: /^ENTRA/ }).first()).toBeVisible();
        },
      },
      { name: 'the home of a dashboard campaign', open: (page) => enter(page, 'Talenti 2026') },
      at('the list of activities', '/tests'),
      { name: 'the home of an agenda campaign', open: (page) => enter(page, 'Un mese da consulente') },
      { name: 'the home of a challenge', open: (page) => enter(page, 'Sfida Innovazione') },
      {
        name: 'the home of a 360 campaign',
        open: async (page) => {
          await enter(page, 'Feedback 360 – 2026');
          await page.goto('/skillup-360');
          await expect(page.getByRole('region', { name: 'Feedback 360' }).getByRole('listitem').first()).toBeVisible();
        },
      },
      { name: 'the home of a finished campaign', open: (page) => enter(page, 'Valutazione 2025') },
      at('the report', '/report', /./),
      {
        name: 'the report of a 360',
        open: async (page) => {
          await enter(page, 'Feedback 360 – 2025');
          await page.goto('/report');
          await expect(page.getByRole('region', { name: 'Risultati del feedback 360' }).getByRole('table')).toBeVisible();
        },
      },
      at('my data', '/my-data'),
      {
        name: 'the account menu',
        open: async (page) => {
          await page.goto('/select-campaign');
          await expect(page.getByRole('button', { name: /^ENTRA/ }).first()).toBeVisible();
        },
        // On a phone its entries are the header's icons; on a wide screen, a menu under the name.
        wide: async (page) => {
          await page
            .getByRole('banner')
            .getByRole('button', { name: /Giulia/ })
            .click();
          await expect(page.getByRole('button', { name: 'Esci' }).or(page.getByRole('menuitem', { name: 'Esci' }))).toBeVisible();
        },
      },
      at('a page that is not there', '/non-esiste'),
      {
        name: 'the start page of a timed test',
        open: async (page) => {
          await page.context().clearCookies();
          await page.goto('/login');
          await signIn(page, seeded.candidate);
          await enter(page, 'Percorso di selezione');
          await page.evaluate(
            (id) => sessionStorage.setItem('prova.currentTest', JSON.stringify({ testId: id })),
            seeded.tests.numerical.id,
          );
          await page.goto('/start');
          await expect(page.getByRole('button', { name: 'Entra' })).toBeVisible();
        },
      },
      room('the room of a questionnaire', () => seeded.tests.workstyles.id, 'Stili di lavoro'),
      room('the room of an in-basket', () => seeded.tests.inbox.id, 'Posta in arrivo'),
      room('the room of a timed test', () => seeded.tests.numerical.id, 'Ragionamento numerico'),
      {
        name: 'a page of the 360 questionnaire',
        open: async (page) => {
          await enter(page, 'Feedback tra colleghi');
          await page.goto('/skillup-360');
          await page.getByRole('button', { name: `Inizia: ${name}` }).click();
          const ask = page.getByRole('dialog', { name: 'Vuoi iniziare la valutazione?' });
          const questions = page.locator('fieldset.questionnaire__question').first();
          await expect(ask.or(questions)).toBeVisible();
          if (await ask.isVisible()) await ask.getByRole('button', { name: 'Sì' }).click();
          await expect(questions).toBeVisible();
        },
      },
      {
        name: "the 360 questionnaire's review",
        open: async (page) => {
          const review = page.getByRole('heading', { name: 'Rivedi le tue risposte' });
          for (let guard = 0; guard < 10 && !(await review.isVisible()); guard++) {
            const text = page.getByRole('textbox');
            if (await text.isVisible()) await text.fill('Continuare a spiegare le sue scelte alla squadra.');
            else
              for (const group of await page.locator('fieldset.questionnaire__question').all())
                await group.getByRole('radio').first().check();
            await page.getByRole('button', { name: 'CONTINUA' }).click();
          }
          await expect(review).toBeVisible();
        },
      },
    ]);
  });

  test('the assessor', async ({ page }) => {
    const seeded = seedWalk();
    const name = `${seeded.candidate.firstName} ${seeded.candidate.lastName}`;
    await walk(page, [
      {
        name: "the assessor's home",
        open: async (page) => {
          await page.goto('/login');
          await signIn(page, seeded.assessor);
          await expect(page.getByText('Area valutatore')).toBeVisible();
          await expect(page.getByRole('button', { name: `Valuta: ${name}` })).toBeVisible();
        },
      },
      {
        name: 'the rating grid with notes',
        open: async (page) => {
          await page.getByRole('button', { name: `Valuta: ${name}` }).click();
          const grid = page.frameLocator('iframe[title="Colloquio comportamentale"]');
          await grid.getByRole('button', { name: `Valuta ${name}` }).click();
          await expect(grid.getByRole('heading', { name: `Valutazione di ${name}` })).toBeVisible();
          await grid.getByLabel('Note su «Ascolta e riformula»').fill('Riformula le domande prima di rispondere.');
        },
      },
    ]);
  });

  test('the staff', async ({ page }) => {
    test.setTimeout(180_000);
    await walk(page, [
      {
        name: "the console's home",
        open: async (page) => {
          await page.goto('/login');
          await signIn(page, silvia);
          await expect(page).toHaveURL(/\/console/);
          await expect(h1(page)).toBeVisible();
        },
      },
      at('the campaigns', '/console/campaigns'),
      {
        name: 'a campaign with its progress and exports',
        open: async (page) => {
          await page.goto('/console/campaigns/9001');
          await expect(page.locator('.console-table--progress tbody tr').first()).toBeVisible();
          await expect(page.getByRole('heading', { name: 'Esporta i risultati' })).toBeVisible();
        },
      },
      {
        name: 'a 360 campaign',
        open: async (page) => {
          await page.goto('/console/campaigns/9009');
          await expect(page.locator('.console-table--progress tbody tr').first()).toBeVisible();
        },
      },
      at('the people', '/console/people'),
      at('the test library', '/console/library'),
      at('the authored tests', '/console/tests'),
      at('a new test in the editor', '/console/tests/new'),
      at('the samples', '/console/samples'),
      at('the norms', '/console/norms'),
      at('the imports', '/console/import'),
      at('the company', '/console/company'),
      at('the integrations', '/console/integrations'),
      at('the languages', '/console/languages'),
      at('the audit log', '/console/audit'),
    ]);
  });
});
