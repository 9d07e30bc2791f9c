import { describe, expect, it } from 'vitest';
import { inGroups } from './in-groups';

describe('in groups', () => {
  it('commits the writes of one moment together and answers each its own result', async () => {
    const groups: number[][] = [];
    const saves = inGroups(async (writes: number[]) => {
      groups.push(writes);
      return writes.map((w) => w * 10);
    });
    const results = await Promise.all([1, 2, 3].map((w) => saves.run(w)));
    expect(results).toEqual([10, 20, 30]);
    expect(groups).toEqual([[1, 2, 3]]);
  });

  it('gathers what arrives while a commit is under way into the next group', async () => {
    const groups: number[][] = [];
    let release!: () => void;
    const firstCommit = new Promise<void>((resolve) => (release = resolve));
    const saves = inGroups(async (writes: number[]) => {
      groups.push(writes);
      if (groups.length === 1) await firstCommit;
      return writes;
    });
    const first = saves.run(1);
    await new Promise((resolve) => setImmediate(resolve));
    const later = [2, 3, 4].map((w) => saves.run(w));
    release();
    expect(await Promise.all([first, ...later])).toEqual([1, 2, 3, 4]);
    expect(groups).toEqual([[1], [2, 3, 4]]);
  });

  it('fails only the write that fails when a group cannot be committed', async () => {
    const saves = inGroups(async (writes: number[]) => {
      if (writes.includes(13)) throw new Error('unlucky');
      return writes;
    });
    const settled = await Promise.allSettled([12, 13, 14].map((w) => saves.run(w)));
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });
});
