import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type FrameLocator, type Page, type Response, test } from '@playwright/test';
import { prepareQtiPackage } from '@prova/qti/package';
import { contentFixture, filesOf, zipOf } from '@prova/test-support/content-files';
import { E2E_PORTS } from '../fixtures/ports';

// The QTI player as built (apps/players/dist), framed by the SDK's stand-alone host in its own process on
// two origins of its own, playing the project's hand-written package (packages/test-support/content/
// qti-all-interactions: one item per interaction, two nonlinear parts) as the server delivers it: read by the
// real package reader (prepareQtiPackage) and its served files and delivery.json written under
// /packages/<hash>/, as the activities origin serves them. Variants (a linear part, a short max-time) are
// the same files edited in memory. The host keeps what the player saves in its page's storage, read here.

test.describe.configure({ mode: 'default' });

type Files = Map<string, Uint8Array>;
const root = resolve(import.meta.dirname, '../..');
const original = filesOf(contentFixture('qti-all-interactions'));
const packagesDir = mkdtempSync(join(tmpdir(), 'prova-qti-player-'));
const configFile = join(packagesDir, 'mock.json');
const hashes = { all: '', linear: '', timed: '' };
/** The paths the reader serves of the fixture as it is (stripped items and assets). */
let servedPaths: string[] = [];
let host: ChildProcess;
let hostUrl: string;
let playerOrigin: string;

function edit(files: Files, path: string, change: (text: string) => string): Files {
  const before = new TextDecoder().decode(files.get(path));
  const after = change(before);
  if (after === before) throw new Error(`the edit of ${path} changed nothing`);
  return new Map(files).set(path, new TextEncoder().encode(after));
}

/** The package as the server stores it: read, stripped, and served under its hash. */
async function serve(files: Files): Promise<{ hash: string; paths: string[] }> {
  const hash = createHash('sha256')
    .update(await zipOf(files))
    .digest('hex');
  const prepared = await prepareQtiPackage(files);
  if (!prepared.ok) throw new Error(prepared.problems.join('\n'));
  for (const [path, bytes] of prepared.served) {
    mkdirSync(dirname(join(packagesDir, hash, path)), { recursive: true });
    writeFileSync(join(packagesDir, hash, path), bytes);
  }
  writeFileSync(join(packagesDir, hash, 'delivery.json'), JSON.stringify(prepared.delivery));
  return { hash, paths: [...prepared.served.keys()] };
}

/** What the host page opens next: the session's language, a platform timer, the package. */
function configure(options: { lang?: string; timeLimitMinutes?: number; hash?: string } = {}) {
  writeFileSync(
    configFile,
    JSON.stringify({
      path: `qti/?package=${options.hash ?? hashes.all}`,
      mount: { '/packages/': packagesDir },
      session: { campaignId: 1, testId: 1, userId: 1, lang: options.lang ?? 'IT_it' },
      timeLimitMinutes: options.timeLimitMinutes,
    }),
  );
}

