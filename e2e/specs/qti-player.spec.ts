import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type FrameLocator, type Page, test } from '@playwright/test';

// The QTI player as built (apps/players/dist), framed by the SDK's stand-alone host in its own process on
// two origins of its own, playing the hand-written package in apps/players/qti/dev-fixture (every
// interaction, one item each). The host keeps what the player saves in its page's storage, read here.

test.describe.configure({ mode: 'default' });

const root = resolve(import.meta.dirname, '../..');
const fixture = join(root, 'apps/players/qti/dev-fixture');
const HASH = 'de'.repeat(32);
const TIMED_HASH = 'ab'.repeat(32);
const configDir = mkdtempSync(join(tmpdir(), 'prova-qti-player-'));
const configFile = join(configDir, 'mock.json');
let host: ChildProcess;
let hostUrl: string;

/** A port, and the one after it, that nothing listens on (the mock host takes both). */
async function freePair(): Promise<number> {
  const listen = (port: number) =>
    new Promise<boolean>((done) => {
      const probe = createServer();
      probe.once('error', () => done(false));
      probe.listen(port, 'localhost', () => probe.close(() => done(true)));
    });
  for (let port = 20000 + Math.floor(Math.random() * 20000); ; port += 2) {
    if ((await listen(port)) && (await listen(port + 1))) return port;
  }
}

/** What the host page opens next: the session's language, a platform timer, the package. */
function configure(options: { lang?: string; timeLimitMinutes?: number; hash?: string } = {}) {
  writeFileSync(
    configFile,
    JSON.stringify({
      path: `qti/?package=${options.hash ?? HASH}`,
      mount: {
        [`/packages/${HASH}/`]: fixture,
        [`/packages/${TIMED_HASH}/delivery.json`]: join(configDir, 'timed.json'),
        [`/packages/${TIMED_HASH}/`]: fixture,
      },
      session: { campaignId: 1, testId: 1, userId: 1, lang: options.lang ?? 'IT_it' },
      timeLimitMinutes: options.timeLimitMinutes,
    }),
  );
}

test.beforeAll(async () => {
  // The same package with the test's own max-time (qti-time-limits) of 2 seconds.
  const delivery = JSON.parse(readFileSync(join(fixture, 'delivery.json'), 'utf8'));
  writeFileSync(join(configDir, 'timed.json'), JSON.stringify({ ...delivery, maxTimeSeconds: 2 }));
  configure();
  const port = await freePair();
  hostUrl = `http://localhost:${port}/`;
  host = spawn('node', ['packages/activity-sdk/mock/serve.mjs', 'apps/players/dist', String(port), '--config', configFile], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await once(host.stdout!, 'data');
});

test.beforeEach(() => configure());

test.afterAll(() => {
  host?.kill();
});

interface Stored {
  status: string;
  data: { qti: 1; position: string | null; responses: Record<string, Record<string, unknown>>; flagged: string[] } | null;
}

const stored = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('prova-mock:dist') ?? '{}').progress?.[1] ?? { status: 'not attempted', data: null }) as Stored,
  );

async function open(page: Page): Promise<FrameLocator> {
  await page.goto(hostUrl);
  const player = page.frameLocator('#frame');
  await expect(player.locator('.qp-item[data-ready]')).toBeVisible();
  return player;
}

async function onItem(player: FrameLocator, n: number) {
  await expect(player.locator('#qp-heading')).toHaveText(`Domanda ${n} di 12`);
  await expect(player.locator('.qp-item[data-ready]')).toBeVisible();
}

/** The nonlinear part's list, opened, then the item picked. */
async function jump(player: FrameLocator, n: number, title: string) {
  const list = player.locator('.qp-list__details');
  if (!(await list.evaluate((d) => (d as HTMLDetailsElement).open))) await player.getByText('Elenco delle domande').click();
  await player.getByRole('button', { name: new RegExp(`^${n}\\. ${title}`) }).click();
  await onItem(player, n);
}

async function intoSecondPart(player: FrameLocator) {
  await player.getByRole('button', { name: 'Avanti' }).click();
  await onItem(player, 2);
  await player.getByRole('button', { name: 'Avanti' }).click();
  await player.getByRole('button', { name: 'Sì, vai avanti' }).click();
  await onItem(player, 3);
}

