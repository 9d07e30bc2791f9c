// The SDK and the activity kit are what activities on any origin load from the platform; the app's own files
// are sent compressed (the build's .br and .gz) and cached by what their names promise.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, login, type TestApp } from '../../test/build-test-app';
import { authBundle, PASSWORD } from '../../test/fixtures';
import { campaignPages } from '@prova/contract/pages';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHELL = '<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body></body></html>';
/** What apps/web/scripts/prerender-login.mjs writes: the shell with the sign-in page rendered in #root. */
const LOGIN =
  '<!doctype html><html><head><title>Accedi · Prova</title><script type="module" src="/assets/index-Ab12Cd34.js"></script></head>' +
  '<body><div id="root"><main id="main"><section class="card"><h1 id="login-title">Accedi a Prova</h1><form class="form" novalidate>' +
  '<label for="login-username">Email</label><input id="login-username" required type="email"/></form></section></main></div></body></html>';
const ENTRY = `export const greeting = ${JSON.stringify('ciao '.repeat(200))};`;
const SDK = 'window.ProvaActivity = {};';
/** What apps/web/scripts/write-page-chunks.mjs writes: the files some campaign pages load at once. */
const PAGE_CHUNKS = {
  home: ['/assets/index-Ab12Cd34.js', '/assets/home-Ij90Kl12.js', '/assets/home-Mn34Op56.css'],
  report: ['/assets/index-Ab12Cd34.js', '/assets/report-Qr78St90.js'],
};

/** A file with the .br and .gz the build writes next to it. */
function writePrecompressed(path: string, content: string) {
  writeFileSync(path, content);
  writeFileSync(`${path}.br`, brotliCompressSync(content));
  writeFileSync(`${path}.gz`, gzipSync(content));
}

let t: TestApp;
let sdkRoot: string;
let webRoot: string;
beforeAll(async () => {
  sdkRoot = mkdtempSync(join(tmpdir(), 'prova-sdk-'));
  for (const dir of [sdkRoot, join(sdkRoot, '1.0.0'), join(sdkRoot, '1.0.0', 'kit')]) mkdirSync(dir, { recursive: true });
  writeFileSync(join(sdkRoot, 'prova-activity.js'), SDK);
  writePrecompressed(join(sdkRoot, '1.0.0', 'prova-activity.js'), SDK);
  writeFileSync(join(sdkRoot, '1.0.0', 'kit', 'prova-kit.css'), ':root {}');
  webRoot = mkdtempSync(join(tmpdir(), 'prova-web-'));
  mkdirSync(join(webRoot, 'assets'));
  writePrecompressed(join(webRoot, 'index.html'), SHELL);
  writePrecompressed(join(webRoot, 'login.html'), LOGIN);
  writePrecompressed(join(webRoot, 'assets', 'index-Ab12Cd34.js'), ENTRY);
  writeFileSync(join(webRoot, 'assets', 'tiny-Ef56Gh78.js'), 'export {};'); // too small to gain from compression
  mkdirSync(join(webRoot, '.vite'));
  writeFileSync(join(webRoot, '.vite', 'page-chunks.json'), JSON.stringify(PAGE_CHUNKS));
  t = await buildTestApp(authBundle, { sdkRoot, webRoot });
});
afterAll(async () => {
  await t.close();
  rmSync(sdkRoot, { recursive: true, force: true });
  rmSync(webRoot, { recursive: true, force: true });
});

