import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueueEnvironment, TabEnvironment, WindowClaim } from './queue-environment';
import { createMemoryStorage } from './queue-storage';
import { createSendingQueue, type Delivery, type SendingQueueOptions } from './sending-queue';
import type { QueueTask, TaskInput } from './task';
import type { TransportResponse } from './transport';

const USER = 40;
const COMPANY = 7;
/** The signed-in person the queue sends for. */
const OWNER = { userId: USER, companyId: COMPANY };
const OK: TransportResponse = { status: 200, body: { status: true } };

/** A browser stand-in: connectivity you switch, events you fire, a beacon you inspect. */
function fakeEnvironment(withBeacon = true) {
  let handlers: Parameters<QueueEnvironment['listen']>[0] | undefined;
  const beacons: Array<{ url: string; body: Blob }> = [];
  const env = {
    online: true,
    beacons,
    isOnline: () => env.online,
    listen(h: Parameters<QueueEnvironment['listen']>[0]) {
      handlers = h;
      return () => (handlers = undefined);
    },
    sendBeacon: withBeacon
      ? (url: string, body: Blob) => {
          beacons.push({ url, body });
          return true;
        }
      : undefined,
    goOffline() {
      env.online = false;
      handlers?.offline();
    },
    goOnline() {
      env.online = true;
      handlers?.online();
    },
    pageHide: () => handlers?.pageHide(),
  };
  return env;
}

/** Tabs of one browser: they share the storage and the Web Locks; a page holds its locks until it goes. */
function fakeBrowser({ locks = true } = {}) {
  const storage = createMemoryStorage();
  const held = new Map<string, object>();
  // The browser's BroadcastChannel: a message reaches every other page's listeners.
  const listeners = new Map<object, (claim: WindowClaim) => void>();
  function page(session: Map<string, string>) {
    const owner = {};
    const tab: TabEnvironment = {
      broadcast: {
        tell: (claim) => {
          for (const [page, listener] of listeners) if (page !== owner) listener(claim);
        },
        hear: (listener) => {
          listeners.set(owner, listener);
          return () => listeners.delete(owner);
        },
      },
      savedId: () => session.get('tab'),
      saveId: (id) => void session.set('tab', id),
      tryLock: locks
        ? async (name) => {
            if (held.has(name)) return undefined;
            held.set(name, owner);
            return { release: () => held.get(name) === owner && held.delete(name) };
          }
        : undefined,
    };
    const close = () => {
      for (const [name, holder] of held) if (holder === owner) held.delete(name);
    };
    return {
      storage,
      tab,
      session,
      /** Closed or crashed: the browser frees the page's locks. */
      close,
      /** The same tab, with its sessionStorage, on a new page. */
      reload: () => {
        close();
        return page(session);
      },
      /** A new tab with a copy of the sessionStorage. */
      duplicate: () => page(new Map(session)),
    };
  }
  return { storage, openTab: () => page(new Map()) };
}

type FakePage = ReturnType<ReturnType<typeof fakeBrowser>['openTab']>;

/** A transport answering from a script (then OK), recording each call and when it happened. */
function fakeTransport(...script: Array<TransportResponse | Error>) {
  const calls: Array<{ task: QueueTask; at: number }> = [];
  const transport = vi.fn(async (task: QueueTask) => {
    calls.push({ task, at: Date.now() });
    const next = script.shift() ?? OK;
    if (next instanceof Error) throw next;
    return next;
  });
  return { transport, calls };
}

/** A queue in a page (default: the first tab of a new browser). */
function setup(
  options: Partial<Omit<SendingQueueOptions, 'environment'>> & {
    page?: FakePage;
    environment?: ReturnType<typeof fakeEnvironment>;
    script?: Array<TransportResponse | Error>;
  } = {},
) {
  const page = options.page ?? fakeBrowser().openTab();
  const { storage } = page;
  const environment = options.environment ?? fakeEnvironment();
  const { transport, calls } = fakeTransport(...(options.script ?? []));
  const onAuthError = vi.fn();
  const logFailure = vi.fn();
  const onUnloggableError = vi.fn();
  const queue = createSendingQueue({
    storage,
    transport: options.transport ?? transport,
    environment: { ...environment, tab: page.tab },
    onAuthError,
    logFailure,
    onUnloggableError,
    ...(options.retry ? { retry: options.retry } : {}),
  });
  return { queue, page, storage, environment, transport, calls, onAuthError, logFailure, onUnloggableError };
}

const data = (testId: number, version: number, fields: Partial<TaskInput> = {}): TaskInput => ({
  type: 'DATA',
  campaignId: 1,
  testId,
  userId: USER,
  version,
  data: `data ${testId}@${version}`,
  ...fields,
});

/** Lets pending promises and due timers run. */
const flush = () => vi.advanceTimersByTimeAsync(0);

const brief = (task: QueueTask) => `${task.type} u${task.userId} c${task.campaignId} t${task.testId} v${task.version}`;

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('ordering and replacement', () => {
  it('keeps tasks sorted by user, campaign, test and version', async () => {
    const { queue } = setup();
    await queue.enqueue(data(5, 1, { userId: 41 }));
    await queue.enqueue(data(5, 3, { campaignId: 2 }));
    await queue.enqueue(data(9, 0));
    await queue.enqueue(data(2, 4, { type: 'STATUS', status: 'incomplete', data: undefined }));
    await queue.enqueue(data(2, 1));

    expect(queue.getTasks().map(brief)).toEqual([
      'DATA u40 c1 t2 v1',
      'STATUS u40 c1 t2 v4',
      'DATA u40 c1 t9 v0',
      'DATA u40 c2 t5 v3',
      'DATA u41 c1 t5 v1',
    ]);
  });

  it('replaces a queued task of the same kind with a newer version and drops an older one', async () => {
    const { queue } = setup();
    await queue.enqueue(data(2, 1));
    await queue.enqueue(data(2, 3));
    await queue.enqueue(data(2, 2));
    await queue.enqueue(data(2, 1, { type: 'OUTCOMES', data: [] }));

    expect(queue.getTasks().map(brief)).toEqual(['DATA u40 c1 t2 v3', 'OUTCOMES u40 c1 t2 v1']);
    expect(queue.getTasks()[0].data).toBe('data 2@3');
  });

  it("sends a test's progress before what finishes it (a complete status, outcomes), which the server would refuse after", async () => {
    const { queue, calls } = setup();
    await queue.enqueue(data(2, 1, { type: 'OUTCOMES', data: [{ questionId: 'q', value: 1 }] }));
    await queue.enqueue(data(2, 2, { type: 'STATUS', status: 'complete', data: undefined }));
    await queue.enqueue(data(2, 5));
    queue.start(OWNER);
    await flush();
    expect(calls.map((call) => brief(call.task))).toEqual(['DATA u40 c1 t2 v5', 'OUTCOMES u40 c1 t2 v1', 'STATUS u40 c1 t2 v2']);
  });

  it('never merges log entries', async () => {
    const { queue } = setup();
    await queue.log({ message: 'a' }, { userId: USER });
    await queue.log({ message: 'b' }, { userId: USER });
    expect(queue.getTasks().map((task) => task.data)).toEqual([{ message: 'a' }, { message: 'b' }]);
  });

  it('throws the validation message on enqueue and queues nothing', async () => {
    const { queue } = setup();
    expect(() => queue.enqueue(data(2, 1, { data: undefined }))).toThrow('Invalid DATA request data');
    expect(() => queue.enqueue(data(2, 1.5))).toThrow('Invalid request version');
    await flush();
    expect(queue.getTasks()).toEqual([]);
  });

  it('sends one at a time, in order, and forgets what went through', async () => {
    const { queue, calls } = setup();
    await queue.enqueue(data(3, 0));
    await queue.enqueue(data(1, 0));
    queue.start(OWNER);
    await flush();
    expect(calls.map((call) => call.task.testId)).toEqual([1, 3]);
    expect(queue.getTasks()).toEqual([]);
    expect(queue.getSnapshot()).toEqual({ state: 'saved', pending: 0, answers: 0 });
  });

  it('only sends the tasks of the signed-in user', async () => {
    const { queue, calls } = setup();
    await queue.enqueue(data(1, 0, { userId: 99 }));
    await queue.enqueue(data(2, 0));
    queue.start(OWNER);
    await flush();
    expect(calls.map((call) => call.task.userId)).toEqual([USER]);
    expect(queue.getTasks().map(brief)).toEqual(['DATA u99 c1 t1 v0']);
  });
});

