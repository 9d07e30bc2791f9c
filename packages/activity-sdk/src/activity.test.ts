import { afterEach, describe, expect, it, vi } from 'vitest';
import { createProvaActivity } from './activity';
import type { ActivityHandlers, ActivitySession } from './host';
import { createActivityHost } from './host';
import { FakeWindow, createWindowPair, settle } from './testing/fake-windows';
import { ASSESSOR, CANDIDATE, recordingHandlers } from './testing/handlers';

const disposers: Array<() => void> = [];
afterEach(() => disposers.splice(0).forEach((dispose) => dispose()));

/** An activity in a fake iframe, talking to a real host in the fake parent page. */
function connected({
  session = CANDIDATE,
  handlers: overrides = {},
}: { session?: ActivitySession; handlers?: Partial<ActivityHandlers> } = {}) {
  const pair = createWindowPair();
  const { handlers, calls } = recordingHandlers(overrides);
  const onComplete = vi.fn();
  const host = createActivityHost({
    iframe: pair.iframe,
    activityOrigin: pair.activity.location.origin,
    session,
    handlers,
    onComplete,
    window: pair.host,
  });
  disposers.push(host.dispose);
  const activity = createProvaActivity({ window: pair.activity, timeoutMs: 500, handshakeTimeoutMs: 300, handshakeIntervalMs: 20 });
  return { pair, host, activity, calls, onComplete };
}

describe('ProvaActivity.init', () => {
  it('rejects outside an iframe with a clear error', async () => {
    const top = new FakeWindow('https://activities.example', '?provaHost=https://prova.example');
    top.parent = top;
    await expect(createProvaActivity({ window: top }).init()).rejects.toThrow(/must run inside the Prova host page/);
    await expect(createProvaActivity({ window: undefined }).init()).rejects.toMatchObject({ code: 'NOT_IN_IFRAME' });
  });

  it('rejects when the host origin is unknown', async () => {
    const pair = createWindowPair({ activitySearch: '' });
    await expect(createProvaActivity({ window: pair.activity }).init()).rejects.toThrow(/provaHost/);
  });

  it('falls back to the referrer for the host origin', async () => {
    const { pair, activity } = connected();
    pair.activity.location.search = '';
    (pair.activity.document as { referrer: string }).referrer = 'https://prova.example/test';
    await expect(activity.init()).resolves.toMatchObject({ userId: 7 });
  });

  it('resolves to the session, with the saved progress and the test options', async () => {
    const { activity } = connected();
    await expect(activity.init()).resolves.toEqual({
      campaignId: 5001,
      testId: 101,
      userId: 7,
      lang: 'IT_it',
      isAssessor: false,
      status: 'incomplete',
      data: { answers: { q1: 'a' } },
      version: 3,
      testData: { timer: 20 },
      timing: null,
    });
  });

  it("carries a timed test's clock from the host, as the server gave it", async () => {
    const timing = { startedAt: '2026-11-23T09:00:00.000Z', endsAt: '2026-11-23T09:25:00.000Z', remainingSeconds: 360 };
    const { activity } = connected({ handlers: { init: async () => ({ status: true, testStatus: 'incomplete', version: 1, timing }) } });
    await expect(activity.init()).resolves.toMatchObject({ timing });
  });

  it('repeats the handshake until the host listens', async () => {
    const pair = createWindowPair();
    const activity = createProvaActivity({ window: pair.activity, handshakeIntervalMs: 10 });
    const session = activity.init();
    await settle(40);
    const { handlers } = recordingHandlers();
    const host = createActivityHost({
      iframe: pair.iframe,
      activityOrigin: pair.activity.location.origin,
      session: CANDIDATE,
      handlers,
      window: pair.host,
    });
    disposers.push(host.dispose);
    await expect(session).resolves.toMatchObject({ testId: 101 });
  });

  it('gives up when no host answers the handshake', async () => {
    const pair = createWindowPair();
    const activity = createProvaActivity({ window: pair.activity, handshakeTimeoutMs: 60, handshakeIntervalMs: 10 });
    await expect(activity.init()).rejects.toMatchObject({ message: 'The Prova host did not answer the handshake', code: 'NO_HOST' });
  });

  it("rejects with 'Invalid tracking data' when the ids are not numbers", async () => {
    const { activity } = connected({ session: { ...CANDIDATE, userId: '7' as unknown as number } });
    await expect(activity.init()).rejects.toThrow('Invalid tracking data');
  });

  it("rejects with 'Invalid tracking data' when the server answer has no status true", async () => {
    const { activity } = connected({ handlers: { init: async () => ({ status: false }) } });
    await expect(activity.init()).rejects.toThrow('Invalid tracking data');
  });

  it("rejects with 'Invalid tracking data' when the host's session ids are not numbers", async () => {
    // A host that does not check, answering by hand.
    const pair = createWindowPair();
    pair.host.addEventListener('message', ({ data }) => {
      const { id, method } = data as { id: string; method: string };
      const result = method === 'handshake' ? { protocol: 1 } : { campaignId: 'x', testId: 1, userId: 1, lang: 'IT_it', isAssessor: false };
      pair.activity.postMessage({ prova: 1, kind: 'response', id, method, result }, '*');
    });
    const activity = createProvaActivity({ window: pair.activity });
    await expect(activity.init()).rejects.toMatchObject({ message: 'Invalid tracking data', code: 'INVALID_TRACKING_DATA' });
  });

  it('can be retried after a failure, and a second call shares the first', async () => {
    let fail = true;
    const { activity } = connected({ handlers: { init: async () => (fail ? { status: false } : { status: true }) } });
    await expect(activity.init()).rejects.toThrow('Invalid tracking data');
    fail = false;
    const [a, b] = await Promise.all([activity.init(), activity.init()]);
    expect(a).toBe(b);
  });
});

