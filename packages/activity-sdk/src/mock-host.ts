// A stand-alone host for authors: the real host side with handlers that keep everything in a
// storage object (localStorage in the mock page, memory in tests) instead of calling the API.
// mock/serve.mjs serves it with an activity; see README.md.
import type { ActivityHandlers, ActivityHost, ActivitySession, CallRecord } from './host';
import { createActivityHost } from './host';
import type { JsonValue, Outcome, Sample, TestStatus } from './calls/schemas';
import type { WindowLike } from './protocol';

export { withHostOrigin } from './host';

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** What the mock host remembers, per user id. */
export interface MockStore {
  progress: Record<string, { status: TestStatus; data: JsonValue | null; version: number }>;
  outcomes: Record<string, Outcome[]>;
  assessed: Array<Outcome & { evaluatedId: number; assessorId: number }>;
  logs: JsonValue[];
  /** When each person first opened a timed test (ISO). */
  startedAt?: Record<string, string>;
}

export interface MockHostOptions {
  iframe: { readonly contentWindow: WindowLike | Window | null };
  activityOrigin: string;
  session?: Partial<ActivitySession>;
  /** The test's jsonData.options handed to init. */
  testData?: unknown;
  /** A timed test's limit: the clock starts at the first opening and is kept in the store, as the server does. */
  timeLimitMinutes?: number;
  samples?: Sample[];
  /** Where the store is kept (default: memory). */
  storage?: StorageLike;
  storageKey?: string;
  /** Answers rpc calls (default: echoes the action and data). */
  rpc?(action: string, data: unknown): Promise<unknown>;
  onCall?(record: CallRecord): void;
  onComplete?(): void;
  onExit?(): void;
  window?: WindowLike;
}

export const MOCK_SESSION: ActivitySession = { campaignId: 1, testId: 1, userId: 1, lang: 'IT_it', isAssessor: false };
export const MOCK_SAMPLES: Sample[] = [
  { id: 2, firstName: 'Giulia', lastName: 'Ferri' },
  { id: 3, firstName: 'Marco', lastName: 'Sala' },
];

export interface MockHost extends ActivityHost {
  session: ActivitySession;
  read(): MockStore;
  reset(): void;
}

export function createMockHost(options: MockHostOptions): MockHost {
  const session = { ...MOCK_SESSION, ...options.session };
  const storage = options.storage ?? memoryStorage();
  const key = options.storageKey ?? 'prova-mock';
  const empty = (): MockStore => ({ progress: {}, outcomes: {}, assessed: [], logs: [] });
  const read = (): MockStore => {
    try {
      return { ...empty(), ...JSON.parse(storage.getItem(key) ?? '{}') };
    } catch {
      return empty();
    }
  };
  const update = (change: (store: MockStore) => void) => {
    const store = read();
    change(store);
    storage.setItem(key, JSON.stringify(store));
  };
  const progressOf = (store: MockStore, userId: number) => (store.progress[userId] ??= { status: 'not attempted', data: null, version: 0 });

  const timingFor = (userId: number) => {
    if (!options.timeLimitMinutes) return null;
    let startedAt = read().startedAt?.[userId];
    if (!startedAt) {
      startedAt = new Date().toISOString();
      update((store) => void ((store.startedAt ??= {})[userId] = startedAt!));
    }
    const endsAt = new Date(Date.parse(startedAt) + options.timeLimitMinutes * 60_000);
    return { startedAt, endsAt: endsAt.toISOString(), remainingSeconds: Math.max(0, Math.ceil((endsAt.getTime() - Date.now()) / 1000)) };
  };

  const handlers: ActivityHandlers = {
    async init(s) {
      const saved = read().progress[s.userId];
      return {
        status: true,
        testStatus: saved?.status,
        data: saved?.data,
        version: saved?.version,
        testData: options.testData,
        timing: timingFor(s.userId),
      };
    },
    async setStatus({ status }, s) {
      update((store) => void (progressOf(store, s.userId).status = status));
    },
    async setData({ data, version }, s) {
      update((store) => Object.assign(progressOf(store, s.userId), { data, version }));
    },
    async trackOutcomes(outcomes, s) {
      update((store) => void (store.outcomes[s.userId] = outcomes));
    },
    async log(entry) {
      update((store) => void store.logs.push(entry));
    },
    async rpc({ action, data }) {
      return options.rpc ? options.rpc(action, data) : { action, data: data ?? null };
    },
    exit() {
      options.onExit?.();
    },
    async getSamples() {
      return options.samples ?? MOCK_SAMPLES;
    },
    async getAssessedOutcomes(s) {
      return read().assessed.filter((o) => o.assessorId === s.userId);
    },
    async getAssessedStore(userId) {
      return read().progress[userId]?.data ?? null;
    },
    async trackAssessedOutcomes(userId, outcomes, s) {
      update((store) => {
        store.assessed = store.assessed.filter((o) => !(o.evaluatedId === userId && o.assessorId === s.userId));
        store.assessed.push(...outcomes.map((o) => ({ ...o, evaluatedId: userId, assessorId: s.userId })));
      });
    },
  };

  const host = createActivityHost({
    iframe: options.iframe,
    activityOrigin: options.activityOrigin,
    session,
    handlers,
    onCall: options.onCall,
    onComplete: () => options.onComplete?.(),
    window: options.window,
  });
  return Object.assign(host, {
    session,
    read,
    reset: () => storage.removeItem(key),
  });
}

export function memoryStorage(): StorageLike {
  const items = new Map<string, string>();
  return {
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => void items.set(k, v),
    removeItem: (k) => void items.delete(k),
  };
}
