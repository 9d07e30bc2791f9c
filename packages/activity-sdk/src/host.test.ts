import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActivityHost, decodeProgressData, encodeProgressData, pickProgress, withHostOrigin } from './host';
import type { ActivityHandlers, ActivitySession } from './host';
import { request } from './protocol';
import type { Method } from './protocol';
import { ASSESSOR, CANDIDATE, recordingHandlers } from './testing/handlers';
import { createWindowPair, settle } from './testing/fake-windows';

const disposers: Array<() => void> = [];
afterEach(() => disposers.splice(0).forEach((dispose) => dispose()));

/** A host in a fake page, and a scripted "activity" that sends raw requests and reads the answers. */
function setup({
  session = CANDIDATE,
  handlers: overrides = {},
}: { session?: ActivitySession; handlers?: Partial<ActivityHandlers> } = {}) {
  const pair = createWindowPair();
  const { handlers, calls } = recordingHandlers(overrides);
  const onComplete = vi.fn();
  const onCall = vi.fn();
  const host = createActivityHost({
    iframe: pair.iframe,
    activityOrigin: pair.activity.location.origin,
    session,
    handlers,
    onComplete,
    onCall,
    window: pair.host,
  });
  disposers.push(host.dispose);
  let n = 0;
  async function send(method: Method, params?: unknown) {
    const id = `t-${++n}`;
    pair.host.postMessage(request(id, method, params), pair.host.location.origin);
    const answer = () => pair.activity.received.find((m) => (m as { id: string }).id === id);
    for (let waited = 0; !answer() && waited < 100; waited += 5) await settle(5);
    return answer() as { result?: unknown; error?: { message: string; code?: string; status?: number } } | undefined;
  }
  return { pair, host, calls, onComplete, onCall, send };
}

describe('host: message filtering', () => {
  it('answers only requests from the iframe window and the activity origin', async () => {
    const { pair, send } = setup();
    const message = request('x-1', 'handshake', { protocol: 1 });
    pair.host.deliver(message, 'https://evil.example', pair.activity);
    pair.host.deliver(message, pair.activity.location.origin, {});
    pair.host.deliver(message, pair.activity.location.origin, null);
    pair.host.deliver({ ...message, prova: 2 }, pair.activity.location.origin, pair.activity);
    pair.host.deliver('handshake', pair.activity.location.origin, pair.activity);
    await settle();
    expect(pair.activity.received).toEqual([]);
    expect(await send('handshake', { protocol: 1 })).toMatchObject({ result: { protocol: 1 } });
  });

  it('posts answers to the activity origin only', async () => {
    const { pair, send } = setup();
    const post = vi.spyOn(pair.activity, 'postMessage');
    await send('handshake', { protocol: 1 });
    expect(post).toHaveBeenCalledWith(expect.anything(), 'https://activities.example');
  });

  it('stops listening on dispose', async () => {
    const { pair, host, send } = setup();
    host.dispose();
    expect(pair.host.listenerCount).toBe(0);
    expect(await send('handshake', { protocol: 1 })).toBeUndefined();
  });

  it('refuses a wildcard activity origin', () => {
    const pair = createWindowPair();
    const { handlers } = recordingHandlers();
    expect(() => createActivityHost({ iframe: pair.iframe, activityOrigin: '*', session: CANDIDATE, handlers, window: pair.host })).toThrow(
      /exact origin/,
    );
  });
});

describe('host: init', () => {
  it('answers the session and the saved progress, parsing testData', async () => {
    const { send, host } = setup();
    expect(await send('init')).toEqual(
      expect.objectContaining({
        result: { ...CANDIDATE, status: 'incomplete', data: { answers: { q1: 'a' } }, version: 3, testData: { timer: 20 }, timing: null },
      }),
    );
    expect(host.initialized).toBe(true);
  });

  it.each(['setStatus', 'setData', 'getData', 'trackOutcomes', 'markComplete', 'log', 'rpc', 'exit'] as const)(
    "refuses %s before init with 'API not initialized'",
    async (method) => {
      const { send, calls } = setup();
      expect((await send(method, { status: 'complete', data: 1, outcomes: [], entry: 1, action: 'a' }))?.error).toMatchObject({
        message: 'API not initialized',
        code: 'NOT_INITIALIZED',
      });
      expect(calls).toEqual([]);
    },
  );

  it.each([
    ['a campaign id that is not a number', { campaignId: '5001' }],
    ['a test id that is not a number', { testId: undefined }],
    ['a user id that is not a number', { userId: Number.NaN }],
  ])("fails with 'Invalid tracking data' for %s", async (_name, change) => {
    const { send, calls } = setup({ session: { ...CANDIDATE, ...change } as unknown as ActivitySession });
    expect((await send('init'))?.error?.message).toBe('Invalid tracking data');
    expect(calls).toEqual([]);
  });

  it.each([
    ['status false', { status: false }],
    ['no status', { data: null }],
    ['a string status', { status: 'true' }],
  ])("fails with 'Invalid tracking data' when the server answer has %s", async (_name, answer) => {
    const { send, host } = setup({ handlers: { init: async () => answer as never } });
    expect((await send('init'))?.error?.message).toBe('Invalid tracking data');
    expect(host.initialized).toBe(false);
    expect((await send('getData'))?.error?.message).toBe('API not initialized');
  });

  it("reports a failing init handler as 'API initialization error'", async () => {
    const { send } = setup({ handlers: { init: async () => Promise.reject(new Error('offline')) } });
    expect((await send('init'))?.error?.message).toBe('API initialization error');
  });
});

