import { QUEUE } from '@prova/contract/limits';
import { describeTask, TaskBackup } from './backup';
import type { FailureEntry } from './failure';
import { copyToTask, latestCopyKey, latestCopyPrefix, mergeLatestCopy, type LatestCopy } from './latest-copy';
import { browserEnvironment, globalTimers, type QueueEnvironment, type Timers, type WindowClaim } from './queue-environment';
import { createBrowserStorage, type QueueStorage } from './queue-storage';
import { TabAdoption, type OrphanQueue } from './tab-adoption';
import { claimTabId, newTabId, tabKeys } from './tab-queues';
import { classifyResponse, closedScope, DEFAULT_RETRY, retryDelay, type AttemptOutcome, type RetryConfig } from './retry-policy';
import {
  carriesAnswer,
  compareTasks,
  finishesTest,
  kindKey,
  newIdempotencyKey,
  savesProgress,
  savesTest,
  toQueueTask,
  type QueueTask,
  type StoredTask,
  type TaskInput,
  type TaskOwner,
} from './task';
import { readNeedPushing, readTestVersions, toTaskRequest } from './task-request';
import { fetchTransport, type Transport } from './transport';
import { WriteChain } from './write-chain';
import { validateTask } from './validate-task';

// The offline-tolerant sending queue.

/** A backed-up task that failed this many rounds after coming back is given up (reported, not retried). */
const MAX_RESTORES = QUEUE.retries;

/** `elsewhere`: a test this window had open is held by another window (WINDOW_SUPERSEDED): nothing here is saved. */
export type QueueState = 'saved' | 'saving' | 'offline' | 'error' | 'elsewhere';

export interface QueueSnapshot {
  state: QueueState;
  /** Tasks of the signed-in user still to send. */
  pending: number;
  /** Of those, the ones that carry what the person answered (not log entries, not checks). */
  answers: number;
}

export type FailureLog = FailureEntry;

/**
 * What became of one task (enqueue's `onDelivery`): the server accepted it, or why it is not there (yet):
 * - `auth`: refused with 401/403, the session is gone; the task was cleared (kept as a log entry);
 * - `closed`: refused with 409, final (a finished test);
 * - `superseded`: refused with 409 WINDOW_SUPERSEDED, the test is open in another window that holds it (kept as a log entry);
 * - `failed`: the first attempt failed (5xx, time-out, another 4xx): the queue tries again by itself;
 * - `refused`: refused for good with 429 (a log entry past the person's quota), dropped;
 * - `offline`: not sent, there is no connection (or nobody signed in): it goes when there is;
 * - `replaced`: a newer version of the same kind took its place before an answer;
 * - `skipped`: 'Salta' at logout turned it into a log entry.
 */
export type Delivery =
  | { accepted: true }
  | {
      accepted: false;
      reason: 'auth' | 'closed' | 'failed' | 'offline' | 'refused' | 'replaced' | 'skipped' | 'superseded';
      httpStatus?: number;
      code?: string;
    };

export interface EnqueueOptions {
  /** Told once: when the server has answered this task's first attempt, or at once when it cannot go now. */
  onDelivery?: (delivery: Delivery) => void;
  /**
   * A draft (someone is typing): persisted at once, but sent only once no newer version of the same kind came for
   * QUEUE.coalesceMs (at the latest QUEUE.coalesceMaxMs after the first draft), so a sentence is a few POSTs, not one
   * per key. Page unload (beacon), drain() and a task that finishes the test send it at once.
   */
  coalesce?: boolean;
}

/** A test the server holds as finished, or the campaign it is in as over: it refused a save with 409. */
export interface ClosedTest {
  campaignId: number;
  testId: number;
  userId: number;
  /** `campaign`: the whole campaign is over (CAMPAIGN_CLOSED), every save of the person in it is dropped. */
  scope: 'campaign' | 'test';
}

/**
 * A test of this window the server holds for another window (the test was opened there since): this window's saves of
 * it were refused and are not applied. `unsent`: how many of them (at least the one refused), dropped from the queue
 * and kept as log entries. Opening the test again here ("Continua qui") takes it over from the server's state.
 */
export interface SupersededTest {
  campaignId: number;
  testId: number;
  userId: number;
  unsent: number;
}

export interface SendingQueueOptions {
  /** Default: IndexedDB through idb-keyval (memory where the browser has none). */
  storage?: QueueStorage;
  /** Default: fetch, JSON, same-origin cookie, QUEUE.timeoutMs. */
  transport?: Transport;
  /** Default: window/navigator. */
  environment?: QueueEnvironment;
  timers?: Timers;
  retry?: Partial<RetryConfig>;
  /** Default: QUEUE.backupSize. */
  backupSize?: number;
  /**
   * 401/403: the session is gone. The queue clears the task (it becomes a log entry, sent once its person signs in
   * again; the task itself never is) and holds until start() is called again.
   */
  onAuthError?: () => void;
  /** The first failure of a task, and a task dropped after its retries. Can enqueue a LOG entry. */
  logFailure?: (entry: FailureLog) => void;
  /** What cannot go through the queue: failures of log entries, storage errors, tasks given up. */
  onUnloggableError?: (entry: FailureLog | { message: string; error?: unknown }) => void;
}