describe('persistence', () => {
  it('a new queue over the same storage (a reload) finds and sends what was left', async () => {
    const before = setup();
    await before.queue.enqueue(data(2, 1));
    await before.queue.enqueue(data(1, 0, { type: 'SYNC', status: 'incomplete' }));

    const after = setup({ page: before.page.reload() });
    await after.queue.ready;
    expect(after.queue.getTasks().map(brief)).toEqual(['SYNC u40 c1 t1 v0', 'DATA u40 c1 t2 v1']);

    after.queue.start(OWNER);
    await flush();
    expect(after.calls.map((call) => brief(call.task))).toEqual(['SYNC u40 c1 t1 v0', 'DATA u40 c1 t2 v1']);

    const third = setup({ page: after.page.reload() });
    await third.queue.ready;
    expect(third.queue.getTasks()).toEqual([]);
    // Every reload kept the tab's keys.
    expect([...third.storage.entries.keys()].filter((key) => key.startsWith('tasks'))).toEqual([`tasks:${third.page.session.get('tab')}`]);
  });

  it('keeps the retry count across a reload', async () => {
    const before = setup({ script: [{ status: 500, body: {} }] });
    await before.queue.enqueue(data(2, 1));
    before.queue.start(OWNER);
    await flush();
    before.queue.stop();

    const after = setup({ page: before.page.reload() });
    await after.queue.ready;
    expect(after.queue.getTasks()[0].retry).toEqual({ type: 'temporary', attempt: 1 });
  });

  it('keeps the latest local copy of each test after it was sent', async () => {
    const { queue } = setup();
    queue.start(OWNER);
    await queue.enqueue(data(2, 3, { type: 'SYNC', status: 'incomplete' }));
    await queue.enqueue(data(2, 4));
    await queue.enqueue(data(2, 2, { data: 'stale' }));
    await queue.enqueue(data(2, 2, { type: 'STATUS', status: 'complete', data: undefined }));
    await flush();
    expect(queue.getTasks()).toEqual([]);
    expect(await queue.getLatestCopy(1, 2, USER)).toEqual({
      version: 4,
      status: 'complete',
      statusVersion: 2,
      data: 'data 2@4',
    });
  });
});

describe('several tabs', () => {
  /** The tab ids of the queues persisted in storage. */
  const queueIds = (storage: { entries: Map<string, unknown> }) =>
    [...storage.entries.keys()].filter((key) => key.startsWith('tasks:')).map((key) => key.slice('tasks:'.length));
  const persisted = (page: FakePage) => (page.storage.entries.get(`tasks:${page.session.get('tab')}`) as QueueTask[]).map(brief);

  it('two tabs keep their own tasks; a new tab adopts and sends those of a closed one', async () => {
    const browser = fakeBrowser();
    const first = setup({ page: browser.openTab() });
    const second = setup({ page: browser.openTab() });
    await first.queue.enqueue(data(2, 1));
    await second.queue.enqueue(data(3, 1));
    await first.queue.enqueue(data(4, 1, { type: 'OUTCOMES', data: [] }));
    await second.queue.log({ message: 'second' }, { userId: USER });
    expect(persisted(first.page)).toEqual(['DATA u40 c1 t2 v1', 'OUTCOMES u40 c1 t4 v1']);
    expect(persisted(second.page)).toEqual(['LOG u40 c0 t0 v0', 'DATA u40 c1 t3 v1']);

    // The first tab crashes before sending; a third one opens while the second still lives.
    first.page.close();
    const third = setup({ page: browser.openTab() });
    await third.queue.ready;
    expect(third.queue.getTasks().map(brief)).toEqual(['DATA u40 c1 t2 v1', 'OUTCOMES u40 c1 t4 v1']);
    expect(queueIds(browser.storage).sort()).toEqual([second.page.session.get('tab'), third.page.session.get('tab')].sort());
    expect(persisted(second.page)).toEqual(['LOG u40 c0 t0 v0', 'DATA u40 c1 t3 v1']);

    third.queue.start(OWNER);
    await flush();
    expect(third.calls.map((call) => brief(call.task))).toEqual(['DATA u40 c1 t2 v1', 'OUTCOMES u40 c1 t4 v1']);
    expect(persisted(third.page)).toEqual([]);
  });

  it('a running tab adopts on start and when back online, by the insert rules', async () => {
    const browser = fakeBrowser();
    const environment = fakeEnvironment();
    environment.online = false;
    const running = setup({ page: browser.openTab(), environment });
    const closing = setup({ page: browser.openTab() });
    await running.queue.ready;
    await running.queue.enqueue(data(2, 1));
    await running.queue.enqueue(data(3, 5));
    await closing.queue.enqueue(data(2, 4));
    await closing.queue.enqueue(data(3, 2));
    await closing.queue.enqueue(data(6, 0, { type: 'OUTCOMES', data: [] }));
    closing.page.close();

    // Offline: start() adopts (the newer test 2 replaces, the older test 3 goes) and waits.
    running.queue.start(OWNER);
    await flush();
    expect(running.queue.getTasks().map(brief)).toEqual(['DATA u40 c1 t2 v4', 'DATA u40 c1 t3 v5', 'OUTCOMES u40 c1 t6 v0']);
    expect(queueIds(browser.storage)).toEqual([running.page.session.get('tab')]);

    // Another tab closes while this one is offline: adopted once the connection is back, and all is sent.
    const late = setup({ page: browser.openTab() });
    await late.queue.log({ message: 'late' }, { userId: USER });
    late.page.close();
    environment.goOnline();
    await flush();
    expect(running.calls.map((call) => brief(call.task)).sort()).toEqual([
      'DATA u40 c1 t2 v4',
      'DATA u40 c1 t3 v5',
      'LOG u40 c0 t0 v0',
      'OUTCOMES u40 c1 t6 v0',
    ]);
    expect(queueIds(browser.storage)).toEqual([running.page.session.get('tab')]);
  });

  it('keeps the backup of each tab, and adopts that of a closed one into its own', async () => {
    const browser = fakeBrowser();
    const failures = Array.from({ length: 6 }, () => ({ status: 500, body: {} }));
    const closing = setup({ page: browser.openTab(), script: failures });
    const other = setup({ page: browser.openTab() });
    await closing.queue.enqueue(data(2, 1));
    closing.queue.start(OWNER);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(closing.queue.getBackup()).toHaveLength(1);
    closing.queue.stop();
    closing.page.close();
    await other.queue.enqueue(data(3, 1, { userId: 99 }));

    const next = setup({ page: browser.openTab() });
    await next.queue.ready;
    expect(next.queue.getTasks()).toEqual([]);
    expect(next.queue.getBackup().map(brief)).toEqual(['DATA u40 c1 t2 v1']);
    expect(browser.storage.entries.has(`backup:${closing.page.session.get('tab')}`)).toBe(false);
  });

  it('a duplicated tab takes a new id and leaves the live original its tasks', async () => {
    const original = setup();
    await original.queue.enqueue(data(2, 1));
    const copy = setup({ page: original.page.duplicate() });
    await copy.queue.ready;
    expect(copy.queue.getTasks()).toEqual([]);
    expect(copy.page.session.get('tab')).not.toBe(original.page.session.get('tab'));

    await copy.queue.enqueue(data(3, 1));
    await original.queue.enqueue(data(4, 1));
    expect(persisted(original.page)).toEqual(['DATA u40 c1 t2 v1', 'DATA u40 c1 t4 v1']);
    expect(persisted(copy.page)).toEqual(['DATA u40 c1 t3 v1']);
  });

  it('without Web Locks every page takes a new id and adopts every queue: a task may go twice, none is lost', async () => {
    const browser = fakeBrowser({ locks: false });
    const first = setup({ page: browser.openTab() });
    await first.queue.enqueue(data(2, 1));
    const second = setup({ page: browser.openTab() });
    await second.queue.ready;
    expect(second.queue.getTasks().map(brief)).toEqual(['DATA u40 c1 t2 v1']);

    // The first tab lived on: its next save writes its queue again.
    await first.queue.enqueue(data(3, 1));
    expect(queueIds(browser.storage)).toHaveLength(2);
    const reloaded = setup({ page: second.page.reload() });
    await reloaded.queue.ready;
    expect(reloaded.queue.getTasks().map(brief)).toEqual(['DATA u40 c1 t2 v1', 'DATA u40 c1 t3 v1']);
    expect(queueIds(browser.storage)).toHaveLength(1);
    expect(reloaded.page.session.get('tab')).toBeUndefined();
  });
});

