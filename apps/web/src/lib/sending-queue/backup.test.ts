import { describe, expect, it, vi } from 'vitest';
import { TaskBackup } from './backup';
import type { StoredTask } from './task';

const task = (fields: Partial<StoredTask>): StoredTask => ({
  type: 'DATA',
  campaignId: 1,
  testId: 2,
  userId: 40,
  version: 1,
  retry: { type: 'temporary', attempt: 3 },
  seq: 0,
  ...fields,
});
const entry = (t: StoredTask) => ({ message: 'dropped', task: t });

describe('TaskBackup', () => {
  it('keeps the newest version of a kind and never lets an older one replace it', () => {
    const backup = new TaskBackup(10, 3, vi.fn());
    backup.keep(task({ version: 2 }), entry(task({})));
    backup.keep(task({ version: 1 }), entry(task({})));
    backup.keep(task({ version: 3, beaconed: true }), entry(task({})));
    expect(backup.list()).toEqual([expect.objectContaining({ version: 3, beaconed: false })]);
  });

  it('loses the oldest task when full, and says so', () => {
    const onLost = vi.fn();
    const backup = new TaskBackup(2, 3, onLost);
    for (const testId of [1, 2, 3]) backup.keep(task({ testId }), entry(task({})));
    expect(backup.list().map((t) => t.testId)).toEqual([2, 3]);
    expect(onLost).toHaveBeenCalledWith(expect.objectContaining({ message: 'Backup full: oldest task lost' }));
  });

  it('gives up a task that came back too many times', () => {
    const onLost = vi.fn();
    const backup = new TaskBackup(10, 3, onLost);
    expect(backup.keep(task({ restores: 3 }), entry(task({})))).toBe(false);
    expect(backup.list()).toEqual([]);
    expect(onLost).toHaveBeenCalledWith(expect.objectContaining({ message: 'dropped; given up after 3 rounds' }));
  });

  it('gives back only the matching tasks, with fresh retries and one more round counted', () => {
    const backup = new TaskBackup(10, 3, vi.fn());
    backup.keep(task({ userId: 40 }), entry(task({})));
    backup.keep(task({ userId: 41, restores: 1 }), entry(task({})));
    const taken = backup.takeBack((t) => t.userId === 41);
    expect(taken).toEqual([expect.objectContaining({ userId: 41, restores: 2, retry: { type: 'none', attempt: 0 } })]);
    expect(backup.list().map((t) => t.userId)).toEqual([40]);
  });
});