describe('the build (/assets/)', () => {
  const url = '/assets/index-Ab12Cd34.js';

  it('is sent as brotli to a browser that accepts it, and cached for good', async () => {
    const res = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(ENTRY.length / 4);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(ENTRY);
  });

  it('is sent as gzip to a browser without brotli', async () => {
    const res = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(res.rawPayload).toString()).toBe(ENTRY);
  });

  it('is sent as it is to a client that accepts no encoding, or when there is no compressed copy', async () => {
    const plain = await t.app.inject({ url });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    expect(plain.body).toBe(ENTRY);
    const tiny = await t.app.inject({ url: '/assets/tiny-Ef56Gh78.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('export {};');
  });

  it('does not serve the compressed copies as files of their own, and a missing chunk is a 404', async () => {
    expect((await t.app.inject({ url: `${url}.br` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/assets/index-0ld0ld00.js', headers: { 'accept-encoding': 'br' } })).statusCode).toBe(404);
  });
});

describe('the app shell (index.html)', () => {
  it('is compressed too, but revalidated on every visit', async () => {
    for (const url of ['/', '/reset', '/campaign/3/tests?x=1', '/index.html']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(SHELL);
    }
    const plain = await t.app.inject({ url: '/reset' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(SHELL);
  });

  it('comes with the sign-in form already rendered for /login, and only there', async () => {
    for (const url of ['/login', '/login?from=%2Ftests']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      const html = brotliDecompressSync(res.rawPayload).toString();
      expect(html, url).toContain('Accedi a Prova');
      expect(html, url).toContain('id="login-username"');
      expect(html, url).toBe(LOGIN);
    }
    const gzip = await t.app.inject({ url: '/login', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(LOGIN);
    const plain = await t.app.inject({ url: '/login' });
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(LOGIN);
    for (const url of ['/', '/reset', '/login/other', '/logins']) {
      const other = await t.app.inject({ url });
      expect(other.statusCode, url).toBe(200);
      expect(other.body, url).toBe(SHELL);
    }
  });

  it("preloads a page's first reads and a campaign page's code with the page, only when they will answer 200", async () => {
    const linkOf = async (url: string, cookie?: string) => {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'br', ...(cookie ? { cookie } : {}) } });
      expect(res.statusCode, url).toBe(200);
      // The build's file all the same, compressed: the preloads are a header.
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(url.startsWith('/login') ? LOGIN : SHELL);
      return res.headers.link;
    };
    // Who is signed in: every page asks it first.
    const me = '</api/auth/me>; rel=preload; as=fetch; crossorigin';
    const reads =
      me +
      ', </api/usercampaign>; rel=preload; as=fetch; crossorigin, </api/usercampaign/list>; rel=preload; as=fetch; crossorigin, ' +
      '</api/usertests>; rel=preload; as=fetch; crossorigin';

    // Consent given, a campaign selected: the room and the campaign's other pages.
    const sara = await login(t.app, 'sara@alfa.example', PASSWORD);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/usercampaign/7001', headers: { cookie: sara }, payload: { lang: 'IT_it' } }))
        .statusCode,
    ).toBe(200);
    // Every page under the web app's campaign layout, as its router knows them.
    const pages = Object.values(campaignPages).map((pattern) => pattern.replace(/:[^/]+/g, '4'));
    expect(pages).toEqual(expect.arrayContaining(['/', '/tests', '/test', '/start', '/report', '/skillup-360', '/skillup-360/4']));
    // The code of the pages the build listed: modules as modules, stylesheets as styles, in the build's order.
    const code = {
      '/':
        ', </assets/index-Ab12Cd34.js>; rel=modulepreload; crossorigin, </assets/home-Ij90Kl12.js>; rel=modulepreload; crossorigin, ' +
        '</assets/home-Mn34Op56.css>; rel=preload; as=style; crossorigin',
      '/report':
        ', </assets/index-Ab12Cd34.js>; rel=modulepreload; crossorigin, </assets/report-Qr78St90.js>; rel=modulepreload; crossorigin',
    } as Record<string, string>;
    for (const url of [...pages, '/?x=1']) {
      expect(await linkOf(url, sara), url).toBe(reads + (code[url.split('?')[0]] ?? ''));
      for (const read of ['/api/auth/me', '/api/usercampaign', '/api/usercampaign/list', '/api/usertests']) {
        expect((await t.app.inject({ url: read, headers: { cookie: sara } })).statusCode, read).toBe(200);
      }
    }
    const room = await t.app.inject({ url: '/', headers: { cookie: sara } });
    expect(room.headers.vary).toMatch(/cookie/i);
    // Other pages read other things (or only who is signed in, so far).
    for (const url of ['/login', '/select-campaign', '/privacy', '/console', '/reset', '/tests/1', '/skillup-360/', '/testsx']) {
      expect(await linkOf(url, sara), url).toBe(me);
    }
    // The shell's own file, asked by its name, is the file and no more.
    expect(await linkOf('/index.html', sara)).toBeUndefined();

    // Signed out (no cookie, or one that is no longer valid): nothing, which would be refused with a 401.
    expect(await linkOf('/')).toBeUndefined();
    expect(await linkOf('/', 'prova_session=not-a-session')).toBeUndefined();
    // No campaign selected yet (the layout sends to the picker), or one without consent (to the privacy page): nothing.
    const anna = await login(t.app, 'anna@alfa.example', PASSWORD);
    expect(await linkOf('/', anna)).toBe(me);
    expect((await t.app.inject({ method: 'POST', url: '/api/usercampaign/7002', headers: { cookie: anna }, payload: {} })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ url: '/api/usertests', headers: { cookie: anna } })).json().code).toBe('NO_PRIVACY_CONSENT');
    expect(await linkOf('/', anna)).toBe(me);

    // The list itself stays with the server, as the build's manifest does.
    expect((await t.app.inject({ url: '/.vite/page-chunks.json' })).body).not.toContain('home-Ij90Kl12');
  });

  it('sends a campaign page at once when the session cannot be read, without the preloads', async () => {
    const sara = await login(t.app, 'sara@alfa.example', PASSWORD);
    const hanging = vi.spyOn(t.app.accessCache, 'auth').mockImplementation(() => new Promise(() => {}));
    try {
      const started = Date.now();
      const res = await t.app.inject({ url: '/', headers: { cookie: sara } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(SHELL);
      expect(res.headers.link).toBeUndefined();
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      hanging.mockRestore();
    }
  });

  it('tells the app whether a session may be open, so that a signed-out visit asks nothing that fails', async () => {
    const told = async (cookie?: string) => {
      const res = await t.app.inject({ url: '/login', headers: cookie ? { cookie } : {} });
      expect(res.statusCode).toBe(200);
      return res.cookies.find((c) => c.name === 'prova_signed_in');
    };
    // Signed out: no cookie to read, none set.
    expect(await told()).toBeUndefined();
    // A session from before the cookie existed gets it with the page, readable by the app's scripts.
    const sara = await login(t.app, 'sara@alfa.example', PASSWORD);
    expect(await told(sara)).toMatchObject({ value: '1', path: '/', sameSite: 'Lax' });
    expect((await told(sara))?.httpOnly).toBeUndefined();
    // Already told: nothing set again.
    expect(await told(`${sara}; prova_signed_in=1`)).toBeUndefined();
    // A session that ran out: the cookie goes.
    expect(await told('prova_session=not-a-session; prova_signed_in=1')).toMatchObject({ value: '', expires: new Date(0) });
    // The database slow to say: a page with a session cookie keeps it, the app then asks.
    const hanging = vi.spyOn(t.app.accessCache, 'auth').mockImplementation(() => new Promise(() => {}));
    try {
      expect(await told(sara)).toMatchObject({ value: '1' });
    } finally {
      hanging.mockRestore();
    }
  });

  it('leaves the API alone: its JSON is not encoded', async () => {
    const res = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({ status: true });
  });
});

describe('/sdk/', () => {
  it('may be loaded by a page of any origin', async () => {
    for (const url of ['/sdk/prova-activity.js', '/sdk/1.0.0/prova-activity.js', '/sdk/1.0.0/kit/prova-kit.css']) {
      const res = await t.app.inject({ url, headers: { origin: 'http://127.0.0.1:4999', 'sec-fetch-site': 'cross-site' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
      expect(res.headers['access-control-allow-origin'], url).toBe('*');
    }
  });

  it('caches a versioned file for a year and revalidates the unversioned one', async () => {
    const versioned = await t.app.inject({ url: '/sdk/1.0.0/prova-activity.js' });
    expect(versioned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(versioned.headers['content-type']).toMatch(/javascript/);
    const latest = await t.app.inject({ url: '/sdk/prova-activity.js' });
    expect(latest.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
  });

  it('is sent compressed when the build wrote a compressed copy', async () => {
    const res = await t.app.inject({ url: '/sdk/1.0.0/prova-activity.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SDK);
    const plain = await t.app.inject({ url: '/sdk/prova-activity.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SDK);
  });

  it('keeps the rest of the app same-origin, and answers 404 for what is not there', async () => {
    const api = await t.app.inject({ url: '/api/auth/me' });
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(api.headers['access-control-allow-origin']).toBeUndefined();
    expect((await t.app.inject({ url: '/sdk/9.9.9/prova-activity.js' })).statusCode).toBe(404);
  });
});