describe('failures', () => {
  it('backs off 1, 2, 4, 8, 16 s on network errors, then moves the task to the backup', async () => {
    const failures = Array.from({ length: 6 }, () => new Error('network'));
    const { queue, calls, logFailure } = setup({ script: failures });
    await queue.enqueue(data(2, 1));
    const start = Date.now();
    queue.start(OWNER);
    await vi.advanceTimersByTimeAsync(60_000);

    const gaps = calls.map((call, i) => call.at - (i === 0 ? start : calls[i - 1].at));
    expect(gaps).toEqual([0, 1000, 2000, 4000, 8000, 16000]);
    expect(queue.getTasks()).toEqual([]);
    expect(queue.getBackup().map(brief)).toEqual(['DATA u40 c1 t2 v1']);
    expect(queue.getSnapshot()).toEqual({ state: 'error', pending: 0, answers: 0 });
    // The first failure and the drop are logged, nothing in between.
    expect(logFailure.mock.calls.map(([entry]) => entry.message)).toEqual([
      'Sending DATA failed (temporary)',
      'DATA dropped after 5 retries',
    ]);
  });

  it('sends outcomes and log entries again with the key of their first send, across a reload; progress carries none', async () => {
    const page = fakeBrowser().openTab();
    const first = setup({ page, script: [new Error('network')] });
    await first.queue.enqueue({ type: 'OUTCOMES', campaignId: 1, testId: 2, userId: USER, data: [{ questionId: 1, value: 3 }] });
    await first.queue.log({ message: 'hello' });
    await first.queue.enqueue(data(3, 1));
    first.queue.start(OWNER);
    await flush();
    expect(first.calls).toHaveLength(1);
    const firstKeys = new Map(first.queue.getTasks().map((task) => [task.type, task.key]));
    first.queue.stop();

    const second = setup({ page: page.reload() });
    second.queue.start(OWNER);
    await vi.advanceTimersByTimeAsync(5_000);
    const sent = new Map(second.calls.map(({ task }) => [task.type, task.key]));
    expect([...sent.keys()].sort()).toEqual(['DATA', 'LOG', 'OUTCOMES']);
    expect(sent.get('OUTCOMES')).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(sent.get('LOG')).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(sent.get('LOG')).not.toBe(sent.get('OUTCOMES'));
    expect(sent.get('OUTCOMES')).toBe(firstKeys.get('OUTCOMES'));
    expect(sent.get('LOG')).toBe(firstKeys.get('LOG'));
    expect(sent.get('DATA')).toBeUndefined();
  });

  it('caps the backoff at 16 s', async () => {
    const failures = Array.from({ length: 8 }, () => ({ status: 503, body: {} }));
    const { queue, calls } = setup({ script: failures, retry: { retries: 7 } });
    await queue.enqueue(data(2, 1));
    queue.start(OWNER);
    await vi.advanceTimersByTimeAsync(200_000);
    const gaps = calls.slice(1).map((call, i) => call.at - calls[i].at);
    expect(gaps).toEqual([1000, 2000, 4000, 8000, 16000, 16000, 16000]);
  });

  it('retries probable permanent errors every 2 s (other 4xx, 2xx without status)', async () => {
    const script = [
      { status: 422, body: {} },
      { status: 200, body: {} },
      { status: 404, body: undefined },
    ];
    const { queue, calls } = setup({ script });
    await queue.enqueue(data(2, 1));
    queue.start(OWNER);
    await flush();
    expect(queue.getSnapshot()).toEqual({ state: 'error', pending: 1, answers: 1 });
    await vi.advanceTimersByTimeAsync(10_000);
    const gaps = calls.slice(1).map((call, i) => call.at - calls[i].at);
    expect(gaps).toEqual([2000, 2000, 2000]);
    expect(queue.getTasks()).toEqual([]);
    expect(queue.getSnapshot()).toEqual({ state: 'saved', pending: 0, answers: 0 });
  });

  it.each([401, 403])(
    '%i calls onAuthError, clears the task into a log entry and never sends it again after the next sign-in',
    async (status) => {
      const { queue, calls, onAuthError } = setup({ script: [{ status, body: {} }] });
      await queue.enqueue(data(2, 1));
      await queue.enqueue(data(3, 1));
      queue.start(OWNER);
      await vi.advanceTimersByTimeAsync(10_000);

      expect(onAuthError).toHaveBeenCalledTimes(1);
      expect(calls).toHaveLength(1);
      // Held: the rest waits for the next sign-in; the refused task is a log entry now, nothing of it in the backup.
      expect(queue.getTasks().map(brief)).toEqual(['LOG u40 c1 t2 v0', 'DATA u40 c1 t3 v1']);
      expect(queue.getBackup()).toEqual([]);

      // Signed in again: the queue goes on (the log entry with it), and the refused task is not sent again.
      queue.start(OWNER);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(calls.map((call) => brief(call.task))).toEqual(['DATA u40 c1 t2 v1', 'LOG u40 c1 t2 v0', 'DATA u40 c1 t3 v1']);
      expect(calls[1].task.data).toEqual({
        message: `DATA refused with ${status} (session ended)`,
        task: expect.objectContaining({ type: 'DATA', testId: 2, version: 1, data: 'data 2@1' }),
      });
      expect(queue.getTasks()).toEqual([]);
      expect(queue.getBackup()).toEqual([]);
    },
  );

  it('drops a log entry refused with 401/403 (reported, not queued again)', async () => {
    const { queue, calls, onUnloggableError } = setup({ script: [{ status: 401, body: {} }] });
    await queue.log({ message: 'x' }, { userId: USER });
    queue.start(OWNER);
    await flush();
    queue.start(OWNER);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(1);
    expect(queue.getTasks()).toEqual([]);
    expect(queue.getBackup()).toEqual([]);
    expect(onUnloggableError).toHaveBeenCalledWith(expect.objectContaining({ message: 'LOG refused with 401 (session ended): dropped' }));
  });

  it("409 (the test is finished on the server) drops that test's saves for good, tells the listeners, and goes on", async () => {
    const { queue, calls, onAuthError } = setup({ script: [{ status: 409, body: { status: false, code: 'TEST_COMPLETE' } }] });
    const closed = vi.fn();
    queue.subscribeClosed(closed);
    await queue.enqueue(data(2, 1));
    await queue.enqueue(data(2, 2, { type: 'STATUS', status: 'complete', data: undefined }));
    await queue.enqueue(data(3, 1));
    await queue.log({ message: 'kept' }, { campaignId: 2, testId: 2, userId: USER });
    queue.start(OWNER);
    await vi.advanceTimersByTimeAsync(60_000);

    expect(calls.map((call) => brief(call.task))).toEqual(['DATA u40 c1 t2 v1', 'DATA u40 c1 t3 v1', 'LOG u40 c2 t2 v0']);
    expect(closed).toHaveBeenCalledTimes(1);
    expect(closed).toHaveBeenCalledWith({ campaignId: 1, testId: 2, userId: USER, scope: 'test' });
    expect(queue.getTasks()).toEqual([]);
    expect(queue.getBackup()).toEqual([]);
    expect(onAuthError).not.toHaveBeenCalled();
    expect(queue.getSnapshot()).toEqual({ state: 'saved', pending: 0, answers: 0 });
  });

  it("names this tab's window in every progress save, and keeps the same window across a reload of the tab", async () => {
    const { queue, calls, page } = setup();
    await queue.enqueue(data(2, 1));
    await queue.enqueue(data(2, 2, { type: 'STATUS', status: 'incomplete', data: undefined }));
    await queue.enqueue(data(3, 0, { type: 'OUTCOMES', data: [] }));
    queue.start(OWNER);
    await vi.advanceTimersByTimeAsync(1000);
    const windowId = await queue.windowId();
    expect(calls.map((call) => call.task.windowId)).toEqual([windowId, windowId, undefined]);
    expect(await setup({ page: page.reload() }).queue.windowId()).toBe(windowId);
    expect(await setup({ page: page.duplicate() }).queue.windowId()).not.toBe(windowId);
  });

  it('409 WINDOW_SUPERSEDED (the test is open in another window) keeps what this window sent as log entries, says how many, and sends nothing of it again', async () => {
    const superseded = { status: 409, body: { status: false, code: 'WINDOW_SUPERSEDED' } };
    const { queue, calls } = setup({ script: [superseded] });
    const told = vi.fn();
    const closed = vi.fn();
    queue.subscribeSuperseded(told);
    queue.subscribeClosed(closed);
    const deliveries: Delivery[] = [];
    queue.start(OWNER);
    await Promise.all([
      queue.enqueue(data(2, 1), { onDelivery: (d) => deliveries.push(d) }),
      queue.enqueue(data(2, 2, { type: 'STATUS', status: 'incomplete', data: undefined })),
      queue.enqueue(data(3, 1)),
    ]);
    await vi.advanceTimersByTimeAsync(60_000);

    expect(calls.map((call) => brief(call.task))).toEqual([
      'DATA u40 c1 t2 v1',
      'LOG u40 c1 t2 v0',
      'LOG u40 c1 t2 v0',
      'DATA u40 c1 t3 v1',
    ]);
    // Nothing goes unsaid: each refused change went to the server's log, its data with it.
    expect(calls[1].task.data).toMatchObject({ task: { type: 'DATA', data: 'data 2@1' } });
    expect(calls[2].task.data).toMatchObject({ task: { type: 'STATUS' } });
    expect(told).toHaveBeenCalledExactlyOnceWith({ campaignId: 1, testId: 2, userId: USER, unsent: 2 });
    expect(closed).not.toHaveBeenCalled();
    expect(deliveries).toEqual([{ accepted: false, reason: 'superseded', httpStatus: 409, code: 'WINDOW_SUPERSEDED' }]);
    // Opening the test here again starts from the server's state, not from what it refused.
    expect(await queue.getLatestCopy(1, 2, USER)).toBeUndefined();
    expect(await queue.getLatestCopy(1, 3, USER)).toBeDefined();
    // Nothing here is saved any more: the header says so, not 'Salvato', until the test is opened here again.
    expect(queue.getSnapshot()).toEqual({ state: 'elsewhere', pending: 0, answers: 0 });
    // A change made meanwhile (the activity behind the notice) goes as a log entry, never as a save that could land
    // once this window has claimed the test back.
    const late: Delivery[] = [];
    await queue.enqueue(data(2, 3), { onDelivery: (d) => late.push(d) });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.slice(4).map((call) => brief(call.task))).toEqual(['LOG u40 c1 t2 v0']);
    expect(calls[4].task.data).toMatchObject({ message: 'DATA not sent: the test is open in another window' });
    expect(late).toEqual([{ accepted: false, reason: 'superseded', httpStatus: 409, code: 'WINDOW_SUPERSEDED' }]);
    queue.claimed({ campaignId: 1, testId: 2, userId: USER });
    expect(queue.getSnapshot()).toEqual({ state: 'saved', pending: 0, answers: 0 });
    await queue.enqueue(data(2, 4));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.slice(5).map((call) => brief(call.task))).toEqual(['DATA u40 c1 t2 v4']);
  });

  it('tells a tab with the test open at once when another tab of the browser opens it: held elsewhere, nothing unsent', async () => {
    const browser = fakeBrowser();
    const first = setup({ page: browser.openTab() });
    const second = setup({ page: browser.openTab() });
    await Promise.all([first.queue.ready, second.queue.ready]);
    first.queue.start(OWNER);
    second.queue.start(OWNER);
    const told = vi.fn();
    first.queue.subscribeSuperseded(told);
    second.queue.claimed({ campaignId: 1, testId: 2, userId: USER });
    expect(told).toHaveBeenCalledExactlyOnceWith({ campaignId: 1, testId: 2, userId: USER, unsent: 0 });
    expect(first.queue.getSnapshot().state).toBe('elsewhere');
    expect(second.queue.getSnapshot().state).toBe('saved');
    // Opened again in the first tab: the second is told in turn, and the first saves again.
    first.queue.claimed({ campaignId: 1, testId: 2, userId: USER });
    expect(first.queue.getSnapshot().state).toBe('saved');
    expect(second.queue.getSnapshot().state).toBe('elsewhere');
  });

  it('told by the server that another window holds a test (this one came back into view): says so once, with what is still queued', async () => {
    const { queue } = setup();
    await queue.enqueue(data(2, 1));
    await queue.enqueue(data(3, 1));
    const told = vi.fn();
    queue.subscribeSuperseded(told);
    queue.start(OWNER);
    queue.heldByOtherWindow({ campaignId: 1, testId: 2, userId: USER });
    queue.heldByOtherWindow({ campaignId: 1, testId: 2, userId: USER });
    expect(told).toHaveBeenCalledExactlyOnceWith({ campaignId: 1, testId: 2, userId: USER, unsent: 1 });
    expect(queue.getSnapshot().state).toBe('elsewhere');
    queue.claimed({ campaignId: 1, testId: 2, userId: USER });
    expect(queue.getSnapshot().state).not.toBe('elsewhere');
  });

  it('409 CAMPAIGN_CLOSED (the campaign is over) drops every task of that person in that campaign for good, 360 answers too', async () => {
    const { queue, calls, onAuthError, logFailure } = setup({
      script: [{ status: 409, body: { status: false, code: 'CAMPAIGN_CLOSED' } }],
    });
    const closed = vi.fn();
    queue.subscribeClosed(closed);
    await queue.enqueue(data(2, 1));
    await queue.enqueue(data(3, 1));
    await queue.enqueue(data(3, 2, { type: 'OUTCOMES', data: [{ questionId: 'q', value: 1 }] }));
    await queue.enqueue(data(52, 1, { type: 'EVAL360', data: { data: { closed: { '1': 4 } }, finished: true } }));
    // Another campaign of the same person is not over.
    await queue.enqueue(data(2, 1, { campaignId: 2 }));
    await queue.log({ message: 'kept' }, { campaignId: 1, testId: 99, userId: USER });
    queue.start(OWNER);
    await vi.advanceTimersByTimeAsync(60_000);

    expect(calls.map((call) => brief(call.task))).toEqual(['DATA u40 c1 t2 v1', 'LOG u40 c1 t99 v0', 'DATA u40 c2 t2 v1']);
    expect(closed).toHaveBeenCalledTimes(1);
    expect(closed).toHaveBeenCalledWith({ campaignId: 1, testId: 2, userId: USER, scope: 'campaign' });
    expect(queue.getTasks()).toEqual([]);
    expect(queue.getBackup()).toEqual([]);
    expect(onAuthError).not.toHaveBeenCalled();
    expect(logFailure).not.toHaveBeenCalled();
    expect(queue.getSnapshot()).toEqual({ state: 'saved', pending: 0, answers: 0 });
  });

  it('a log entry refused for the quota (429 LOG_QUOTA_EXCEEDED) is dropped for good; a rate limit is retried', async () => {
    const quota = { status: 429, body: { status: false, code: 'LOG_QUOTA_EXCEEDED', message: 'quota' } };
    const limited = { status: 429, body: { status: false, code: 'RATE_LIMITED', message: 'later' } };
    const { queue, calls } = setup({ script: [quota, limited] });
    await queue.log({ message: 'one too many' }, { campaignId: 1, testId: 2, userId: USER });
    await queue.log({ message: 'sent again' }, { campaignId: 1, testId: 2, userId: USER });
    queue.start(OWNER);
    await vi.advanceTimersByTimeAsync(60_000);
    // A later success brings back what the backup holds: the refused entry is not there to come back.
    await queue.enqueue(data(5, 0));
    await vi.advanceTimersByTimeAsync(60_000);

    const messages = calls.map((call) => (call.task.type === 'LOG' ? (call.task.data as { message: string }).message : brief(call.task)));
    expect(messages).toEqual(['one too many', 'sent again', 'sent again', 'DATA u40 c1 t5 v0']);
    expect(queue.getTasks()).toEqual([]);
    expect(queue.getBackup()).toEqual([]);
    expect(queue.getSnapshot()).toEqual({ state: 'saved', pending: 0, answers: 0 });
  });

  it('a task replaced while in flight is not retried', async () => {
    let answer: (response: TransportResponse) => void = () => {};
    const transport = vi.fn(
      (task: QueueTask) =>
        new Promise<TransportResponse>((resolve) => {
          answer = resolve;
          void task;
        }),
    );
    const { queue } = setup({ transport });
    await queue.enqueue(data(2, 1));
    queue.start(OWNER);
    await flush();
    await queue.enqueue(data(2, 2));
    answer({ status: 500, body: {} });
    await flush();
    expect(transport).toHaveBeenCalledTimes(2);
    expect(transport.mock.calls[1][0].version).toBe(2);
  });

  it('logs failures of log entries to the unloggable handler, not through the queue', async () => {
    const { queue, logFailure, onUnloggableError } = setup({ script: [{ status: 500, body: {} }] });
    await queue.log({ message: 'x' }, { userId: USER });
    queue.start(OWNER);
    await flush();
    expect(logFailure).not.toHaveBeenCalled();
    expect(onUnloggableError).toHaveBeenCalledWith(expect.objectContaining({ message: 'Sending LOG failed (temporary)' }));
  });
});