export interface SendingQueue {
  /** Resolves once the persisted state is loaded. */
  readonly ready: Promise<void>;
  /**
   * Starts sending the tasks of this person (on sign-in): theirs only, those they queued on this browser before
   * included; another person's wait for their owner. Listens to online/offline and page unload.
   */
  start(owner: TaskOwner): void;
  /** Stops sending (on logout, after drain or skipToLogs); what is left stays persisted. */
  stop(): void;
  /** Validates (throws the spec's Error when invalid) and queues; resolves once persisted (not once sent: see onDelivery). */
  enqueue(input: TaskInput, options?: EnqueueOptions): Promise<void>;
  /** Queues a log entry (POST /api/logs). */
  log(entry: unknown, ids?: Partial<Pick<QueueTask, 'campaignId' | 'testId' | 'userId'>>): Promise<void>;
  /**
   * Queues a SYNC_ALL (POST /api/tests/checkSync) of the latest local copies of the signed-in user in a
   * campaign; the tests the server lacks are re-sent in full. start() does it by itself for beacon'd items.
   */
  resync(campaignId: number): Promise<void>;
  /** The newest local progress of a test (kept after sending). */
  getLatestCopy(campaignId: number, testId: number, userId: number): Promise<LatestCopy | undefined>;
  /** Page unload: sends what is queued with navigator.sendBeacon; SYNC_ALL is dropped. Returns how many went. */
  flushWithBeacon(): number;
  /**
   * Someone's input not yet handed to the queue (an activity said it holds unsent input, a field being typed
   * that another sender coalesces): while any source holds some, the state is 'saving', never 'saved'.
   */
  holdInput(source: string, held: boolean): void;
  /** Resolves when nothing of the signed-in user is left to send. */
  drain(onProgress?: (pending: number) => void): Promise<void>;
  /** 'Aspetta' at logout: a send waiting out its back-off (or the backup) goes now. */
  retryNow(): void;
  /**
   * 'Salta': what is left goes out as log entries at once (the spec's logout); the answers themselves stay queued
   * under their owner, sent the next time that person signs in on this browser, never under anyone else.
   */
  skipToLogs(): Promise<void>;
  /**
   * Signed out (after drain() or skipToLogs()): the latest copies of the person's tests go, but those of tests with
   * something still unsent, which stays for its owner's next sign-in.
   */
  forget(userId: number): Promise<void>;
  subscribe(listener: () => void): () => void;
  /** Told when the server refuses a test's saves because it is finished (the room and the open activity follow). */
  subscribeClosed(listener: (test: ClosedTest) => void): () => void;
  /** Told when the server refuses this window's saves of a test because another window holds it (issue 54). */
  subscribeSuperseded(listener: (test: SupersededTest) => void): () => void;
  /** This window's id (its tab's, kept across reloads): what opening a test claims it with. */
  windowId(): Promise<string>;
  /** The test was opened (claimed) in this window: a window that lost it saves again ('elsewhere' ends). */
  claimed(ids: { campaignId: number; testId: number; userId: number }): void;
  /** The server said another window holds the test (asked when this one came back into view): as a 409 would say. */
  heldByOtherWindow(ids: { campaignId: number; testId: number; userId: number }): void;
  getSnapshot(): QueueSnapshot;
  /** Live queue, in sending order. */
  getTasks(): QueueTask[];
  /** Tasks dropped after their retries, pushed again when the connection returns. */
  getBackup(): QueueTask[];
}

export function createSendingQueue(options: SendingQueueOptions = {}): SendingQueue {
  return new QueueImpl(options);
}

class QueueImpl implements SendingQueue {
  readonly ready: Promise<void>;

  private readonly storage: QueueStorage;
  private readonly transport: Transport;
  private readonly env: QueueEnvironment;
  private readonly timers: Timers;
  private readonly retry: RetryConfig;
  private readonly onAuthError: () => void;
  private readonly logFailure: (entry: FailureLog) => void;
  private readonly onUnloggableError: NonNullable<SendingQueueOptions['onUnloggableError']>;

