import type { TabEnvironment } from './queue-environment';

// Each tab persists its queue under its own keys, so tabs sharing one storage never overwrite each other.
// A tab holds a Web Lock named after its id while it lives: a free lock means the tab is gone and its
// queue can be adopted by another tab.

/** The storage keys of one queue, and the lock of the tab that owns it. */
export interface QueueKeys {
  tasks: string;
  backup: string;
  lock: string;
}

export function tabKeys(tabId: string): QueueKeys {
  return { tasks: `tasks:${tabId}`, backup: `backup:${tabId}`, lock: `prova-sending-queue:${tabId}` };
}

/** The queues in storage other than the tab `ownId`'s: the other tabs', alive or not. */
export function otherQueues(storageKeys: string[], ownId: string): QueueKeys[] {
  const ids = new Set<string>();
  for (const key of storageKeys) {
    const id = /^(?:tasks|backup):(.+)$/.exec(key)?.[1];
    if (id !== undefined && id !== ownId) ids.add(id);
  }
  return [...ids].map(tabKeys);
}

/**
 * This tab's id, its lock taken for the page's lifetime. A reload keeps the saved id; a duplicated tab
 * (it copies sessionStorage) finds that id's lock held by the original and takes a new one, as does a
 * reload whose previous page has not let go yet (its queue is then adopted as a closed tab's).
 * Without Web Locks a duplicated tab cannot be told from a reload: every page takes a new id.
 */
export async function claimTabId(tab: TabEnvironment): Promise<string> {
  if (!tab.tryLock) return newTabId();
  const saved = tab.savedId();
  if (saved !== undefined && (await tab.tryLock(tabKeys(saved).lock))) return saved;
  const id = newTabId();
  await tab.tryLock(tabKeys(id).lock);
  tab.saveId(id);
  return id;
}

/** Random enough to never meet another tab's; crypto.randomUUID needs HTTPS. */
export function newTabId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