describe('delivery', () => {
  /** Enqueues and records what became of the task. */
  async function tracked(queue: ReturnType<typeof setup>['queue'], input: TaskInput) {
    const told: Delivery[] = [];
    await queue.enqueue(input, { onDelivery: (delivery) => told.push(delivery) });
    return told;
  }

  it('is told accepted only once the server has answered with success, not when the task is queued', async () => {
    let answer: (response: TransportResponse) => void = () => {};
    const transport = vi.fn(() => new Promise<TransportResponse>((resolve) => (answer = resolve)));
    const { queue } = setup({ transport });
    queue.start(OWNER);
    const told = await tracked(queue, data(2, 1, { type: 'EVAL360', data: { data: {}, finished: true } }));
    await flush();
    expect(transport).toHaveBeenCalledTimes(1);
    expect(told).toEqual([]);
    answer(OK);
    await flush();
    expect(told).toEqual([{ accepted: true }]);
  });

  it.each([
    [
      { status: 500, body: {} },
      { accepted: false, reason: 'failed', httpStatus: 500 },
    ],
    [
      { status: 422, body: { status: false, code: 'VALIDATION' } },
      { accepted: false, reason: 'failed', httpStatus: 422, code: 'VALIDATION' },
    ],
    [
      { status: 409, body: { status: false, code: 'TEST_COMPLETE' } },
      { accepted: false, reason: 'closed', httpStatus: 409, code: 'TEST_COMPLETE' },
    ],
    [
      { status: 401, body: {} },
      { accepted: false, reason: 'auth', httpStatus: 401 },
    ],
  ])('is told the first refusal (%j), once, while the queue goes on by its rules', async (response, delivery) => {
    const { queue } = setup({ script: [response, response] });
    queue.start(OWNER);
    const told = await tracked(queue, data(2, 1));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(told).toEqual([delivery]);
  });

  it('is told offline at once when there is no connection', async () => {
    const environment = fakeEnvironment();
    environment.online = false;
    const { queue } = setup({ environment });
    queue.start(OWNER);
    expect(await tracked(queue, data(2, 1))).toEqual([{ accepted: false, reason: 'offline' }]);
  });

  it('is told replaced when a newer version takes its place before an answer', async () => {
    const { queue } = setup({ transport: () => new Promise<TransportResponse>(() => {}) });
    queue.start(OWNER);
    await queue.enqueue(data(5, 1));
    const older = await tracked(queue, data(2, 1));
    const newer = await tracked(queue, data(2, 2));
    expect(older).toEqual([{ accepted: false, reason: 'replaced' }]);
    expect(newer).toEqual([]);
  });
});

