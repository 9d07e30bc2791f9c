import type { FailureEntry } from './failure';
import { kindKey, type StoredTask } from './task';

/**
 * Tasks that failed for good (retries spent, session gone, skipped at logout) are kept here and go
 * back into the live queue when the connection returns or a send goes through. Bounded: the oldest
 * goes when it is full; a task that came back `maxRestores` times is given up.
 */
export class TaskBackup {
  private kept: StoredTask[] = [];

  constructor(
    private readonly size: number,
    private readonly maxRestores: number,
    /** What is lost: a task given up, or pushed out of a full backup. */
    private readonly onLost: (entry: FailureEntry) => void,
  ) {}

  /** The persisted backup, at load. */
  load(tasks: StoredTask[]) {
    this.kept = tasks;
  }

  /**
   * Keeps `task` (a newer version of the same kind replaces an older one). Returns false when the task
   * was given up instead (`entry` then reaches onLost with the reason).
   */
  keep(task: StoredTask, entry: FailureEntry): boolean {
    if ((task.restores ?? 0) >= this.maxRestores) {
      this.onLost({ ...entry, message: `${entry.message}; given up after ${this.maxRestores} rounds` });
      return false;
    }
    const key = kindKey(task);
    const superseded = key ? this.kept.findIndex((kept) => kindKey(kept) === key) : -1;
    if (superseded >= 0) {
      if (this.kept[superseded].version > task.version) return true;
      this.kept.splice(superseded, 1);
    }
    this.kept.push({ ...task, beaconed: false });
    while (this.kept.length > this.size) {
      const lost = this.kept.shift()!;
      this.onLost({ message: 'Backup full: oldest task lost', task: describeTask(lost) });
    }
    return true;
  }

  /** Removes and returns the tasks that match, counted as one more round each, ready to be sent again. */
  takeBack(matches: (task: StoredTask) => boolean): StoredTask[] {
    const taken = this.kept.filter(matches);
    if (taken.length > 0) this.kept = this.kept.filter((task) => !matches(task));
    return taken.map((task) => ({ ...task, retry: { type: 'none', attempt: 0 }, restores: (task.restores ?? 0) + 1 }));
  }

  some(matches: (task: StoredTask) => boolean): boolean {
    return this.kept.some(matches);
  }

  list(): readonly StoredTask[] {
    return this.kept;
  }
}

export function describeTask(task: StoredTask): FailureEntry['task'] {
  const { type, campaignId, testId, userId, version, retry } = task;
  return { type, campaignId, testId, userId, version, retry: { ...retry } };
}