describe('the init-first rule', () => {
  const calls = [
    ['setStatus', ['complete']],
    ['setData', [{}]],
    ['setPending', [true]],
    ['getData', []],
    ['trackOutcomes', [[{ questionId: 'a', value: 1 }]]],
    ['markComplete', []],
    ['log', [{}]],
    ['rpc', ['action']],
    ['exit', []],
    ['getSamples', []],
    ['getAssessedOutcomes', []],
    ['getAssessedStore', [7]],
    ['trackAssessedOutcomes', [7, [{ questionId: 'a', value: 1 }]]],
  ] as const;

  it.each(calls)("%s before init rejects with 'API not initialized'", async (method, args) => {
    const { activity, pair } = connected({ session: ASSESSOR });
    const post = vi.spyOn(pair.host, 'postMessage');
    const call = activity[method] as (...a: unknown[]) => Promise<unknown>;
    await expect(call(...args)).rejects.toMatchObject({ message: 'API not initialized', code: 'NOT_INITIALIZED' });
    expect(post).not.toHaveBeenCalled();
  });

  it('applies until init has resolved, not merely started', async () => {
    const { activity } = connected();
    const starting = activity.init();
    await expect(activity.getData()).rejects.toThrow('API not initialized');
    await starting;
    await expect(activity.getData()).resolves.toEqual({ answers: { q1: 'a' } });
  });
});