describe('forget (signed out)', () => {
  it("keeps what the person has not sent yet (their backup, that test's latest copy) and forgets the copies of what went", async () => {
    const failures = Array.from({ length: 6 }, () => ({ status: 500, body: {} }));
    const { queue, page } = setup({ script: [OK, ...failures] });
    await queue.enqueue(data(4, 1));
    await queue.enqueue(data(3, 1, { userId: 41 }));
    queue.start(OWNER);
    await flush();
    expect(await queue.getLatestCopy(1, 4, USER)).toMatchObject({ version: 1 });
    await queue.enqueue(data(2, 1));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(queue.getBackup().map(brief)).toEqual(['DATA u40 c1 t2 v1']);

    await queue.forget(USER);
    expect(queue.getBackup().map(brief)).toEqual(['DATA u40 c1 t2 v1']);
    expect(await queue.getLatestCopy(1, 2, USER)).toMatchObject({ version: 1 });
    expect(await queue.getLatestCopy(1, 4, USER)).toBeUndefined();
    expect(await queue.getLatestCopy(1, 3, 41)).toMatchObject({ version: 1 });
    const stored = [...page.storage.entries.keys()];
    expect(stored.filter((key) => key.startsWith(`latest:${USER}:`))).toEqual([`latest:${USER}:1:2`]);
  });
});