test.beforeAll(async () => {
  ({ hash: hashes.all, paths: servedPaths } = await serve(original));
  // The first part linear: forward only, no list, no flags.
  hashes.linear = (
    await serve(
      edit(original, 'tests/test.xml', (t) =>
        t.replace('identifier="part-words" navigation-mode="nonlinear"', 'identifier="part-words" navigation-mode="linear"'),
      ),
    )
  ).hash;
  // The test's own max-time (qti-time-limits) of 2 seconds.
  hashes.timed = (await serve(edit(original, 'tests/test.xml', (t) => t.replace('max-time="1800"', 'max-time="2"')))).hash;
  configure();
  const port = E2E_PORTS.qtiMockHost;
  hostUrl = `http://localhost:${port}/`;
  playerOrigin = `http://localhost:${port + 1}`;
  host = spawn('node', ['packages/activity-sdk/mock/serve.mjs', 'apps/players/dist', String(port), '--config', configFile], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await once(host.stdout!, 'data');
});

test.beforeEach(() => configure());

test.afterAll(() => {
  host?.kill();
  rmSync(packagesDir, { recursive: true, force: true });
});

interface Stored {
  status: string;
  data: { qti: 1; position: string | null; responses: Record<string, Record<string, unknown>>; flagged: string[]; seed?: string } | null;
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

const next = (player: FrameLocator) => player.getByRole('button', { name: 'Avanti' }).click();

/** The part's list, opened, then the item picked. */
async function jump(player: FrameLocator, n: number, title: string) {
  const list = player.locator('.qp-list__details');
  if (!(await list.evaluate((d) => (d as HTMLDetailsElement).open))) await player.getByText('Elenco delle domande').click();
  await player.getByRole('button', { name: new RegExp(`^${n}\\. ${title}`) }).click();
  await onItem(player, n);
}

// What scores or tells an answer in the original items, that the candidate's browser must never receive.
const ORIGINAL_ITEMS = [...original].filter(([path]) => path.startsWith('items/')).map(([, bytes]) => new TextDecoder().decode(bytes));
const STRIPPED_ELEMENTS = [
  'qti-correct-response',
  'qti-mapping',
  'qti-area-mapping',
  'qti-response-processing',
  'qti-template-processing',
  'qti-template-declaration',
  'qti-modal-feedback',
  'qti-feedback-block',
  'qti-feedback-inline',
];
const all = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[1] as string);
const plain = (xml: string) =>
  xml
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const secrets = {
  elements: STRIPPED_ELEMENTS.filter((name) => ORIGINAL_ITEMS.some((xml) => xml.includes(`<${name}`))),
  correct: ORIGINAL_ITEMS.flatMap((xml) =>
    all(xml, /<qti-correct-response>([\s\S]*?)<\/qti-correct-response>/g).flatMap((c) => all(c, /<qti-value>([^<]*)<\/qti-value>/g)),
  ),
  mapKeys: ORIGINAL_ITEMS.flatMap((xml) => all(xml, /map-key="([^"]*)"/g)),
  templates: ORIGINAL_ITEMS.flatMap((xml) => all(xml, /template="([^"]*)"/g)),
  // Words written for the key's readers: feedback, the scorer's rubric, the author's comments.
  texts: ORIGINAL_ITEMS.flatMap((xml) => [
    ...all(xml, /<qti-modal-feedback[^>]*>([\s\S]*?)<\/qti-modal-feedback>/g).map(plain),
    ...all(xml, /<qti-rubric-block view="scorer"[^>]*>([\s\S]*?)<\/qti-rubric-block>/g).map(plain),
    ...all(xml, /<!--([\s\S]*?)-->/g).map((c) => c.trim()),
  ]),
  // Correct responses and map keys that are free text, not the identifier of a choice in the body.
  freeText: ORIGINAL_ITEMS.flatMap((xml) => {
    const values = [
      ...all(xml, /<qti-correct-response>([\s\S]*?)<\/qti-correct-response>/g).flatMap((c) => all(c, /<qti-value>([^<]*)<\/qti-value>/g)),
      ...all(xml, /map-key="([^"]*)"/g),
    ];
    return values.filter((value) => value.split(' ').some((part) => !xml.includes(`identifier="${part}"`)));
  }),
};
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every answer the player's origin sends the page (the player, its scripts, delivery.json, items, assets), body and all. */
function recordResponses(page: Page) {
  const received: Array<{ url: string; body: Promise<string> }> = [];
  page.on('response', (response: Response) => {
    if (!response.url().startsWith(playerOrigin)) return;
    received.push({ url: new URL(response.url()).pathname, body: response.body().then((b) => b.toString('utf8')) });
  });
  return async () => Promise.all(received.map(async ({ url, body }) => ({ url, body: await body })));
}

