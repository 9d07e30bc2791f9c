import { describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from './queue-storage';
import { TabAdoption, type OrphanQueue } from './tab-adoption';
import type { StoredTask } from './task';

const stored = (testId: number): StoredTask => ({
  type: 'DATA',
  campaignId: 1,
  testId,
  userId: 40,
  version: 1,
  retry: { type: 'none', attempt: 0 },
  seq: testId,
});

function setup(heldLocks: string[] | 'no-locks') {
  const storage = createMemoryStorage();
  const taken: OrphanQueue[] = [];
  const adoption = new TabAdoption({
    storage,
    tab: {
      savedId: () => undefined,
      saveId: () => {},
      tryLock: heldLocks === 'no-locks' ? undefined : async (name) => (heldLocks.includes(name) ? undefined : { release: vi.fn() }),
    },
    ownTabId: () => 'me',
    take: async (orphan) => void taken.push(orphan),
    onError: vi.fn(),
  });
  return { storage, taken, adoption };
}

describe('TabAdoption', () => {
  it('takes the queue of a closed tab and removes its keys, leaving live tabs and its own alone', async () => {
    const { storage, taken, adoption } = setup(['prova-sending-queue:alive']);
    await storage.set('tasks:me', [stored(1)]);
    await storage.set('tasks:closed', [stored(2)]);
    await storage.set('backup:closed', [stored(3)]);
    await storage.set('tasks:alive', [stored(4)]);
    await adoption.run();
    expect(taken).toEqual([{ tasks: [stored(2)], backup: [stored(3)] }]);
    expect((await storage.keys()).sort()).toEqual(['tasks:alive', 'tasks:me']);
  });

  it('without Web Locks takes every other queue (a task may go twice, none is lost)', async () => {
    const { storage, taken, adoption } = setup('no-locks');
    await storage.set('tasks:a', [stored(1)]);
    await storage.set('tasks:b', [stored(2)]);
    await adoption.run();
    expect(taken.flatMap((orphan) => orphan.tasks.map((t) => t.testId)).sort()).toEqual([1, 2]);
  });

  it('keeps the orphan when taking it fails', async () => {
    const storage = createMemoryStorage();
    const onError = vi.fn();
    const failing = new TabAdoption({
      storage,
      tab: { savedId: () => undefined, saveId: () => {} },
      ownTabId: () => 'me',
      take: async () => {
        throw new Error('disk full');
      },
      onError,
    });
    await storage.set('tasks:closed', [stored(2)]);
    await failing.run();
    expect(await storage.get('tasks:closed')).toEqual([stored(2)]);
    expect(onError).toHaveBeenCalledWith(new Error('disk full'));
  });
});