describe('owners (a shared browser)', () => {
  const OTHER = { userId: 41, companyId: COMPANY };

  it('stamps each task with who was signed in, and never sends it under anyone else: its owner does, on their next sign-in', async () => {
    const environment = fakeEnvironment();
    const { queue, calls } = setup({ environment });
    queue.start(OWNER);
    environment.goOffline();
    await queue.enqueue(data(2, 1));
    expect(queue.getTasks()[0].owner).toEqual(OWNER);
    queue.stop();

    environment.online = true;
    queue.start(OTHER);
    await queue.enqueue(data(5, 1, { userId: 41 }));
    await flush();
    expect(calls.map((call) => brief(call.task))).toEqual(['DATA u41 c1 t5 v1']);
    expect(queue.getSnapshot()).toEqual({ state: 'saved', pending: 0, answers: 0 });
    expect(queue.getTasks().map(brief)).toEqual(['DATA u40 c1 t2 v1']);
    queue.stop();

    queue.start(OWNER);
    await flush();
    expect(calls.map((call) => brief(call.task))).toEqual(['DATA u41 c1 t5 v1', 'DATA u40 c1 t2 v1']);
    expect(queue.getTasks()).toEqual([]);
  });

  it('the same user id in another company is another person: it waits', async () => {
    const environment = fakeEnvironment();
    const { queue, calls } = setup({ environment });
    queue.start(OWNER);
    environment.goOffline();
    await queue.enqueue(data(2, 1));
    queue.stop();
    environment.online = true;
    queue.start({ userId: USER, companyId: COMPANY + 1 });
    await flush();
    expect(calls).toEqual([]);
    expect(queue.getSnapshot().pending).toBe(0);
    queue.stop();
    queue.start(OWNER);
    await flush();
    expect(calls.map((call) => brief(call.task))).toEqual(['DATA u40 c1 t2 v1']);
  });

  it("a refusal (401/403) that reaches a session no longer the owner's keeps the task for its owner and signs nobody out", async () => {
    let answer!: (response: TransportResponse) => void;
    const transport = vi.fn(
      (task: QueueTask) =>
        new Promise<TransportResponse>((resolve) => {
          if (task.type === 'DATA' && !answer) answer = resolve;
          else resolve(OK);
        }),
    );
    const { queue, onAuthError } = setup({ transport });
    queue.start(OWNER);
    await queue.enqueue(data(2, 1));
    await flush();
    // Signed out (another person signs in) while the save was on its way: the server refuses it under the new session.
    queue.stop();
    queue.start(OTHER);
    answer({ status: 403, body: { status: false, code: 'FORBIDDEN' } });
    await flush();
    expect(onAuthError).not.toHaveBeenCalled();
    expect(queue.getTasks().map(brief)).toEqual(['DATA u40 c1 t2 v1']);
    expect(queue.getTasks().some((task) => task.type === 'LOG')).toBe(false);
  });
});