describe('calls checked before sending', () => {
  it("rpc without an action rejects with 'action not provided'", async () => {
    const { activity, pair } = connected();
    await activity.init();
    const post = vi.spyOn(pair.host, 'postMessage');
    await expect((activity.rpc as (...a: unknown[]) => Promise<unknown>)()).rejects.toThrow('action not provided');
    await expect(activity.rpc('')).rejects.toThrow('action not provided');
    expect(post).not.toHaveBeenCalled();
  });

  it("getAssessedStore without a user id rejects with 'no user id defined', for an assessor and a candidate alike", async () => {
    for (const session of [ASSESSOR, CANDIDATE]) {
      const { activity, pair } = connected({ session });
      await activity.init();
      const post = vi.spyOn(pair.host, 'postMessage');
      await expect((activity.getAssessedStore as () => Promise<unknown>)()).rejects.toMatchObject({ message: 'no user id defined' });
      await expect((activity.trackAssessedOutcomes as () => Promise<unknown>)()).rejects.toMatchObject({ message: 'no user id defined' });
      expect(post).not.toHaveBeenCalled();
    }
  });

  it('checks arguments before the role: a candidate with a bad argument hears of the argument', async () => {
    const { activity } = connected();
    await activity.init();
    await expect(activity.getAssessedStore('7' as unknown as number)).rejects.toMatchObject({ message: 'Invalid tracking data' });
    await expect(activity.trackAssessedOutcomes(7, [])).rejects.toThrow('outcomes must not be empty');
    await expect(activity.trackOutcomes([{ questionId: '', value: 1 }])).rejects.toThrow(/outcomes\.0\.questionId/);
    await expect(activity.getAssessedStore(7)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it.each(['getSamples', 'getAssessedOutcomes', 'getAssessedStore', 'trackAssessedOutcomes'] as const)(
    '%s by a candidate rejects with an error saying so',
    async (method) => {
      const { activity, calls } = connected();
      await activity.init();
      const call = activity[method] as (...a: unknown[]) => Promise<unknown>;
      await expect(call(7, [{ questionId: 'a', value: 1 }])).rejects.toMatchObject({
        message: `Not allowed: ${method} is for assessors only`,
        code: 'FORBIDDEN',
      });
      expect(calls).toEqual([['init']]);
    },
  );

  it('rejects data that is not JSON', async () => {
    const { activity } = connected();
    await activity.init();
    await expect(activity.setData(undefined)).rejects.toThrow(/Invalid setData params/);
    await expect(activity.setStatus('done' as 'complete')).rejects.toThrow(/status must be/);
    await expect(activity.setPending('yes' as unknown as boolean)).rejects.toThrow(/pending must be true or false/);
  });
});

describe('setData while typing', () => {
  it('says a change made with the focus in a text field (through shadow roots) is typed, and no other', async () => {
    const { pair, activity, calls } = connected();
    await activity.init();
    const document = pair.activity.document as { activeElement?: unknown };
    document.activeElement = { tagName: 'DIV', shadowRoot: { activeElement: { tagName: 'INPUT', type: 'text' } } };
    await activity.setData({ text: 'Rotterda' });
    document.activeElement = { tagName: 'BUTTON' };
    await activity.setData({ choice: 'B' });
    document.activeElement = { tagName: 'INPUT', type: 'radio' };
    await activity.setData({ choice: 'C' });
    expect(calls.filter(([name]) => name === 'setData')).toEqual([
      ['setData', { data: { text: 'Rotterda' }, version: 4, typing: true }],
      ['setData', { data: { choice: 'B' }, version: 5 }],
      ['setData', { data: { choice: 'C' }, version: 6 }],
    ]);
  });
});

describe('the channel', () => {
  it('ignores answers from another origin or another window', async () => {
    const pair = createWindowPair();
    const reply = (data: unknown, origin: string, source: unknown) => {
      const { id, method } = data as { id: string; method: string };
      const result =
        method === 'handshake' ? { protocol: 1 } : { ...CANDIDATE, status: 'complete', data: null, version: 0, testData: null };
      pair.activity.deliver({ prova: 1, kind: 'response', id, method, result }, origin, source);
    };
    let mode: 'evil-origin' | 'evil-window' | 'good' = 'evil-origin';
    pair.host.addEventListener('message', ({ data }) => {
      if (mode === 'evil-origin') reply(data, 'https://evil.example', pair.host);
      else if (mode === 'evil-window') reply(data, 'https://prova.example', new FakeWindow('https://prova.example'));
      else reply(data, 'https://prova.example', pair.host);
    });
    const activity = createProvaActivity({ window: pair.activity, handshakeTimeoutMs: 80, handshakeIntervalMs: 10 });
    await expect(activity.init()).rejects.toMatchObject({ code: 'NO_HOST' });
    mode = 'evil-window';
    await expect(activity.init()).rejects.toMatchObject({ code: 'NO_HOST' });
    mode = 'good';
    await expect(activity.init()).resolves.toMatchObject({ status: 'complete' });
  });

  it('posts only to the host origin', async () => {
    const { activity, pair } = connected();
    const post = vi.spyOn(pair.host, 'postMessage');
    await activity.init();
    expect(post.mock.calls.every(([, origin]) => origin === 'https://prova.example')).toBe(true);
  });

  it('times out a call the host never answers', async () => {
    const { activity, host } = connected();
    await activity.init();
    host.dispose();
    await expect(activity.getData()).rejects.toMatchObject({ code: 'TIMEOUT', message: 'The Prova host did not answer getData in time' });
  });

  it('re-dispatches host events as prova:<name> DOM events', async () => {
    const { activity, host, pair } = connected();
    await activity.init();
    const seen: unknown[] = [];
    pair.activity.dispatchEvent = (e: Event) => (seen.push([e.type, (e as CustomEvent).detail]), true);
    host.notify('pause', { reason: 'test' });
    await settle();
    expect(seen).toEqual([['prova:pause', { reason: 'test' }]]);
  });
});