  private tasks: StoredTask[] = [];
  private readonly backup: TaskBackup;
  private seq = 0;
  /** Names this tab's keys in storage (tab-queues.ts); a new one until load() claims the saved one. */
  private tabId = newTabId();
  /** Who is signed in: only their tasks are sent. */
  private session: TaskOwner | undefined;
  private online = true;
  private authHeld = false;
  private inFlight: StoredTask | undefined;
  private waitTimer: unknown;
  /** Waits for the head task's coalescing window (separate from the retry wait, which it must not cut short). */
  private holdTimer: unknown;
  private readonly heldInput = new Set<string>();
  /** Tests another window took from this one, until opened here again: their latestCopyKey, and whose they are. */
  private readonly heldElsewhere = new Map<string, number>();
  private unlisten: (() => void) | undefined;
  /** Storage writes, one at a time, after the load. */
  private readonly writes: WriteChain;
  private readonly adoption: TabAdoption;
  private saveQueued = false;
  private snapshot: QueueSnapshot = { state: 'saved', pending: 0, answers: 0 };
  private readonly listeners = new Set<() => void>();
  private readonly closedListeners = new Set<(test: ClosedTest) => void>();
  private readonly supersededListeners = new Set<(test: SupersededTest) => void>();
  private drainWaiters: Array<() => void> = [];
  private progressListeners = new Set<(pending: number) => void>();
  /** Who waits to hear what became of a task (enqueue's onDelivery). */
  private readonly deliveries = new Map<StoredTask, (delivery: Delivery) => void>();

  constructor(options: SendingQueueOptions) {
    this.storage = options.storage ?? createBrowserStorage();
    this.transport = options.transport ?? fetchTransport;
    this.env = options.environment ?? browserEnvironment();
    this.timers = options.timers ?? globalTimers;
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.onAuthError = options.onAuthError ?? (() => {});
    this.logFailure = options.logFailure ?? ((entry) => console.warn('[sending-queue]', entry.message, entry));
    this.onUnloggableError = options.onUnloggableError ?? ((entry) => console.error('[sending-queue]', entry.message, entry));
    this.backup = new TaskBackup(options.backupSize ?? QUEUE.backupSize, MAX_RESTORES, (entry) => this.onUnloggableError(entry));
    this.adoption = new TabAdoption({
      storage: this.storage,
      tab: this.env.tab,
      ownTabId: () => this.tabId,
      take: (orphan) => this.takeOrphan(orphan),
      onError: (error) => this.onUnloggableError({ message: 'Could not adopt the queue of a closed tab', error }),
    });
    const loaded = this.load();
    this.writes = new WriteChain(loaded);
    this.ready = this.adoption.run(loaded);
    this.env.tab.broadcast?.hear((claim) => this.heardClaim(claim));
  }

  // ---- lifecycle -------------------------------------------------------------------------------

  private async load() {
    try {
      this.tabId = await claimTabId(this.env.tab);
      const own = tabKeys(this.tabId);
      const [tasks, backup] = await Promise.all([this.storage.get<StoredTask[]>(own.tasks), this.storage.get<StoredTask[]>(own.backup)]);
      this.tasks = (tasks ?? []).sort(compareTasks);
      this.backup.load(backup ?? []);
      this.seq = Math.max(0, ...this.tasks.map((t) => t.seq + 1), ...this.backup.list().map((t) => t.seq + 1));
    } catch (error) {
      this.onUnloggableError({ message: 'Could not read the sending queue', error });
    }
  }

  private get userId() {
    return this.session?.userId;
  }

  start(owner: TaskOwner) {
    const { userId } = owner;
    this.session = { ...owner };
    this.authHeld = false;
    this.online = this.env.isOnline();
    this.unlisten ??= this.env.listen({
      online: () => this.handleOnline(),
      offline: () => {
        this.online = false;
        this.changed();
      },
      pageHide: () => this.flushWithBeacon(),
    });
    void this.adoption
      .run()
      .then(() => this.checkBeaconed(userId))
      .then(() => {
        this.changed();
        this.pump();
      });
  }

  /** Progress sent by beacon at the last unload may have arrived: ask (SYNC_ALL) before sending it again. */
  private async checkBeaconed(userId: number) {
    const beaconed = this.tasks.filter(
      (task) => task.beaconed && task.userId === userId && this.isMine(task) && (task.type === 'SYNC' || task.type === 'DATA'),
    );
    for (const campaignId of new Set(beaconed.map((task) => task.campaignId))) {
      try {
        await this.resync(campaignId);
      } catch (error) {
        this.onUnloggableError({ message: 'Could not queue the check of beacon sends', error });
      }
    }
  }

  stop() {
    this.session = undefined;
    this.unlisten?.();
    this.unlisten = undefined;
    this.clearWait();
    this.changed();
  }

  private handleOnline() {
    this.online = true;
    this.restoreBackup();
    this.changed();
    this.pump();
    void this.adoption.run().then(() => {
      this.changed();
      this.pump();
    });
  }

  // ---- other tabs ------------------------------------------------------------------------------

  /** A closed tab's tasks join by the insert rules, its backup by the backup's; saved under this tab's keys. */
  private async takeOrphan(orphan: OrphanQueue) {
    for (const task of orphan.tasks.sort((a, b) => a.seq - b.seq)) this.insert({ ...task, seq: this.seq++ });
    for (const task of orphan.backup) {
      this.backup.keep({ ...task, seq: this.seq++ }, { message: 'Adopted from a closed tab', task: describeTask(task) });
    }
    await this.writes.run(() => this.persist());
  }

  // ---- queueing --------------------------------------------------------------------------------