describe('host: calls after init', () => {
  it('stores status with version 2 for complete and 1 otherwise, and reports completion', async () => {
    const { send, calls, onComplete } = setup();
    await send('init');
    expect((await send('setStatus', { status: 'incomplete' }))?.result).toEqual({ status: 'incomplete', version: 1 });
    expect(onComplete).not.toHaveBeenCalled();
    expect((await send('setStatus', { status: 'complete' }))?.result).toEqual({ status: 'complete', version: 2 });
    expect(onComplete).toHaveBeenCalledWith('setStatus');
    expect((await send('markComplete'))?.result).toEqual({ status: 'complete', version: 2 });
    expect(onComplete).toHaveBeenCalledWith('markComplete');
    expect(calls.filter(([name]) => name === 'setStatus')).toEqual([
      ['setStatus', { status: 'incomplete', version: 1 }],
      ['setStatus', { status: 'complete', version: 2 }],
      ['setStatus', { status: 'complete', version: 2 }],
    ]);
    expect((await send('setStatus', { status: 'done' }))?.error?.message).toMatch(/status must be 'incomplete' or 'complete'/);
  });

  it('increments the version on each setData and answers getData with the latest', async () => {
    const { send, calls } = setup();
    await send('init');
    expect((await send('getData'))?.result).toEqual({ answers: { q1: 'a' } });
    expect((await send('setData', { data: { answers: { q1: 'b' } } }))?.result).toEqual({ version: 4 });
    expect((await send('setData', { data: 'free text' }))?.result).toEqual({ version: 5 });
    expect((await send('getData'))?.result).toBe('free text');
    expect(calls.filter(([name]) => name === 'setData')).toEqual([
      ['setData', { data: { answers: { q1: 'b' } }, version: 4 }],
      ['setData', { data: 'free text', version: 5 }],
    ]);
    expect((await send('setData', {}))?.error?.message).toMatch(/^Invalid setData params: data:/);
  });

  it('tells its handler a typed change (1.1.0), and nothing more of an older activity', async () => {
    const { send, calls } = setup();
    await send('init');
    await send('setData', { data: 'Ascol', typing: true });
    await send('setData', { data: 'Ascol' });
    expect(calls.filter(([name]) => name === 'setData')).toEqual([
      ['setData', { data: 'Ascol', version: 4, typing: true }],
      ['setData', { data: 'Ascol', version: 5 }],
    ]);
  });

  it('passes setPending to its handler, and answers ok where the host has none', async () => {
    const { send, calls } = setup();
    await send('init');
    expect((await send('setPending', { pending: true }))?.result).toEqual({ ok: true });
    expect((await send('setPending', { pending: false }))?.result).toEqual({ ok: true });
    expect(calls.filter(([name]) => name === 'setPending')).toEqual([
      ['setPending', true],
      ['setPending', false],
    ]);
    expect((await send('setPending', { pending: 'yes' }))?.error?.message).toMatch(/^Invalid setPending params: pending:/);
  });

  it('passes outcomes and logs to their handlers; outcomes count as completion', async () => {
    const { send, calls, onComplete } = setup();
    await send('init');
    const outcomes = [
      { questionId: 'iniziativa', value: 4 },
      { questionId: 50, answerId: 501, value: 1 },
    ];
    expect((await send('trackOutcomes', { outcomes }))?.result).toEqual({ ok: true });
    expect(onComplete).toHaveBeenCalledWith('trackOutcomes');
    expect((await send('log', { entry: { event: 'start' } }))?.result).toEqual({ ok: true });
    expect(calls).toContainEqual(['trackOutcomes', outcomes]);
    expect(calls).toContainEqual(['log', { event: 'start' }]);
    expect((await send('trackOutcomes', { outcomes: [{ questionId: 'x' }] }))?.error?.message).toMatch(/^Invalid trackOutcomes params/);
  });

  it("rejects rpc without an action with 'action not provided', and passes on rpc failures", async () => {
    const failing = Object.assign(new Error('Service busy'), { status: 503 });
    const { send, calls } = setup({
      handlers: { rpc: async ({ action }) => (action === 'busy' ? Promise.reject(failing) : { ok: action }) },
    });
    await send('init');
    expect((await send('rpc', {}))?.error?.message).toBe('action not provided');
    expect((await send('rpc', { action: '' }))?.error?.message).toBe('action not provided');
    expect((await send('rpc', { action: 'score', data: { a: 1 } }))?.result).toEqual({ ok: 'score' });
    expect((await send('rpc', { action: 'busy' }))?.error).toEqual({ message: 'Service busy', code: 'HANDLER_ERROR', status: 503 });
    expect(calls).toEqual([['init']]);
  });

  it('answers exit before calling the exit handler', async () => {
    const { send, calls } = setup();
    await send('init');
    expect((await send('exit'))?.result).toEqual({ ok: true });
    expect(calls).toContainEqual(['exit']);
  });

  it('records every answered call', async () => {
    const { send, onCall } = setup();
    await send('getData');
    expect(onCall).toHaveBeenCalledWith(
      expect.objectContaining({ method: 'getData', ok: false, error: expect.objectContaining({ message: 'API not initialized' }) }),
    );
  });
});