test('every interaction answered with the keyboard alone is saved at once as QtiProgress and comes back after a reload', async ({
  page,
}) => {
  const player = await open(page);
  const key = (k: string) => page.keyboard.press(k);
  const saved = (item: string) => expect.poll(async () => (await stored(page)).data?.responses[item]?.RESPONSE);

  await onItem(player, 1);
  await player.locator('qti-simple-choice[identifier=B]').focus();
  await key('Space');
  await saved('choice').toBe('B');
  await player.getByRole('button', { name: 'Avanti' }).click();
  await onItem(player, 2);
  await player.locator('qti-simple-choice[identifier=A]').focus();
  await key('Space');
  await key('Tab');
  await key('Tab');
  await key('Space');
  await saved('multiple').toEqual(['A', 'C']);
  await player.getByRole('button', { name: 'Avanti' }).click();
  await player.getByRole('button', { name: 'Sì, vai avanti' }).click();

  await onItem(player, 3);
  await player.getByRole('textbox', { name: 'Risposta' }).focus();
  await page.keyboard.type('Tevere');
  await saved('text-entry').toBe('Tevere');
  await player.getByRole('button', { name: 'Avanti' }).click();
  await onItem(player, 4);
  await player.getByRole('textbox', { name: /Descrivi in poche righe/ }).focus();
  await page.keyboard.type('Un progetto');
  await saved('extended-text').toBe('Un progetto');
  await player.getByRole('button', { name: 'Avanti' }).click();
  await onItem(player, 5);
  await player.getByRole('button', { name: 'Scegli la parola' }).focus();
  await key('Enter');
  await key('ArrowDown');
  await key('Enter');
  await saved('inline-choice').toBe('E');
  await player.getByRole('button', { name: 'Avanti' }).click();
  await onItem(player, 6);
  await player.locator('qti-hottext[identifier=H2]').focus();
  await key('Space');
  await saved('hottext').toBe('H2');
  await player.getByRole('button', { name: 'Avanti' }).click();

  // Drag and drop by keyboard: Enter picks an item up, the arrows pick the place, Enter puts it down.
  await onItem(player, 7);
  await expect(player.getByText('Con la tastiera: premi Invio su una voce per prenderla').first()).toBeVisible();
  await player.locator('qti-simple-choice[identifier=C]').focus();
  await key('Enter');
  await key('Enter');
  await player.locator('qti-simple-choice[identifier=M]').focus();
  await key('Enter');
  await key('ArrowDown');
  await key('Enter');
  await saved('order').toEqual(['C', 'M']);
  await player.getByRole('button', { name: 'Avanti' }).click();
  await onItem(player, 8);
  await player.locator('qti-simple-associable-choice[identifier=FR]').focus();
  await key('Enter');
  await key('Enter');
  await saved('match').toEqual(['FR PAR']);
  await player.getByRole('button', { name: 'Avanti' }).click();
  await onItem(player, 9);
  await player.locator('qti-simple-associable-choice[identifier=F]').focus();
  await key('Enter');
  await key('Enter');
  await player.locator('qti-simple-associable-choice[identifier=C]').focus();
  await key('Enter');
  await key('ArrowRight');
  await key('Enter');
  await saved('associate').toEqual(['F C']);
  await player.getByRole('button', { name: 'Avanti' }).click();
  await onItem(player, 10);
  await player.locator('qti-gap-text[identifier=W1]').focus();
  await key('Enter');
  await key('Enter');
  await saved('gap-match').toEqual(['W1 G1']);
  await player.getByRole('button', { name: 'Avanti' }).click();

  // The slider's lower bound, shown before any move, is no answer; its keys are the player's.
  await onItem(player, 11);
  expect((await stored(page)).data?.responses.slider).toBeUndefined();
  const slider = player.getByRole('slider', { name: /Quanti minuti/ });
  await slider.focus();
  await key('ArrowRight');
  await key('End');
  await key('PageDown');
  await saved('slider').toBe('90');
  await expect(slider).toHaveAttribute('aria-valuenow', '90');
  await player.getByRole('button', { name: 'Avanti' }).click();
  await onItem(player, 12);
  await player.getByLabel('Cerchio rosso').focus();
  await key('Space');
  await saved('hotspot').toBe('CI');

  // A reload resumes on the same item with every response back in its interaction.
  await page.getByRole('button', { name: 'Reload activity' }).click();
  await onItem(player, 12);
  await expect(player.locator('qti-hotspot-choice[identifier=CI]')).toHaveAttribute('aria-checked', 'true');
  await jump(player, 11, 'Cursore');
  await expect(player.getByRole('slider')).toHaveAttribute('aria-valuenow', '90');
  await jump(player, 3, 'Completamento');
  await expect(player.getByRole('textbox', { name: 'Risposta' })).toHaveValue('Tevere');
  await jump(player, 7, 'Ordinamento');
  expect((await stored(page)).data?.responses.order?.RESPONSE).toEqual(['C', 'M']);
  const places = player.locator('qti-order-interaction drop-list');
  await expect(places.nth(0)).toContainText('Centimetro');
  await expect(places.nth(1)).toContainText('Metro');
  await jump(player, 10, 'Completa con le parole');
  await expect(player.locator('qti-gap[identifier=G1]')).toContainText('gatto');
});

