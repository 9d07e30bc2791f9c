import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFixture, filesOf, zipOf } from '@prova/test-support/content-files';
import { buildActivitiesApp } from './activities-app';
import { loadEnv } from './config/env';
import { prepareBundlePackages } from './content/bundle-packages';
import { readBundleZip } from './content/bundle-source';
import { importBundle } from './import/import-bundle';
import { createContentRepository } from './repositories/content-repository';
import { buildTestApp, type TestApp } from '../test/build-test-app';

const PLAYER_PAGE = `<!doctype html><title>QTI</title>${'<p>player</p>'.repeat(50)}`;
const PLAYER_SCRIPT = `export const player = ${JSON.stringify('qti '.repeat(500))};`;
let root: string;
let activities: FastifyInstance;
let t: TestApp;
let hash: string;
let qtiHash: string;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'prova-activities-'));
  mkdirSync(join(root, 'activities', 'quiz'), { recursive: true });
  mkdirSync(join(root, 'sdk'));
  writeFileSync(join(root, 'activities', 'quiz', 'index.html'), '<!doctype html><title>Quiz</title>');
  writeFileSync(join(root, 'sdk', 'prova-activity.js'), 'window.ProvaActivity = {};');
  // The players' build, each text file also as .br and .gz (apps/players/scripts/precompress.mjs).
  mkdirSync(join(root, 'players', 'qti'), { recursive: true });
  mkdirSync(join(root, 'players', 'assets'));
  for (const [path, text] of [
    ['qti/index.html', PLAYER_PAGE],
    ['assets/qti-Ab12Cd34.js', PLAYER_SCRIPT],
  ]) {
    writeFileSync(join(root, 'players', path), text);
    writeFileSync(join(root, 'players', `${path}.br`), brotliCompressSync(text));
    writeFileSync(join(root, 'players', `${path}.gz`), gzipSync(text));
  }
  const env = loadEnv({ PUBLIC_URL: 'https://prova.example.com', ACTIVITIES_URL: 'https://activities.example.net', LOG_LEVEL: 'silent' });
  t = await buildTestApp();
  // A SCORM course imported as a bundle zip, as staff would.
  const course = await zipOf(filesOf(contentFixture('scorm-manifest-12')));
  const bundle = {
    version: 2,
    tests: [
      { id: 1, abbreviation: 'SIC', name: 'Sicurezza', package: { type: 'scorm', file: 'safety.zip' } },
      { id: 2, abbreviation: 'QTI', name: 'Banca', package: { type: 'qti', file: 'bank.zip' } },
    ],
  };
  const source = await readBundleZip(
    await zipOf(
      new Map([
        ['bundle.json', Buffer.from(JSON.stringify(bundle))],
        ['safety.zip', course],
        ['bank.zip', await zipOf(filesOf(contentFixture('qti-all-interactions')))],
      ]),
    ),
    'b.zip',
  );
  if (!source.ok) throw new Error(source.problems.join('\n'));
  const packages = await prepareBundlePackages(source.bundle, source.files);
  const imported = await importBundle(t.database, source.bundle, { packages });
  if (!imported.ok) throw new Error(imported.problems.join('\n'));
  hash = packages.refs.get('safety.zip')!.hash;
  qtiHash = packages.refs.get('bank.zip')!.hash;
  activities = await buildActivitiesApp({
    env,
    activitiesRoot: join(root, 'activities'),
    playersRoot: join(root, 'players'),
    sdkRoot: join(root, 'sdk'),
    packages: createContentRepository(t.database.db),
    logger: false,
  });
});
afterAll(async () => {
  await activities.close();
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the activities origin', () => {
  it('serves the activities and the SDK, framed by the app only and talking to their own origin only', async () => {
    const page = await activities.inject({ url: '/activities/quiz/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Quiz</title>');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain('frame-ancestors https://prova.example.com');
    expect(csp).toContain("connect-src 'self'");
    expect((await activities.inject({ url: '/sdk/prova-activity.js' })).statusCode).toBe(200);
  });

  it("serves the players' build compressed as the browser accepts, its hashed files cached for good, its pages revalidated", async () => {
    const page = await activities.inject({ url: '/players/qti/?package=abc', headers: { 'accept-encoding': 'br, gzip' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(PLAYER_PAGE);
    expect(page.headers['cache-control']).toBe('no-cache');
    const script = await activities.inject({ url: '/players/assets/qti-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip' } });
    expect(script.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(script.rawPayload).toString()).toBe(PLAYER_SCRIPT);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await activities.inject({ url: '/players/assets/qti-Ab12Cd34.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(PLAYER_SCRIPT);
  });

  it("names a QTI package's delivery.json and first item in the player page's Link header, to be fetched with its scripts", async () => {
    const page = await activities.inject({ url: `/players/qti/?package=${qtiHash}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers.link).toBe(
      `</packages/${qtiHash}/delivery.json>; rel=preload; as=fetch; crossorigin, ` +
        `</packages/${qtiHash}/items/choice-single.xml>; rel=preload; as=fetch; crossorigin`,
    );
    // What the browser preloads is what the package serves.
    expect((await activities.inject({ url: `/packages/${qtiHash}/items/choice-single.xml` })).statusCode).toBe(200);
    for (const other of [hash, 'f'.repeat(64), 'nope', ''])
      expect((await activities.inject({ url: `/players/qti/?package=${other}` })).headers.link, other).toBeUndefined();
  });

  it('has no API, no app and no session', async () => {
    for (const url of ['/api/auth/me', '/', '/login']) {
      const res = await activities.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['set-cookie'], url).toBeUndefined();
    }
  });

  it("serves a stored package's files and delivery.json, named by its hash, cached for good, typed, not sniffed", async () => {
    const page = await activities.inject({ url: `/packages/${hash}/course/pages/intro.html` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('window.parent.API');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Authoring tools' courses run inline scripts and eval: here only, framed by the player beside them and the app.
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' 'unsafe-inline' 'unsafe-eval'");
    expect(csp).toContain("frame-ancestors 'self' https://prova.example.com");
    expect(csp).toContain("connect-src 'self'");
    expect(String((await activities.inject({ url: '/activities/quiz/' })).headers['content-security-policy'])).toContain(
      "script-src 'self';",
    );

    const again = await activities.inject({
      url: `/packages/${hash}/course/pages/intro.html`,
      headers: { 'if-none-match': String(page.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const head = await activities.inject({ method: 'HEAD', url: `/packages/${hash}/course/logo.svg` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/svg+xml');
    expect(head.body).toBe('');

    const delivery = await activities.inject({ url: `/packages/${hash}/delivery.json` });
    expect(delivery.headers['content-type']).toMatch(/^application\/json/);
    expect(delivery.json()).toEqual({
      kind: 'scorm',
      version: '1.2',
      launch: 'course/pages/intro.html?lang=it',
      title: 'Introduzione alla sicurezza',
    });
  });

  it('answers 404 for anything else under /packages/', async () => {
    const other = 'f'.repeat(64);
    for (const url of [
      `/packages/${hash}/missing.html`,
      `/packages/${other}/course/pages/intro.html`,
      `/packages/${other}/delivery.json`,
      `/packages/not-a-hash/course/pages/intro.html`,
      `/packages/${hash}/course%2F..%2F..%2Fimsmanifest.xml`,
      `/packages/${hash}/`,
      `/packages/${hash}`,
    ]) {
      const res = await activities.inject({ url });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it("never serves a package on the app's origin: it sends the link on to the activities origin", async () => {
    const res = await t.app.inject({ url: `/packages/${hash}/course/pages/intro.html` });
    expect(res.statusCode).toBe(308);
    expect(res.headers.location).toBe(`http://127.0.0.1:3001/packages/${hash}/course/pages/intro.html`);
    expect(res.body).not.toContain('window.parent.API');
  });

  it("is never the app's origin: the app sends an old activity link on to it", async () => {
    const res = await t.app.inject({ url: '/activities/numerical/?provaHost=x' });
    expect(res.statusCode).toBe(308);
    expect(res.headers.location).toBe('http://127.0.0.1:3001/activities/numerical/?provaHost=x');
  });
});