describe('backup', () => {
  async function withOneInBackup() {
    const failures = Array.from({ length: 6 }, () => ({ status: 500, body: {} }));
    const harness = setup({ script: failures });
    await harness.queue.enqueue(data(2, 1));
    harness.queue.start(OWNER);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(harness.queue.getBackup()).toHaveLength(1);
    return harness;
  }

  it('is pushed again when the connection returns', async () => {
    const { queue, environment, calls } = await withOneInBackup();
    environment.goOffline();
    environment.goOnline();
    await flush();
    expect(calls).toHaveLength(7);
    expect(queue.getBackup()).toEqual([]);
    expect(queue.getSnapshot()).toEqual({ state: 'saved', pending: 0, answers: 0 });
  });

  it('is pushed again after a later successful send', async () => {
    const { queue, calls } = await withOneInBackup();
    await queue.enqueue(data(5, 0));
    await flush();
    expect(calls.slice(-2).map((call) => brief(call.task))).toEqual(['DATA u40 c1 t5 v0', 'DATA u40 c1 t2 v1']);
    expect(queue.getBackup()).toEqual([]);
  });

  it("sends a test's progress from the backup before what finishes that test, which would close it", async () => {
    const { queue, calls } = await withOneInBackup();
    await queue.enqueue({ type: 'OUTCOMES', campaignId: 1, testId: 2, userId: USER, data: [{ questionId: 1, value: 3 }] });
    await flush();
    // The save the server would refuse once the outcomes have finished the test goes first.
    expect(calls.slice(-2).map((call) => brief(call.task))).toEqual(['DATA u40 c1 t2 v1', 'OUTCOMES u40 c1 t2 v0']);
    expect(queue.getBackup()).toEqual([]);
  });

  it('survives a reload', async () => {
    const { page } = await withOneInBackup();
    const after = setup({ page: page.reload() });
    await after.queue.ready;
    expect(after.queue.getBackup().map(brief)).toEqual(['DATA u40 c1 t2 v1']);
  });

  it('keeps at most 20 tasks, the oldest going out', async () => {
    const failures = Array.from({ length: 22 * 6 }, () => ({ status: 500, body: {} }));
    const { queue, onUnloggableError } = setup({ script: failures });
    for (let testId = 1; testId <= 22; testId += 1) await queue.enqueue(data(testId, 0));
    queue.start(OWNER);
    await vi.advanceTimersByTimeAsync(22 * 60_000);
    expect(queue.getBackup().map((task) => task.testId)).toEqual(Array.from({ length: 20 }, (_, i) => i + 3));
    expect(onUnloggableError).toHaveBeenCalledTimes(2);
  });
});

