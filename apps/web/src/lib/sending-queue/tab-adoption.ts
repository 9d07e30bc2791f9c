import type { TabEnvironment } from './queue-environment';
import type { QueueStorage } from './queue-storage';
import { otherQueues, type QueueKeys } from './tab-queues';
import type { StoredTask } from './task';

/** The persisted queue of a tab that is gone. */
export interface OrphanQueue {
  tasks: StoredTask[];
  backup: StoredTask[];
}

export interface TabAdoptionOptions {
  storage: QueueStorage;
  tab: TabEnvironment;
  /** This tab's id (claimed at load). */
  ownTabId(): string;
  /** Takes the orphan's tasks in and resolves once they are saved under this tab's keys; the orphan's keys go after. */
  take(orphan: OrphanQueue): Promise<void>;
  onError(error: unknown): void;
}

/**
 * The queues of closed or crashed tabs join this tab's, one adoption at a time. A tab holds a Web Lock
 * while it lives (tab-queues.ts), so a queue whose lock is free belongs to nobody.
 */
export class TabAdoption {
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly options: TabAdoptionOptions) {}

  /** Adopts every orphan queue in storage after any adoption already under way. */
  run(after: Promise<void> = Promise.resolve()): Promise<void> {
    this.chain = Promise.all([this.chain, after]).then(() => this.adoptAll());
    return this.chain;
  }

  private async adoptAll() {
    const { storage, ownTabId, onError } = this.options;
    try {
      for (const keys of otherQueues(await storage.keys(), ownTabId())) await this.adoptIfOrphan(keys);
    } catch (error) {
      onError(error);
    }
  }

  private async adoptIfOrphan(keys: QueueKeys) {
    const { tryLock } = this.options.tab;
    // Without Web Locks a live tab cannot be told from a closed one: take them all. A live tab rewrites
    // its keys at its next save, so at worst a task is sent twice, never lost.
    if (!tryLock) return this.adopt(keys);
    const lock = await tryLock(keys.lock);
    if (!lock) return; // its tab is alive, or another tab is adopting it
    try {
      await this.adopt(keys);
    } finally {
      lock.release();
    }
  }

  private async adopt(keys: QueueKeys) {
    const { storage, take } = this.options;
    const [tasks, backup] = await Promise.all([storage.get<StoredTask[]>(keys.tasks), storage.get<StoredTask[]>(keys.backup)]);
    await take({ tasks: tasks ?? [], backup: backup ?? [] });
    await Promise.all([storage.del(keys.tasks), storage.del(keys.backup)]);
  }
}