  enqueue(input: TaskInput, options: EnqueueOptions = {}): Promise<void> {
    const task = validateTask(input);
    return this.ready.then(() => {
      // Its owner is whoever is signed in now: it is sent only under their session (isMine); a save carries its window.
      const stored: StoredTask = { ...task, ...(this.session && { owner: { ...this.session } }), ...this.windowOf(task), seq: this.seq++ };
      const { onDelivery } = options;
      // A save of a test another window took, made before it is opened here again (an activity still running behind
      // the notice): kept as a log entry, never sent as a save, which could land after this window claims it back.
      if (savesProgress(stored) && this.heldElsewhere.has(latestCopyKey(stored.userId, stored.campaignId, stored.testId))) {
        this.insert({ ...logEntryOf(stored, `${stored.type} not sent: the test is open in another window`), seq: this.seq++ });
        onDelivery?.({ accepted: false, reason: 'superseded', httpStatus: 409, code: 'WINDOW_SUPERSEDED' });
        this.changed();
        this.pump();
        return this.save();
      }
      if (options.coalesce) this.holdDraft(stored);
      else this.releaseDrafts(stored);
      if (this.insert(stored) && onDelivery) {
        this.deliveries.set(stored, onDelivery);
        if (this.userId === undefined || !this.online) this.settle(stored, { accepted: false, reason: 'offline' });
        else if (this.authHeld) this.settle(stored, { accepted: false, reason: 'auth' });
      } else if (onDelivery) {
        onDelivery({ accepted: false, reason: 'replaced' });
      }
      this.changed();
      this.pump();
      return Promise.all([this.saveLatestCopy(task), this.save()]).then(() => undefined);
    });
  }

  /** A progress save names the window it was made in (this tab's id, known once the queue is loaded). */
  private windowOf(task: Pick<QueueTask, 'type'>): Pick<QueueTask, 'windowId'> {
    return savesProgress(task) ? { windowId: this.tabId } : {};
  }

  windowId() {
    return this.ready.then(() => this.tabId);
  }

  claimed({ campaignId, testId, userId }: { campaignId: number; testId: number; userId: number }) {
    if (this.heldElsewhere.delete(latestCopyKey(userId, campaignId, testId))) this.changed();
    this.env.tab.broadcast?.tell({ campaignId, testId, userId, windowId: this.tabId });
  }

  /** Another tab of this browser opened a test: held there now, as a 409 WINDOW_SUPERSEDED would say at the next save. */
  private heardClaim = ({ windowId, ...ids }: WindowClaim) => {
    if (windowId !== this.tabId) this.heldByOtherWindow(ids);
  };

  heldByOtherWindow({ campaignId, testId, userId }: { campaignId: number; testId: number; userId: number }) {
    if (this.heldElsewhere.has(latestCopyKey(userId, campaignId, testId))) return;
    this.heldElsewhere.set(latestCopyKey(userId, campaignId, testId), userId);
    this.changed();
    // This window's saves still queued will be refused (409) when sent: they are not saved, and it says so.
    const unsent = this.tasks.filter(
      (queued) =>
        savesProgress(queued) &&
        queued.windowId === this.tabId &&
        queued.userId === userId &&
        queued.campaignId === campaignId &&
        queued.testId === testId,
    ).length;
    const test: SupersededTest = { campaignId, testId, userId, unsent };
    for (const listener of this.supersededListeners) listener(test);
  }

  log(entry: unknown, ids: Partial<Pick<QueueTask, 'campaignId' | 'testId' | 'userId'>> = {}) {
    return this.enqueue({
      type: 'LOG',
      campaignId: ids.campaignId ?? 0,
      testId: ids.testId ?? 0,
      userId: ids.userId ?? this.userId ?? 0,
      data: entry,
    });
  }

  async resync(campaignId: number) {
    const userId = this.userId;
    if (userId === undefined) return;
    const tests = await this.listLatestVersions(userId, campaignId);
    if (tests.length === 0) return;
    await this.enqueue({ type: 'SYNC_ALL', campaignId, testId: 0, userId, status: 'SYNC_ALL', data: { tests } });
  }

  async getLatestCopy(campaignId: number, testId: number, userId: number) {
    await this.writes.settled();
    return this.storage.get<LatestCopy>(latestCopyKey(userId, campaignId, testId));
  }

  /** A draft waits for newer versions: its window restarts with each one, up to the first draft's maximum. */
  private holdDraft(task: StoredTask) {
    const key = kindKey(task);
    const queued = key ? this.tasks.find((other) => kindKey(other) === key && other !== this.inFlight) : undefined;
    const now = this.timers.now();
    task.draftSince = queued?.draftSince ?? now;
    task.holdUntil = Math.min(now + QUEUE.coalesceMs, task.draftSince + QUEUE.coalesceMaxMs);
  }

  /** A task that is not a draft (a finished test, outcomes, a log of it) sends the drafts of its test now. */
  private releaseDrafts(task: QueueTask) {
    for (const queued of this.tasks) {
      if (queued.userId === task.userId && queued.campaignId === task.campaignId && queued.testId === task.testId) delete queued.holdUntil;
    }
  }

