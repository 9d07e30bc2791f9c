import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import { ANNA, BRUNO, C_MAIN, type Caller, deliveryBundle, MARCO, signIn } from './test-delivery-fixtures';

// Issue 54: two windows on one test overwrote each other, both saying saved. The last window to open the test holds
// the attempt; another window's saves are refused (409 WINDOW_SUPERSEDED) and change nothing, until it opens the test
// again ("Continua qui"), which takes it over and answers the latest state.

let t: TestApp;
let marco: Caller;
let anna: Caller;
let bruno: Caller;
beforeAll(async () => {
  t = await buildTestApp(deliveryBundle);
  [marco, anna, bruno] = await Promise.all([signIn(t.app, MARCO), signIn(t.app, ANNA), signIn(t.app, BRUNO)]);
});
afterAll(() => t.close());

const WINDOW_A = 'window-aaaa-1111';
const WINDOW_B = 'window-bbbb-2222';
const post = (who: Caller, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
const base = (who: Caller, testId = 106) => `${testId}/%s/${C_MAIN}/${who.id}`;
const call = (who: Caller, kind: 'start' | 'data' | 'status' | 'sync', payload?: object, testId = 106) =>
  post(who, `/api/tests/${base(who, testId).replace('%s', kind)}`, payload);
const stored = async (who: Caller, testId = 106) =>
  (await t.app.inject({ url: `/api/tests/${testId}/data/${C_MAIN}/${who.id}`, headers: { cookie: who.cookie } })).json().data;

describe('the window that holds an attempt', () => {
  it("refuses a save from a window the test was opened in again elsewhere, and keeps the other window's answers", async () => {
    expect((await call(marco, 'start', { windowId: WINDOW_A })).statusCode).toBe(200);
    expect((await call(marco, 'data', { version: 1, data: 'A1', windowId: WINDOW_A })).json()).toMatchObject({ stored: true });

    // The second window opens the test: it starts from what the first saved, and holds the attempt from now on.
    const opened = await call(marco, 'start', { windowId: WINDOW_B });
    expect(opened.json().data).toEqual({ version: 1, data: 'A1' });
    expect((await call(marco, 'data', { version: 2, data: 'B2', windowId: WINDOW_B })).json()).toMatchObject({ stored: true });

    // The first window goes on typing: refused, each kind of save, and nothing of it is applied.
    for (const [kind, payload] of [
      ['data', { version: 3, data: 'A3', windowId: WINDOW_A }],
      ['sync', { version: 3, status: 'incomplete', data: 'A3', windowId: WINDOW_A }],
      ['status', { version: 2, status: 'complete', windowId: WINDOW_A }],
    ] as const) {
      const refused = await call(marco, kind, payload);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ status: false, code: 'WINDOW_SUPERSEDED' });
    }
    expect(await stored(marco)).toEqual({ version: 2, status: 'incomplete', data: 'B2' });
  });

  it('"Continua qui": opening again takes the attempt over with the latest state, and the other window is refused', async () => {
    const taken = await call(marco, 'start', { windowId: WINDOW_A });
    expect(taken.statusCode).toBe(200);
    expect(taken.json().data).toEqual({ version: 2, data: 'B2' });
    expect((await call(marco, 'data', { version: 3, data: 'A3', windowId: WINDOW_A })).json()).toMatchObject({ stored: true });
    const refused = await call(marco, 'data', { version: 3, data: 'B3', windowId: WINDOW_B });
    expect(refused.json()).toMatchObject({ code: 'WINDOW_SUPERSEDED' });
    // A reload of the holding window opens it again as the same window: it keeps saving.
    expect((await call(marco, 'start', { windowId: WINDOW_A })).statusCode).toBe(200);
    expect((await call(marco, 'data', { version: 4, data: 'A4', windowId: WINDOW_A })).json()).toMatchObject({ stored: true });
    expect(await stored(marco)).toMatchObject({ version: 4, data: 'A4' });
  });

  it('tells a window coming back into view whether another one holds the test now, before anything is typed in it', async () => {
    const ask = async (windowId?: string) => {
      const query = windowId === undefined ? '' : `?windowId=${windowId}`;
      const res = await t.app.inject({ url: `/api/tests/${base(marco).replace('%s', 'sync')}${query}`, headers: { cookie: marco.cookie } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().heldByOtherWindow;
    };
    // Window A opened it last (above).
    expect(await ask(WINDOW_A)).toBe(false);
    expect(await ask(WINDOW_B)).toBe(true);
    expect(await ask()).toBeUndefined();
    const bad = await t.app.inject({
      url: `/api/tests/${base(marco).replace('%s', 'sync')}?windowId=x`,
      headers: { cookie: marco.cookie },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('answers each of two windows for itself when their saves arrive together', async () => {
    const [a, b] = await Promise.all([
      call(marco, 'data', { version: 5, data: 'A5', windowId: WINDOW_A }),
      call(marco, 'data', { version: 6, data: 'B6', windowId: WINDOW_B }),
    ]);
    expect(a.json()).toMatchObject({ stored: true, version: 5 });
    expect(b.statusCode).toBe(409);
    expect(await stored(marco)).toMatchObject({ version: 5, data: 'A5' });
  });

  it('keeps saves that name no window working (clients of the tracking interface that know nothing of windows)', async () => {
    expect((await call(marco, 'data', { version: 7, data: 'plain' })).json()).toMatchObject({ stored: true });
    // An opening without a body, as before, leaves the holder as it is.
    const bare = await call(marco, 'start');
    expect(bare.statusCode, bare.body).toBe(200);
    expect((await call(marco, 'data', { version: 8, data: 'B8', windowId: WINDOW_B })).statusCode).toBe(409);
    expect(await stored(marco)).toMatchObject({ version: 7, data: 'plain' });
  });

  it("lets nobody else claim a person's attempt: another person of the company, or of another company", async () => {
    for (const who of [anna, bruno]) {
      const claim = await post(who, `/api/tests/106/start/${C_MAIN}/${marco.id}`, { windowId: 'intruder-window-1' });
      expect([403, 404]).toContain(claim.statusCode);
    }
    // Marco's window still holds it.
    expect((await call(marco, 'data', { version: 9, data: 'A9', windowId: WINDOW_A })).json()).toMatchObject({ stored: true });
  });

  it('refuses a window id that is not one', async () => {
    const bad = await call(marco, 'start', { windowId: 'x' });
    expect(bad.statusCode).toBe(422);
    expect((await call(marco, 'data', { version: 10, data: 'x', windowId: 'no spaces allowed' })).statusCode).toBe(422);
  });
});
