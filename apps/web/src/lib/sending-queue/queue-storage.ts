import { createStore, del, get, keys, set, type UseStore } from 'idb-keyval';

/** Where the queue keeps its state, so a reload or a crash loses nothing. */
export interface QueueStorage {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
  keys(): Promise<string[]>;
}

/** IndexedDB (database `prova`, object store `sending-queue`). Opened on first use. */
export function createIdbStorage(dbName = 'prova', storeName = 'sending-queue'): QueueStorage {
  let store: UseStore | undefined;
  const db = () => (store ??= createStore(dbName, storeName));
  return {
    get: (key) => get(key, db()),
    set: (key, value) => set(key, value, db()),
    del: (key) => del(key, db()),
    keys: async () => (await keys(db())).map(String),
  };
}

/**
 * IndexedDB where the browser has it; otherwise (some private modes, locked-down browsers) memory, so
 * the queue still sends: it keeps working for the page's life but does not survive a reload.
 */
export function createBrowserStorage(hasIndexedDb = typeof indexedDB !== 'undefined'): QueueStorage {
  return hasIndexedDb ? createIdbStorage() : createMemoryStorage();
}

/** For tests, and where IndexedDB is missing. Values are copied as IndexedDB would. */
export function createMemoryStorage(): QueueStorage & { readonly entries: Map<string, unknown> } {
  const entries = new Map<string, unknown>();
  return {
    entries,
    get: async <T>(key: string) => (entries.has(key) ? (structuredClone(entries.get(key)) as T) : undefined),
    set: async (key, value) => {
      entries.set(key, structuredClone(value));
    },
    del: async (key) => {
      entries.delete(key);
    },
    keys: async () => [...entries.keys()],
  };
}
