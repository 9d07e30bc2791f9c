// The QTI player's first item on the slow phone of lighthouse.ts: a QTI bank (the hand-written package of every
// interaction, packages/test-support/content/qti-all-interactions) imported into the bench's database through the
// importer CLI, for a candidate of its own; the room's test page opened in a fresh browser, which frames the player
// from the activities origin as it does for any candidate, until the player's first item is on the page.
//
// Lighthouse's simulated figures read the top document only, and the player is in a frame: so this load runs with
// the same profile applied by DevTools (the same latency, throughput and 4x CPU slowdown: Lighthouse's "devtools"
// throttling), and the figure is read in the player's frame: how long after the frame began to load its first
// item was there (`.qp-item[data-ready]`, set once the item and its saved responses are rendered), and how long
// after the test page was opened.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { launch } from 'chrome-launcher';
import puppeteer, { type Frame } from 'puppeteer-core';
import { contentFixture, filesOf, zipOf } from '@prova/test-support/content-files';
import { runImport } from '@prova/server/bench';

export const QTI_CANDIDATE = { username: 'qti.bench@bench.example', password: 'Prova2026!' };
const TEST_ID = 4901;
const CAMPAIGN_ID = 49010;

/** The bank and its candidate, imported as staff would: `npm run import -- <folder>`. */
export async function importQtiBank(databaseUrl: string, dataDir: string) {
  const folder = join(dataDir, 'qti-bundle');
  const file = 'qti/bank.zip';
  const company = 'Bench QTI';
  const bundle = {
    version: 2,
    companies: [{ name: company }],
    users: [
      { company, email: QTI_CANDIDATE.username, password: QTI_CANDIDATE.password, firstName: 'Quinta', lastName: 'Banca', privacy: true },
    ],
    tests: [{ id: TEST_ID, abbreviation: 'QTI', name: 'Banca di domande', package: { type: 'qti', file } }],
    campaigns: [
      {
        id: CAMPAIGN_ID,
        company,
        name: 'Campagna QTI',
        theme: 'dashboard',
        languages: ['IT_it'],
        dateStart: '2026-01-01T08:00:00+01:00',
        dateEnd: '2035-12-31T20:00:00+01:00',
        tests: [{ test: TEST_ID }],
        participants: [{ user: QTI_CANDIDATE.username }],
      },
    ],
  };
  for (const [path, bytes] of [
    ['bundle.json', Buffer.from(JSON.stringify(bundle))],
    [file, await zipOf(filesOf(contentFixture('qti-all-interactions')))],
  ] as const) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), bytes);
  }
  const errors: string[] = [];
  const code = await runImport([folder], { DATABASE_URL: databaseUrl, DEMO: '0' }, { out: () => {}, err: (line) => errors.push(line) });
  if (code !== 0) throw new Error(`Importing the QTI bank failed:\n${errors.join('\n')}`);
}

export interface SlowPhone {
  requestLatencyMs: number;
  downloadThroughputKbps: number;
  uploadThroughputKbps: number;
  cpuSlowdownMultiplier: number;
}

export interface FirstItem {
  /** From the player's frame starting to load to its first item shown. */
  playerMs: number;
  /** From the test page (the room framing the player) being opened to the player's first item shown. */
  pageMs: number;
}

/** One cold load of the room's test page with the player's first item, in a browser of its own, signed in with `cookies`. */
export async function firstItem(options: {
  base: string;
  chromePath: string;
  chromeFlags: string[];
  cookies: Array<{ name: string; value: string }>;
  phone: SlowPhone;
}): Promise<FirstItem> {
  const chrome = await launch({ chromePath: options.chromePath, chromeFlags: options.chromeFlags, logLevel: 'silent' });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    await browser.setCookie(...options.cookies.map((cookie) => ({ ...cookie, domain: '127.0.0.1', path: '/' })));
    const page = await browser.newPage();
    // The screen of lighthouse.ts's phone; the test the room opens, as a click on it in the room leaves it.
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    await page.evaluateOnNewDocument((testId) => sessionStorage.setItem('prova.currentTest', JSON.stringify({ testId })), TEST_ID);
    const cdp = await page.createCDPSession();
    const { phone } = options;
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: phone.requestLatencyMs,
      downloadThroughput: (phone.downloadThroughputKbps * 1024) / 8,
      uploadThroughput: (phone.uploadThroughputKbps * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: phone.cpuSlowdownMultiplier });
    await page.goto(`${options.base}/test`, { waitUntil: 'domcontentloaded', timeout: 120_000 });
    const pageOrigin = await page.evaluate(() => performance.timeOrigin);
    const frame = await playerFrame(page.frames.bind(page), 120_000);
    // The frame's own clock when the first item is there (observed on the mutation that marks it ready).
    const ready = await frame.waitForFunction(
      () => (document.querySelector('.qp-item[data-ready]') ? [performance.timeOrigin, performance.now()] : null),
      { polling: 'mutation', timeout: 120_000 },
    );
    const [frameOrigin, frameNow] = (await ready.jsonValue()) as [number, number];
    await browser.disconnect();
    return { playerMs: frameNow, pageMs: frameOrigin + frameNow - pageOrigin };
  } finally {
    chrome.kill();
  }
}

async function playerFrame(frames: () => Frame[], timeoutMs: number): Promise<Frame> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const frame = frames().find((f) => f.url().includes('/players/qti/'));
    if (frame) return frame;
    if (Date.now() > until) throw new Error('The room did not frame the QTI player');
    await new Promise((done) => setTimeout(done, 20));
  }
}