  holdInput(source: string, held: boolean) {
    if (held) this.heldInput.add(source);
    else this.heldInput.delete(source);
    this.changed();
  }

  /** Adds in order; a newer (or equal) version replaces a queued task of the same kind, an older one is dropped. */
  private insert(task: StoredTask): boolean {
    const key = kindKey(task);
    if (key) {
      const index = this.tasks.findIndex((queued) => kindKey(queued) === key);
      if (index >= 0) {
        if (task.version < this.tasks[index].version) return false;
        const [replaced] = this.tasks.splice(index, 1);
        this.settle(replaced, { accepted: false, reason: 'replaced' });
      }
    }
    this.tasks.push(task);
    this.tasks.sort(compareTasks);
    return true;
  }

  /** Tells who waits what became of the task, once. */
  private settle(task: StoredTask, delivery: Delivery) {
    const waiter = this.deliveries.get(task);
    if (!waiter) return;
    this.deliveries.delete(task);
    waiter(delivery);
  }

  private remove(task: StoredTask): boolean {
    const index = this.tasks.indexOf(task);
    if (index < 0) return false;
    this.tasks.splice(index, 1);
    return true;
  }

  /**
   * Sent under this session: a task of the signed-in person (a log entry of nobody's too) whose owner, when it has
   * one, is this very person of this company. Another person's task on a shared browser waits for them.
   */
  private isMine(task: QueueTask): boolean {
    const session = this.session;
    if (session === undefined) return false;
    const ownedHere = !task.owner || (task.owner.userId === session.userId && task.owner.companyId === session.companyId);
    return ownedHere && (task.userId === session.userId || (task.type === 'LOG' && task.userId === 0));
  }

  // ---- sending ---------------------------------------------------------------------------------

  private pump() {
    if (this.userId === undefined || this.authHeld || !this.online) return;
    if (this.inFlight || this.waitTimer !== undefined) return;
    const task = this.tasks.find((queued) => this.isMine(queued));
    if (!task) return;
    const wait = (task.holdUntil ?? 0) - this.timers.now();
    if (wait > 0) {
      if (this.holdTimer !== undefined) this.timers.clearTimeout(this.holdTimer);
      this.holdTimer = this.timers.setTimeout(() => {
        this.holdTimer = undefined;
        this.pump();
      }, wait);
      return;
    }
    // Progress of this test waiting in the backup goes first: once the test is finished, the server
    // would refuse it, and an acknowledged-looking save would be lost.
    if (finishesTest(task) && this.restoreProgressOf(task)) {
      this.pump();
      return;
    }
    this.inFlight = task;
    this.changed();
    void this.send(task);
  }

  private async send(task: StoredTask) {
    let outcome: AttemptOutcome;
    let httpStatus: number | undefined;
    let body: unknown;
    let error: unknown;
    try {
      const response = await this.transport(toQueueTask(task));
      httpStatus = response.status;
      body = response.body;
      outcome = classifyResponse(response);
    } catch (caught) {
      outcome = 'temporary';
      error = caught;
    }
    this.inFlight = undefined;
    if (outcome === 'ok') await this.succeeded(task, body);
    else if (outcome === 'closed') this.closed(task, errorCode(body), closedScope(body));
    else if (outcome === 'superseded') await this.superseded(task);
    else if (outcome === 'refused') this.refused(task, errorCode(body));
    else this.failed(task, { outcome, httpStatus, code: errorCode(body), error, network: httpStatus === undefined });
    this.changed();
    this.pump();
  }

  private async succeeded(task: StoredTask, body: unknown) {
    this.remove(task);
    this.settle(task, { accepted: true });
    if (task.type === 'SYNC_ALL') await this.pushWhatServerLacks(task, readNeedPushing(body));
    this.restoreBackup();
    void this.save();
  }

  /**
   * 409: the test is finished on the server (complete, or its time ran out) and what it holds is final.
   * This task and every other save of that test are dropped, never retried; listeners are told. When the
   * campaign is over (scope `campaign`), so are all the person's tasks in it but log entries (the 360's too).
   */
  private closed(task: StoredTask, code: string | undefined, scope: ClosedTest['scope']) {
    const test: ClosedTest = { campaignId: task.campaignId, testId: task.testId, userId: task.userId, scope };
    const mine = (queued: StoredTask) => queued.userId === test.userId && queued.campaignId === test.campaignId;
    const dropped = (queued: StoredTask) =>
      queued === task ||
      (scope === 'campaign' ? mine(queued) && queued.type !== 'LOG' : savesTest(queued) && mine(queued) && queued.testId === test.testId);
    for (const queued of this.tasks.filter(dropped)) this.settle(queued, { accepted: false, reason: 'closed', httpStatus: 409, code });
    this.tasks = this.tasks.filter((queued) => !dropped(queued));
    void this.save();
    for (const listener of this.closedListeners) listener(test);
  }