test('every interaction answered with the keyboard alone is saved at once as QtiProgress and comes back after a reload', async ({
  page,
}) => {
  const responses = recordResponses(page);
  const player = await open(page);
  const key = (k: string) => page.keyboard.press(k);
  const saved = (item: string) => expect.poll(async () => (await stored(page)).data?.responses[item]?.RESPONSE);

  await onItem(player, 1);
  await expect(player.locator('.qp-section')).toHaveText('Words and choices');
  await player.locator('qti-simple-choice[identifier=B]').focus();
  await key('Space');
  await saved('choice-single').toBe('B');
  await next(player);
  await onItem(player, 2);
  await player.locator('qti-simple-choice[identifier=P2]').focus();
  await key('Space');
  await key('Tab');
  await key('Tab');
  await key('Space');
  await saved('choice-multiple').toEqual(['P2', 'P9']);
  await next(player);

  await onItem(player, 3);
  await player.getByRole('textbox', { name: 'Risposta' }).focus();
  await page.keyboard.type('Rotterdam');
  await saved('text-entry').toBe('Rotterdam');
  await next(player);
  // The package's own style sheet applies; the rubric for the candidate shows, the scorer's was never sent.
  await onItem(player, 4);
  await expect(player.locator('.qp-section')).toHaveText('Writing');
  await expect(player.getByText('Answer in one sentence.')).toHaveCSS('font-style', 'italic');
  await player.getByRole('textbox', { name: 'What is photosynthesis?' }).focus();
  await page.keyboard.type('Light into sugar');
  await saved('extended-text').toBe('Light into sugar');
  await next(player);
  await onItem(player, 5);
  await player.getByRole('button', { name: 'Scegli la parola' }).focus();
  await key('Enter');
  await key('ArrowDown');
  await key('Enter');
  await saved('inline-choice').toBe('GO');
  await next(player);

  // Drag and drop by keyboard: Enter picks an item up, the arrows pick the place, Enter puts it down.
  await onItem(player, 6);
  await expect(player.getByText('Con la tastiera: premi Invio su una voce per prenderla').first()).toBeVisible();
  await player.locator('qti-simple-choice[identifier=MERCURY]').focus();
  await key('Enter');
  await key('Enter');
  await player.locator('qti-simple-choice[identifier=VENUS]').focus();
  await key('Enter');
  await key('ArrowDown');
  await key('Enter');
  await saved('order').toEqual(['MERCURY', 'VENUS']);

  // A reload resumes on the same item with its response back; the part's other items kept theirs.
  await page.getByRole('button', { name: 'Reload activity' }).click();
  await onItem(player, 6);
  const places = player.locator('qti-order-interaction drop-list');
  await expect(places.nth(0)).toContainText('Mercury');
  await expect(places.nth(1)).toContainText('Venus');
  await jump(player, 3, 'Capital');
  await expect(player.getByRole('textbox', { name: 'Risposta' })).toHaveValue('Rotterdam');
  await jump(player, 2, 'Prime numbers');
  await expect(player.locator('qti-simple-choice[identifier=P9]')).toHaveAttribute('aria-checked', 'true');
  await expect(player.locator('qti-simple-choice[identifier=P7]')).toHaveAttribute('aria-checked', 'false');
  await jump(player, 6, 'Planets');
  await next(player);
  await player.getByRole('button', { name: 'Sì, vai avanti' }).click();

  await onItem(player, 7);
  await expect(player.locator('.qp-section')).toHaveText('Pairs and gaps');
  await player.locator('qti-simple-associable-choice[identifier=DANTE]').focus();
  await key('Enter');
  await key('Enter');
  await saved('match').toEqual(['DANTE QUIXOTE']);
  await next(player);
  await onItem(player, 8);
  await player.locator('qti-simple-associable-choice[identifier=HOT]').focus();
  await key('Enter');
  await key('Enter');
  await player.locator('qti-simple-associable-choice[identifier=COLD]').focus();
  await key('Enter');
  await key('ArrowRight');
  await key('Enter');
  await saved('associate').toEqual(['HOT COLD']);
  await next(player);
  await onItem(player, 9);
  await player.locator('qti-gap-text[identifier=SUMMER]').focus();
  await key('Enter');
  await key('Enter');
  await saved('gap-match').toEqual(['SUMMER G1']);
  await next(player);
  // A section that is not visible shows no title.
  await onItem(player, 10);
  await expect(player.locator('.qp-section')).toBeHidden();
  await player.locator('qti-hottext[identifier=H3]').focus();
  await key('Space');
  await saved('hottext').toBe('H3');
  await next(player);

  // The slider's lower bound, shown before any move, is no answer; its keys are the player's.
  await onItem(player, 11);
  expect((await stored(page)).data?.responses.slider).toBeUndefined();
  const slider = player.getByRole('slider', { name: /In which year/ });
  await slider.focus();
  await key('ArrowRight');
  await key('End');
  await key('PageDown');
  await saved('slider').toBe('1995');
  await expect(slider).toHaveAttribute('aria-valuenow', '1995');
  await next(player);
  await onItem(player, 12);
  await expect(player.getByRole('img', { name: /A red round shape/ })).toBeVisible();
  await player.getByLabel('right shape').focus();
  await key('Space');
  await saved('hotspot').toBe('SQUARE');

  await page.getByRole('button', { name: 'Reload activity' }).click();
  await onItem(player, 12);
  await expect(player.locator('qti-hotspot-choice[identifier=SQUARE]')).toHaveAttribute('aria-checked', 'true');
  await jump(player, 11, 'Moon landing');
  await expect(player.getByRole('slider')).toHaveAttribute('aria-valuenow', '1995');
  await jump(player, 9, 'Seasons');
  await expect(player.locator('qti-gap[identifier=G1]')).toContainText('summer');
  await jump(player, 8, 'Opposites');
  expect((await stored(page)).data?.responses.associate?.RESPONSE).toEqual(['HOT COLD']);

  // Nothing the browser received while taking the test holds what scores or tells an answer.
  const received = await responses();
  const fromPackage = received.filter(({ url }) => url.startsWith(`/packages/${hashes.all}/`));
  expect(new Set(fromPackage.map(({ url }) => url.slice(`/packages/${hashes.all}/`.length)))).toEqual(
    new Set(['delivery.json', ...servedPaths]),
  );
  expect(secrets.elements.length).toBeGreaterThanOrEqual(3);
  expect(secrets.correct.length).toBeGreaterThanOrEqual(12);
  expect(secrets.texts.length).toBeGreaterThanOrEqual(3);
  expect(secrets.freeText).toEqual(expect.arrayContaining(['Amsterdam', '1969']));
  for (const { url, body } of received) {
    for (const text of [...secrets.texts, ...secrets.freeText]) expect(body, `${url} holds "${text}"`).not.toContain(text);
  }
  for (const { url, body } of fromPackage) {
    for (const name of secrets.elements) expect(body, `${url} holds ${name}`).not.toContain(name);
    for (const template of secrets.templates) expect(body, `${url} holds ${template}`).not.toContain(template);
    for (const key of secrets.mapKeys) expect(body, `${url} holds the map key ${key}`).not.toContain(`map-key="${key}"`);
    for (const value of secrets.correct) {
      expect(body, `${url} holds the value ${value}`).not.toMatch(new RegExp(`<qti-value>\\s*${escape(value)}\\s*</qti-value>`));
    }
  }
});