describe('offline', () => {
  it('stays idle while offline and resumes on online', async () => {
    const environment = fakeEnvironment();
    environment.online = false;
    const { queue, calls } = setup({ environment });
    await queue.enqueue(data(2, 1));
    await queue.enqueue(data(3, 1));
    queue.start(OWNER);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(0);
    expect(queue.getSnapshot()).toEqual({ state: 'offline', pending: 2, answers: 2 });

    environment.goOnline();
    await flush();
    expect(calls).toHaveLength(2);
    expect(queue.getSnapshot()).toEqual({ state: 'saved', pending: 0, answers: 0 });
  });

  it('goes offline mid-way, then picks up where it was', async () => {
    const environment = fakeEnvironment();
    const transport = vi.fn(async (): Promise<TransportResponse> => {
      environment.online = false;
      throw new Error('network');
    });
    const { queue } = setup({ environment, transport });
    await queue.enqueue(data(2, 1));
    queue.start(OWNER);
    await flush();
    expect(queue.getTasks()[0].retry).toEqual({ type: 'none', attempt: 0 });
    expect(queue.getSnapshot()).toEqual({ state: 'offline', pending: 1, answers: 1 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(transport).toHaveBeenCalledTimes(1);

    transport.mockImplementation(async () => OK);
    environment.goOnline();
    await flush();
    expect(transport).toHaveBeenCalledTimes(2);
    expect(queue.getSnapshot()).toEqual({ state: 'saved', pending: 0, answers: 0 });
  });
});

describe('page unload (beacon)', () => {
  it('sends what is queued as JSON beacons, drops SYNC_ALL, and keeps the items persisted', async () => {
    const environment = fakeEnvironment();
    environment.online = false; // nothing goes by fetch
    const { queue, page } = setup({ environment });
    queue.start(OWNER);
    await queue.enqueue(data(2, 1));
    await queue.enqueue(data(0, 0, { type: 'SYNC_ALL', status: 'SYNC_ALL', data: { tests: [{ testId: 2, version: 1 }] } }));
    await queue.enqueue(data(3, 0, { type: 'OUTCOMES', data: [{ questionId: 1, value: 4 }] }));
    environment.online = true;
    environment.pageHide();

    expect(environment.beacons.map((b) => b.url)).toEqual(['/api/tests/2/data/1/40', '/api/outcomes/1/3/40']);
    expect(environment.beacons[0].body.type).toBe('application/json');
    expect(JSON.parse(await environment.beacons[0].body.text())).toEqual({
      version: 1,
      data: 'data 2@1',
      windowId: await queue.windowId(),
    });

    await flush();
    const reloaded = setup({ page: page.reload() });
    await reloaded.queue.ready;
    expect(reloaded.queue.getTasks().map(brief)).toEqual(['DATA u40 c1 t2 v1', 'OUTCOMES u40 c1 t3 v0']);
  });

  it('does not beacon the same item twice', async () => {
    const environment = fakeEnvironment();
    environment.online = false;
    const { queue } = setup({ environment });
    queue.start(OWNER);
    await queue.enqueue(data(2, 1));
    environment.online = true;
    expect(queue.flushWithBeacon()).toBe(1);
    expect(queue.flushWithBeacon()).toBe(0);
  });

  it('does nothing without sendBeacon', async () => {
    const environment = fakeEnvironment(false);
    const { queue } = setup({ environment });
    await queue.enqueue(data(2, 1));
    queue.start(OWNER);
    expect(queue.flushWithBeacon()).toBe(0);
  });
});

describe('checkSync', () => {
  it('re-sends in full what the server lacks and forgets what it proves it has', async () => {
    const environment = fakeEnvironment();
    const first = setup({ environment });
    first.queue.start(OWNER);
    environment.goOffline();
    await first.queue.enqueue(data(2, 5, { type: 'SYNC', status: 'incomplete' }));
    await first.queue.enqueue(data(3, 7, { type: 'SYNC', status: 'complete' }));
    environment.online = true;
    expect(first.queue.flushWithBeacon()).toBe(2);
    await flush();

    // Next visit: the server got the beacon for test 2 but not for test 3; start() asks first.
    const { transport, calls } = fakeTransport({ status: 200, body: { status: true, needPushing: [3] } });
    const { queue } = setup({ page: first.page.reload(), transport });
    queue.start(OWNER);
    await flush();

    expect(calls.map((call) => brief(call.task))).toEqual(['SYNC_ALL u40 c1 t0 v0', 'SYNC u40 c1 t3 v7']);
    expect(calls[0].task.data).toEqual({
      tests: [
        { testId: 2, version: 5 },
        { testId: 3, version: 7 },
      ],
    });
    expect(calls[1].task).toMatchObject({ status: 'complete', data: 'data 3@7' });
    expect(queue.getTasks()).toEqual([]);
  });

  it('resync re-enqueues the latest local copy of what the server lacks', async () => {
    const { transport, calls } = fakeTransport(OK, OK, { status: 200, body: { status: true, needPushing: [2] } });
    const { queue } = setup({ transport });
    queue.start(OWNER);
    await queue.enqueue(data(2, 4, { type: 'SYNC', status: 'incomplete' }));
    await queue.enqueue(data(2, 1, { type: 'STATUS', status: 'incomplete', data: undefined }));
    await flush();
    await queue.resync(1);
    await flush();
    expect(calls.map((call) => brief(call.task))).toEqual([
      'SYNC u40 c1 t2 v4',
      'STATUS u40 c1 t2 v1',
      'SYNC_ALL u40 c1 t0 v0',
      'SYNC u40 c1 t2 v4',
    ]);
  });
});

describe('logout', () => {
  it('drain resolves once everything is sent, reporting progress', async () => {
    const { queue } = setup({ script: [{ status: 500, body: {} }] });
    queue.start(OWNER);
    await queue.enqueue(data(2, 1));
    await queue.enqueue(data(3, 1));
    const progress: number[] = [];
    let drained = false;
    void queue.drain((pending) => progress.push(pending)).then(() => (drained = true));
    await flush();
    expect(drained).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(drained).toBe(true);
    expect(progress).toEqual([2, 1, 0]);
  });

  it('drain resolves at once when nothing is pending', async () => {
    const { queue } = setup();
    queue.start(OWNER);
    await expect(queue.drain()).resolves.toBeUndefined();
  });

  it('skipToLogs sends what is left as log entries and keeps the answers queued for their owner; signing out ends the wait', async () => {
    const environment = fakeEnvironment();
    environment.online = false;
    const { queue } = setup({ environment });
    queue.start(OWNER);
    await queue.enqueue(data(2, 1));
    await queue.log({ message: 'already a log' });
    expect(queue.getSnapshot()).toMatchObject({ pending: 2, answers: 1 });
    const drained = queue.drain();
    await queue.skipToLogs();

    expect(environment.beacons.map((b) => b.url)).toEqual(['/api/logs', '/api/logs']);
    const bodies = await Promise.all(environment.beacons.map(async (b) => JSON.parse(await b.body.text()) as { data: string }));
    expect(JSON.parse(bodies[0].data)).toEqual({ message: 'already a log' });
    expect(JSON.parse(bodies[1].data)).toMatchObject({ message: 'Unsent at logout', task: { type: 'DATA', testId: 2 } });
    expect(queue.getTasks().map(brief)).toEqual(['DATA u40 c1 t2 v1']);
    expect(queue.getTasks()[0].owner).toEqual(OWNER);
    queue.stop();
    await drained;
    expect(queue.getSnapshot()).toEqual({ state: 'saved', pending: 0, answers: 0 });
  });

  it("retryNow ('Aspetta') sends a task waiting out its back-off at once", async () => {
    const { queue, calls } = setup({ script: [{ status: 500, body: {} }] });
    queue.start(OWNER);
    await queue.enqueue(data(2, 1));
    await flush();
    expect(calls).toHaveLength(1);
    queue.retryNow();
    await flush();
    expect(calls).toHaveLength(2);
    expect(queue.getSnapshot()).toEqual({ state: 'saved', pending: 0, answers: 0 });
  });

  it('skipToLogs falls back to the transport without a beacon', async () => {
    const environment = fakeEnvironment(false);
    environment.online = false;
    const { queue, transport } = setup({ environment });
    queue.start(OWNER);
    await queue.enqueue(data(2, 1));
    await queue.skipToLogs();
    expect(transport).toHaveBeenCalledWith(expect.objectContaining({ type: 'LOG' }));
  });
});

describe('snapshot', () => {
  it('notifies subscribers as the state changes', async () => {
    const { queue } = setup({ script: [{ status: 500, body: {} }] });
    const seen: string[] = [];
    queue.subscribe(() => seen.push(`${queue.getSnapshot().state}:${queue.getSnapshot().pending}`));
    queue.start(OWNER);
    await queue.enqueue(data(2, 1));
    await vi.advanceTimersByTimeAsync(1000);
    expect(seen).toEqual(['saving:1', 'error:1', 'saved:0']);
  });
});

describe('drafts (coalesce)', () => {
  const draft = (version: number, fields: Partial<TaskInput> = {}) => data(2, version, { data: `text ${version}`, ...fields });

  /** Types one key every 100 ms for `ms`, each change a draft of the next version. */
  async function type(queue: ReturnType<typeof setup>['queue'], ms: number, from = 1) {
    let version = from;
    for (let at = 0; at < ms; at += 100) {
      void queue.enqueue(draft(version++), { coalesce: true });
      await vi.advanceTimersByTimeAsync(100);
    }
    return version - 1;
  }

  it('a sentence typed key by key goes as one POST of its latest text, a second after the last key', async () => {
    const { queue, calls } = setup();
    queue.start(OWNER);
    await flush();
    const last = await type(queue, 3000);
    expect(calls).toEqual([]);
    expect(queue.getSnapshot().state).toBe('saving');
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls.map((call) => brief(call.task))).toEqual([`DATA u40 c1 t2 v${last}`]);
    expect(calls[0].task.data).toBe(`text ${last}`);
    expect(queue.getSnapshot().state).toBe('saved');
  });

  it('long typing still sends at least every 5 s', async () => {
    const { queue, calls } = setup();
    queue.start(OWNER);
    await flush();
    await type(queue, 8000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(2);
  });

  it('is persisted at once: a reload right after the last key finds it and sends it', async () => {
    const { queue, page } = setup();
    queue.start(OWNER);
    await queue.enqueue(draft(1), { coalesce: true });
    const reloaded = setup({ page: page.reload() });
    reloaded.queue.start(OWNER);
    await vi.advanceTimersByTimeAsync(1000);
    expect(reloaded.calls.map((call) => call.task.data)).toEqual(['text 1']);
  });

  it('goes by beacon at once when the page is hidden or closed', async () => {
    const { queue, environment, calls } = setup();
    queue.start(OWNER);
    await queue.enqueue(draft(1), { coalesce: true });
    environment.pageHide();
    expect(environment.beacons.map((b) => b.url)).toEqual(['/api/tests/2/data/1/40']);
    expect(calls).toEqual([]);
  });

  it('goes at once when the test is finished or at logout (drain)', async () => {
    const { queue, calls } = setup();
    queue.start(OWNER);
    await queue.enqueue(draft(1), { coalesce: true });
    await queue.enqueue(data(2, 2, { type: 'STATUS', status: 'complete', data: undefined }));
    await flush();
    expect(calls.map((call) => brief(call.task))).toEqual(['DATA u40 c1 t2 v1', 'STATUS u40 c1 t2 v2']);

    await queue.enqueue(draft(3, { testId: 5 }), { coalesce: true });
    await queue.drain();
    expect(calls).toHaveLength(3);
  });

  it('says saving, never saved, while someone holds input not yet queued', async () => {
    const { queue } = setup();
    queue.start(OWNER);
    await flush();
    queue.holdInput('activity:2', true);
    expect(queue.getSnapshot()).toEqual({ state: 'saving', pending: 0, answers: 0 });
    queue.holdInput('activity:2', false);
    expect(queue.getSnapshot().state).toBe('saved');
  });
});