  /**
   * 409 WINDOW_SUPERSEDED: the test was opened in another window, which holds it now. This task and the other saves of
   * that test made in the same window are not applied and never sent again: each becomes a log entry (its data with it),
   * so nothing goes without a trace. The window's latest copy of the test goes too, so that opening it again here starts
   * from the other window's state, not from what the server refused. The window is told how many changes did not go.
   */
  private async superseded(task: StoredTask) {
    const sameWindow = (queued: StoredTask) =>
      queued === task ||
      (savesProgress(queued) &&
        queued.windowId === task.windowId &&
        queued.userId === task.userId &&
        queued.campaignId === task.campaignId &&
        queued.testId === task.testId);
    const dropped = this.tasks.filter(sameWindow);
    if (!dropped.includes(task)) dropped.push(task);
    this.tasks = this.tasks.filter((queued) => !sameWindow(queued));
    for (const queued of dropped) {
      this.settle(queued, { accepted: false, reason: 'superseded', httpStatus: 409, code: 'WINDOW_SUPERSEDED' });
      this.insert({ ...logEntryOf(queued, `${queued.type} refused: the test is open in another window`), seq: this.seq++ });
    }
    void this.save();
    // A closed tab's task adopted here: nobody in this window typed it, and this window's copy is its own.
    if (task.windowId !== this.tabId) return;
    const key = latestCopyKey(task.userId, task.campaignId, task.testId);
    this.heldElsewhere.set(key, task.userId);
    this.changed();
    await this.writes.add(
      () => this.storage.del(key),
      (error) => this.onUnloggableError({ message: 'Could not forget the local copy', error }),
    );
    const test: SupersededTest = { campaignId: task.campaignId, testId: task.testId, userId: task.userId, unsent: dropped.length };
    for (const listener of this.supersededListeners) listener(test);
  }

  /** Refused for good, this task alone (a log entry past the person's quota): dropped, never sent again. */
  private refused(task: StoredTask, code: string | undefined) {
    this.settle(task, { accepted: false, reason: 'refused', httpStatus: 429, code });
    this.remove(task);
    void this.save();
  }

  private failed(
    task: StoredTask,
    failure: {
      outcome: Exclude<AttemptOutcome, 'ok' | 'closed' | 'superseded' | 'refused'>;
      httpStatus?: number;
      code?: string;
      error?: unknown;
      network: boolean;
    },
  ) {
    // Replaced by a newer version (or skipped) while in flight: nothing to retry.
    if (!this.tasks.includes(task)) return;
    const { outcome, httpStatus, code, error, network } = failure;
    const entry: FailureLog = { message: '', task: describeTask(task), outcome, httpStatus, error };

    // Refused under a session that is no longer its owner's (signed out, or someone else signed in, while it was in
    // flight): it is not this session's to clear; it waits for its owner, as it was.
    if (outcome === 'auth' && !this.isMine(task)) {
      task.retry = { type: 'none', attempt: 0 };
      void this.save();
      return;
    }

    if (outcome === 'auth') {
      // Section 8: the task is cleared. It is kept as a log entry (its data with it), which goes once its person
      // signs in again; the task itself is never sent again, not even after that sign-in.
      this.remove(task);
      this.settle(task, { accepted: false, reason: 'auth', httpStatus, code });
      const message = `${task.type} refused with ${httpStatus} (session ended)`;
      if (task.type === 'LOG') this.onUnloggableError({ ...entry, message: `${message}: dropped` });
      else this.insert({ ...logEntryOf(task, message), seq: this.seq++ });
      this.authHeld = true;
      this.clearWait();
      void this.save();
      this.onAuthError();
      return;
    }

    // The connection is gone: wait for it to come back without spending an attempt.
    if (network && !this.env.isOnline()) {
      this.online = false;
      this.settle(task, { accepted: false, reason: 'offline' });
      return;
    }
    this.settle(task, { accepted: false, reason: 'failed', httpStatus, code });

    const { attempt } = task.retry;
    if (attempt === 0) this.report({ ...entry, message: `Sending ${task.type} failed (${outcome})` });
    if (attempt >= this.retry.retries) {
      this.remove(task);
      this.toBackup(task, { ...entry, message: `${task.type} dropped after ${attempt} retries` });
      void this.save();
      return;
    }
    task.retry = { type: outcome, attempt: attempt + 1 };
    void this.save();
    this.waitTimer = this.timers.setTimeout(
      () => {
        this.waitTimer = undefined;
        this.pump();
      },
      retryDelay(outcome, attempt, this.retry),
    );
  }

  private clearWait() {
    if (this.holdTimer !== undefined) this.timers.clearTimeout(this.holdTimer);
    this.holdTimer = undefined;
    if (this.waitTimer === undefined) return;
    this.timers.clearTimeout(this.waitTimer);
    this.waitTimer = undefined;
  }