test('shuffled choices show in the attempt’s own order, the same after a reload and on another device; fixed ones stay put', async ({
  page,
  browser,
}) => {
  const order = (player: FrameLocator, interaction: string) =>
    player.locator(`${interaction} qti-simple-choice`).evaluateAll((choices) => choices.map((c) => c.getAttribute('identifier')));
  let player = await open(page);
  await onItem(player, 1);
  // Written A, B, C and "None of these" (D, fixed): shown in another order, D last.
  const rivers = await order(player, 'qti-choice-interaction');
  expect(rivers).not.toEqual(['A', 'B', 'C', 'D']);
  expect([...rivers].sort()).toEqual(['A', 'B', 'C', 'D']);
  expect(rivers[3]).toBe('D');
  await expect(player.locator('qti-simple-choice').last()).toHaveText('None of these');
  await expect.poll(async () => (await stored(page)).data?.seed).toMatch(/^[0-9a-f]{24}$/);
  await jump(player, 6, 'Planets');
  const planets = await order(player, 'qti-order-interaction');
  expect(planets).not.toEqual(['EARTH', 'MARS', 'MERCURY', 'VENUS']);
  // A choice that does not shuffle stays as written.
  await jump(player, 2, 'Prime numbers');
  expect(await order(player, 'qti-choice-interaction')).toEqual(['P2', 'P7', 'P9', 'P10']);

  await page.getByRole('button', { name: 'Reload activity' }).click();
  await onItem(player, 2);
  await jump(player, 1, 'Rivers');
  expect(await order(player, 'qti-choice-interaction')).toEqual(rivers);
  await jump(player, 6, 'Planets');
  expect(await order(player, 'qti-order-interaction')).toEqual(planets);

  // Another device: a browser of its own that has only what the platform holds (the host's store).
  const held = await page.evaluate(() => localStorage.getItem('prova-mock:dist') ?? '');
  const other = await (await browser.newContext()).newPage();
  await other.goto(hostUrl);
  await other.evaluate((value) => localStorage.setItem('prova-mock:dist', value), held);
  player = await open(other);
  await onItem(player, 6);
  expect(await order(player, 'qti-order-interaction')).toEqual(planets);
  await jump(player, 1, 'Rivers');
  expect(await order(player, 'qti-choice-interaction')).toEqual(rivers);
  await other.context().close();
});