test('a linear part goes forward only; a nonlinear one has previous, the list and flags, and the hand-in lists what is open', async ({
  page,
}) => {
  const player = await open(page);
  await onItem(player, 1);
  await expect(player.getByRole('button', { name: 'Indietro' })).toHaveCount(0);
  await expect(player.getByText('Elenco delle domande')).toBeHidden();
  await intoSecondPart(player);
  // The first item of a part cannot go back into the part before.
  await expect(player.getByRole('button', { name: 'Indietro' })).toBeDisabled();
  await player.getByRole('button', { name: 'Avanti' }).click();
  await onItem(player, 4);
  await player.getByRole('button', { name: 'Indietro' }).click();
  await onItem(player, 3);
  await expect(player.locator('#qp-heading')).toBeFocused();

  await player.getByRole('button', { name: 'Segna da rivedere' }).click();
  await expect(player.getByRole('button', { name: 'Segna da rivedere' })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await stored(page)).data?.flagged).toEqual(['text-entry']);
  await jump(player, 12, 'Area dell’immagine');
  await expect(player.getByRole('button', { name: /^3\. Completamento/ })).toContainText('da rivedere');
  await player.getByLabel('Cerchio rosso').click();
  await expect.poll(async () => (await stored(page)).data?.position).toBe('hotspot');

  await player.getByRole('button', { name: 'Consegna' }).click();
  const dialog = player.getByRole('dialog', { name: 'Vuoi consegnare le risposte?' });
  await expect(dialog).toContainText('3. Completamento: senza risposta, segnata da rivedere');
  await expect(dialog).toContainText('1. Scelta singola: senza risposta');
  await expect(dialog).not.toContainText('Area dell’immagine');
  await dialog.getByRole('button', { name: 'Sì, consegna' }).click();
  await expect(player.getByText('Risposte consegnate. Grazie!')).toBeVisible();
  await expect.poll(async () => (await stored(page)).status).toBe('complete');
  expect(await page.getByRole('status').textContent()).toBe('Test complete');

  // A test already complete opens as finished.
  await page.getByRole('button', { name: 'Reload activity' }).click();
  await expect(player.getByText('Hai completato questa attività.')).toBeVisible();
  await expect(player.locator('qti-assessment-item')).toHaveCount(0);
});

test('every item at 320 px has no horizontal scroll and no serious or critical axe finding', async ({ page }) => {
  // Twelve axe scans on a shared machine.
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 320, height: 800 });
  // The player's page alone at 320 px: the host's side panel would leave the frame narrower.
  const player = await open(page);
  const frame = page.frames().find((f) => f.url().includes('/qti/'))!;
  await page.evaluate(() => {
    const f = document.getElementById('frame')!;
    f.parentElement!.style.display = 'block';
    f.style.width = '320px';
    f.style.height = '800px';
    document.getElementById('log')!.hidden = true;
  });
  for (let n = 1; n <= 12; n++) {
    await onItem(player, n);
    const results = await new AxeBuilder({ page }).include('#frame').analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((node) => node.html).join(', ')}`)).toEqual([]);
    expect(await frame.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    if (n === 12) break;
    await player.getByRole('button', { name: 'Avanti' }).click();
    if (n === 2) await player.getByRole('button', { name: 'Sì, vai avanti' }).click();
  }
});

test('the platform timer counts down in the bar and, at zero, hands in what was given', async ({ page }) => {
  configure({ timeLimitMinutes: 0.05 });
  const player = await open(page);
  await player.locator('qti-simple-choice[identifier=B]').click();
  await expect(player.getByText('Tempo scaduto: le risposte date sono state consegnate.')).toBeVisible();
  const after = await stored(page);
  expect(after.status).toBe('complete');
  expect(after.data?.responses.choice?.RESPONSE).toBe('B');
});

test('the package’s own max-time counts when the platform has no timer, and the platform’s timer wins over it', async ({ page }) => {
  configure({ hash: TIMED_HASH, timeLimitMinutes: 10 });
  let player = await open(page);
  await expect(player.locator('.pk-timer')).toHaveText(/Tempo rimasto: (10:00|9:5\d)/);

  configure({ hash: TIMED_HASH });
  await page.evaluate(() => localStorage.clear());
  player = await open(page);
  await expect(player.getByText('Tempo scaduto: le risposte date sono state consegnate.')).toBeVisible();
  expect((await stored(page)).status).toBe('complete');
});

test('a session in English or Spanish gets the player in its language', async ({ page }) => {
  configure({ lang: 'EN_en' });
  let player = await open(page);
  await expect(player.locator('#qp-heading')).toHaveText('Question 1 of 12');
  await expect(player.getByRole('button', { name: 'Next' })).toBeVisible();
  configure({ lang: 'ES_es' });
  player = await open(page);
  await expect(player.locator('#qp-heading')).toHaveText('Pregunta 1 de 12');
  await expect(player.getByRole('button', { name: 'Siguiente' })).toBeVisible();
});