  private report(entry: FailureLog) {
    if (entry.task.type === 'LOG') this.onUnloggableError(entry);
    else this.logFailure(entry);
  }

  // ---- checkSync -------------------------------------------------------------------------------

  /**
   * The server lacks `needPushing`: queue their latest copies in full. The other tests it has at the
   * versions sent, so older progress queued before the check (beacon'd items included) can go.
   */
  private async pushWhatServerLacks(check: StoredTask, needPushing: number[]) {
    const { userId, campaignId } = check;
    for (const { testId, version } of readTestVersions(check.data)) {
      if (needPushing.includes(testId)) continue;
      const proven = this.tasks.filter(
        (queued) =>
          (queued.type === 'SYNC' || queued.type === 'DATA') &&
          queued.userId === userId &&
          queued.campaignId === campaignId &&
          queued.testId === testId &&
          queued.version <= version &&
          queued.seq < check.seq,
      );
      for (const task of proven) {
        this.remove(task);
        this.settle(task, { accepted: true });
      }
    }
    for (const testId of needPushing) {
      const copy = await this.getLatestCopy(campaignId, testId, userId);
      const task = copy && copyToTask(copy, { userId, campaignId, testId });
      if (task)
        this.insert({
          ...task,
          ...(check.owner && { owner: check.owner }),
          ...this.windowOf(task),
          retry: { type: 'none', attempt: 0 },
          seq: this.seq++,
        });
    }
  }

  private async listLatestVersions(userId: number, campaignId: number) {
    await this.writes.settled();
    const prefix = latestCopyPrefix(userId, campaignId);
    const keys = (await this.storage.keys()).filter((key) => key.startsWith(prefix));
    const tests: Array<{ testId: number; version: number }> = [];
    for (const key of keys) {
      const copy = await this.storage.get<LatestCopy>(key);
      if (copy) tests.push({ testId: Number(key.slice(prefix.length)), version: copy.version });
    }
    return tests.sort((a, b) => a.testId - b.testId);
  }

  // ---- backup ----------------------------------------------------------------------------------

  /** Into the backup; `entry` is reported unless `quiet` (a task given up is reported by the backup). */
  private toBackup(task: StoredTask, entry: FailureLog, quiet = false) {
    if (this.backup.keep(task, entry) && !quiet) this.report(entry);
  }

  /** The test's progress saves kept in the backup, back into the live queue (where they sort first). */
  private restoreProgressOf(finishing: StoredTask): boolean {
    const same = (task: StoredTask) =>
      savesTest(task) &&
      !finishesTest(task) &&
      task.userId === finishing.userId &&
      task.campaignId === finishing.campaignId &&
      task.testId === finishing.testId;
    const progress = this.backup.takeBack(same);
    for (const task of progress) this.insert(task);
    if (progress.length > 0) void this.save();
    return progress.length > 0;
  }

  /** The connection is back (or a send went through): the backup goes into the live queue again. */
  private restoreBackup() {
    const mine = this.backup.takeBack((task) => this.isMine(task));
    if (mine.length === 0) return;
    for (const task of mine) this.insert(task);
    void this.save();
  }

  // ---- page unload and logout ------------------------------------------------------------------

  flushWithBeacon(): number {
    const { sendBeacon } = this.env;
    if (!sendBeacon || this.userId === undefined || !this.env.isOnline()) return 0;
    let sent = 0;
    for (const task of [...this.tasks]) {
      if (!this.isMine(task)) continue;
      if (task.type === 'SYNC_ALL') {
        this.remove(task);
        continue;
      }
      if (task.beaconed) continue;
      if (beacon(sendBeacon, task)) {
        task.beaconed = true;
        sent += 1;
      }
    }
    this.changed();
    void this.save();
    return sent;
  }

  drain(onProgress?: (pending: number) => void): Promise<void> {
    return this.ready.then(
      () =>
        new Promise<void>((resolve) => {
          if (this.pendingCount() === 0) return resolve();
          for (const task of this.tasks) delete task.holdUntil;
          if (onProgress) {
            this.progressListeners.add(onProgress);
            onProgress(this.pendingCount());
          }
          this.drainWaiters.push(() => {
            if (onProgress) this.progressListeners.delete(onProgress);
            resolve();
          });
          this.pump();
        }),
    );
  }

  retryNow() {
    if (this.userId === undefined) return;
    this.online = this.env.isOnline();
    if (this.waitTimer !== undefined) this.timers.clearTimeout(this.waitTimer);
    this.waitTimer = undefined;
    this.restoreBackup();
    this.changed();
    this.pump();
  }

  async skipToLogs() {
    await this.ready;
    const left = this.tasks.filter((task) => this.isMine(task));
    this.clearWait();
    for (const task of left) {
      this.settle(task, { accepted: false, reason: 'skipped' });
      const entry: QueueTask = task.type === 'LOG' ? toQueueTask(task) : logEntryOf(task, 'Unsent at logout');
      const beaconed = this.env.sendBeacon ? beacon(this.env.sendBeacon, entry) : false;
      if (!beaconed) void this.transport(entry).catch(() => {});
      // The log entries go now; the answers stay queued for their owner (isMine keeps them from anyone else).
      if (task.type === 'LOG') this.remove(task);
      else task.retry = { type: 'none', attempt: 0 };
    }
    this.changed();
    await this.save();
  }