test('a linear part goes forward only; a nonlinear one has previous, the list and flags, and the hand-in lists what is open', async ({
  page,
}) => {
  configure({ hash: hashes.linear });
  const player = await open(page);
  await onItem(player, 1);
  await expect(player.getByRole('button', { name: 'Indietro' })).toHaveCount(0);
  await expect(player.getByRole('button', { name: 'Segna da rivedere' })).toHaveCount(0);
  await expect(player.getByText('Elenco delle domande')).toBeHidden();
  for (let n = 2; n <= 6; n++) {
    await next(player);
    await onItem(player, n);
  }
  await next(player);
  await player.getByRole('button', { name: 'Sì, vai avanti' }).click();
  await onItem(player, 7);
  // The first item of a part cannot go back into the part before.
  await expect(player.getByRole('button', { name: 'Indietro' })).toBeDisabled();
  await next(player);
  await onItem(player, 8);
  await player.getByRole('button', { name: 'Indietro' }).click();
  await onItem(player, 7);
  await expect(player.locator('#qp-heading')).toBeFocused();

  await player.getByRole('button', { name: 'Segna da rivedere' }).click();
  await expect(player.getByRole('button', { name: 'Segna da rivedere' })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await stored(page)).data?.flagged).toEqual(['match']);
  await jump(player, 12, 'Circle');
  await expect(player.getByRole('button', { name: /^7\. Authors/ })).toContainText('da rivedere');
  await player.getByLabel('left shape').click();
  await expect.poll(async () => (await stored(page)).data?.position).toBe('hotspot');

  await player.getByRole('button', { name: 'Consegna' }).click();
  const dialog = player.getByRole('dialog', { name: 'Vuoi consegnare le risposte?' });
  await expect(dialog).toContainText('7. Authors: senza risposta, segnata da rivedere');
  await expect(dialog).toContainText('1. Rivers: senza risposta');
  await expect(dialog).not.toContainText('Circle');
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
    await next(player);
    if (n === 6) await player.getByRole('button', { name: 'Sì, vai avanti' }).click();
  }
});

test('the platform timer counts down in the bar and, at zero, hands in what was given', async ({ page }) => {
  configure({ timeLimitMinutes: 0.05 });
  const player = await open(page);
  await player.locator('qti-simple-choice[identifier=C]').click();
  await expect(player.getByText('Tempo scaduto: le risposte date sono state consegnate.')).toBeVisible();
  const after = await stored(page);
  expect(after.status).toBe('complete');
  expect(after.data?.responses['choice-single']?.RESPONSE).toBe('C');
});

test('the package’s own max-time counts when the platform has no timer, and the platform’s timer wins over it', async ({ page }) => {
  let player = await open(page);
  await expect(player.locator('.pk-timer')).toHaveText(/Tempo rimasto: (30:00|29:5\d)/);

  configure({ hash: hashes.timed, timeLimitMinutes: 10 });
  await page.evaluate(() => localStorage.clear());
  player = await open(page);
  await expect(player.locator('.pk-timer')).toHaveText(/Tempo rimasto: (10:00|9:5\d)/);

  configure({ hash: hashes.timed });
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