describe('host: assessor calls', () => {
  it.each([
    ['getSamples', undefined],
    ['getAssessedOutcomes', undefined],
    ['getAssessedStore', { userId: 7 }],
    ['trackAssessedOutcomes', { userId: 7, outcomes: [{ questionId: 'ascolto', value: 3 }] }],
  ] as const)('refuses %s to a candidate', async (method, params) => {
    const { send, calls } = setup();
    await send('init');
    expect((await send(method, params))?.error).toMatchObject({
      message: `Not allowed: ${method} is for assessors only`,
      code: 'FORBIDDEN',
    });
    expect(calls).toEqual([['init']]);
  });

  it("answers a candidate's getAssessedStore without an id with 'no user id defined': arguments before the role", async () => {
    const { send, calls } = setup();
    await send('init');
    expect((await send('getAssessedStore', {}))?.error).toMatchObject({ message: 'no user id defined' });
    expect(calls).toEqual([['init']]);
  });

  it('serves an assessor', async () => {
    const { send, calls } = setup({ session: ASSESSOR });
    await send('init');
    expect((await send('getSamples'))?.result).toEqual([{ id: 7, firstName: 'Giulia', lastName: 'Ferri' }]);
    expect((await send('getAssessedOutcomes'))?.result).toEqual([{ evaluatedId: 7, questionId: 'ascolto', value: 4 }]);
    expect((await send('getAssessedStore', { userId: 7 }))?.result).toEqual({ answers: { q1: 'b' } });
    expect((await send('trackAssessedOutcomes', { userId: 7, outcomes: [{ questionId: 'ascolto', value: 3 }] }))?.result).toEqual({
      ok: true,
    });
    expect(calls).toContainEqual(['getAssessedStore', 7]);
    expect(calls).toContainEqual(['trackAssessedOutcomes', 7, [{ questionId: 'ascolto', value: 3 }]]);
  });

  it("rejects a missing user id with 'no user id defined'", async () => {
    const { send } = setup({ session: ASSESSOR });
    await send('init');
    expect((await send('getAssessedStore', {}))?.error?.message).toBe('no user id defined');
    expect((await send('getAssessedStore', { userId: null }))?.error?.message).toBe('no user id defined');
    expect((await send('trackAssessedOutcomes', { outcomes: [{ questionId: 'a', value: 1 }] }))?.error?.message).toBe('no user id defined');
    expect((await send('getAssessedStore', { userId: 'seven' }))?.error?.message).toBe('Invalid tracking data');
  });

  it('maps handler failures to the catalogue messages', async () => {
    const fail = async () => Promise.reject(new Error('500'));
    const { send } = setup({
      session: ASSESSOR,
      handlers: { getAssessedOutcomes: fail, getAssessedStore: fail, trackAssessedOutcomes: fail, getSamples: fail },
    });
    await send('init');
    expect((await send('getAssessedOutcomes'))?.error?.message).toBe('Assessed outcomes retrieval error');
    expect((await send('trackAssessedOutcomes', { userId: 7, outcomes: [{ questionId: 'a', value: 1 }] }))?.error?.message).toBe(
      'Assessed tracking error',
    );
    expect((await send('getAssessedStore', { userId: 7 }))?.error?.message).toBe('Assessed store retrieval error');
    expect((await send('getSamples'))?.error?.message).toBe('Samples retrieval error');
  });

  it('says so when the web app supplies no handler', async () => {
    const { send } = setup({ session: ASSESSOR, handlers: { getSamples: undefined } });
    await send('init');
    expect((await send('getSamples'))?.error).toMatchObject({ code: 'NOT_AVAILABLE' });
  });
});

describe('host helpers', () => {
  it('adds the host origin to the activity URL', () => {
    expect(withHostOrigin('https://act.example/numerical/?x=1', 'https://prova.example')).toBe(
      'https://act.example/numerical/?x=1&provaHost=https%3A%2F%2Fprova.example',
    );
  });

  it('keeps the local copy unless the server version is newer', () => {
    expect(pickProgress({ version: 3, data: 's' }, { version: 5, data: 'l' })).toEqual({ version: 5, data: 'l' });
    expect(pickProgress({ version: 6, data: 's' }, { version: 5, data: 'l' })).toEqual({ version: 6, data: 's' });
    expect(pickProgress({ version: 2, data: 's' }, null)).toEqual({ version: 2, data: 's' });
  });

  it('round-trips progress data through the server string', () => {
    for (const value of [{ a: [1, 'x'] }, 'plain', 3, null]) expect(decodeProgressData(encodeProgressData(value))).toEqual(value);
    expect(decodeProgressData('not json')).toBe('not json');
  });
});