  async forget(userId: number) {
    await this.ready;
    const unsent = new Set(
      [...this.tasks, ...this.backup.list()].filter((task) => task.userId === userId).map((task) => `${task.campaignId}:${task.testId}`),
    );
    const prefix = latestCopyPrefix(userId);
    await this.writes.add(
      async () => {
        // A copy's key ends with its campaign and test (latestCopyKey).
        for (const key of await this.storage.keys()) {
          if (key.startsWith(prefix) && !unsent.has(key.slice(prefix.length))) await this.storage.del(key);
        }
      },
      (error) => this.onUnloggableError({ message: 'Could not forget the local copies', error }),
    );
  }

  // ---- state -----------------------------------------------------------------------------------

  subscribeClosed = (listener: (test: ClosedTest) => void) => {
    this.closedListeners.add(listener);
    return () => void this.closedListeners.delete(listener);
  };

  subscribeSuperseded = (listener: (test: SupersededTest) => void) => {
    this.supersededListeners.add(listener);
    return () => void this.supersededListeners.delete(listener);
  };

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = () => this.snapshot;

  getTasks() {
    return this.tasks.map(toQueueTask);
  }

  getBackup() {
    return this.backup.list().map(toQueueTask);
  }

  private pendingCount() {
    return this.tasks.filter((task) => this.isMine(task)).length;
  }

  private changed() {
    const pending = this.pendingCount();
    const answers = this.tasks.filter((task) => this.isMine(task) && carriesAnswer(task)).length;
    const state = this.computeState(pending);
    if (state !== this.snapshot.state || pending !== this.snapshot.pending || answers !== this.snapshot.answers) {
      this.snapshot = { state, pending, answers };
      for (const listener of [...this.listeners]) listener();
      for (const listener of [...this.progressListeners]) listener(pending);
    }
    if (pending === 0 && this.drainWaiters.length > 0) {
      const waiters = this.drainWaiters;
      this.drainWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  private computeState(pending: number): QueueState {
    if (this.userId === undefined) return 'saved';
    if (!this.online) return 'offline';
    const retrying = this.tasks.some((task) => this.isMine(task) && task.retry.attempt > 0);
    if (this.authHeld || retrying || this.backup.some((task) => this.isMine(task))) return 'error';
    if ([...this.heldElsewhere.values()].includes(this.userId)) return 'elsewhere';
    return pending > 0 || this.heldInput.size > 0 ? 'saving' : 'saved';
  }

  // ---- persistence -----------------------------------------------------------------------------

  /** Writes the live queue and the backup, one write at a time, coalescing bursts. */
  private save(): Promise<void> {
    if (this.saveQueued) return this.writes.settled();
    this.saveQueued = true;
    return this.writes.add(
      async () => {
        this.saveQueued = false;
        await this.persist();
      },
      (error) => this.onUnloggableError({ message: 'Could not save the sending queue', error }),
    );
  }

  /** The live queue and the backup, under this tab's keys. */
  private async persist() {
    const own = tabKeys(this.tabId);
    await this.storage.set(own.tasks, [...this.tasks]);
    await this.storage.set(own.backup, [...this.backup.list()]);
  }

  private saveLatestCopy(task: QueueTask): Promise<void> {
    if (task.type !== 'SYNC' && task.type !== 'DATA' && task.type !== 'STATUS') return Promise.resolve();
    const key = latestCopyKey(task.userId, task.campaignId, task.testId);
    return this.writes.add(
      async () => {
        const next = mergeLatestCopy(await this.storage.get<LatestCopy>(key), task);
        if (next) await this.storage.set(key, next);
      },
      (error) => this.onUnloggableError({ message: 'Could not save the local copy', error }),
    );
  }
}

/** A task turned into a log entry (section 8: 'Salta' at logout, a task refused with 401/403), its data with it. */
function logEntryOf(task: StoredTask, message: string): QueueTask {
  return {
    type: 'LOG',
    campaignId: task.campaignId,
    testId: task.testId,
    userId: task.userId,
    version: 0,
    data: { message, task: toQueueTask(task) },
    key: newIdempotencyKey(),
    retry: { type: 'none', attempt: 0 },
    ...(task.owner && { owner: task.owner }),
  };
}

/** The error code of an API error body, if there is one. */
function errorCode(body: unknown): string | undefined {
  const code = typeof body === 'object' && body !== null ? (body as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

function beacon(sendBeacon: (url: string, body: Blob) => boolean, task: QueueTask): boolean {
  const { url, body } = toTaskRequest(task);
  try {
    return sendBeacon(url, new Blob([JSON.stringify(body)], { type: 'application/json' }));
  } catch {
    return false;
  }
}
