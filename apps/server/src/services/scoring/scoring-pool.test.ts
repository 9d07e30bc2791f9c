import { describe, expect, it } from 'vitest';
import { createScoringPool } from './scoring-pool';

const key = (userId: number) => ({ campaignId: 1, testId: 1, userId });

describe('the scoring pool', () => {
  it('runs at most `concurrency` scorings at once, queues the rest up to its cap, and runs each once', async () => {
    let running = 0;
    let peak = 0;
    const ran: number[] = [];
    const pool = createScoringPool({
      concurrency: 2,
      queueCap: 5,
      onError: () => undefined,
      run: async (k) => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, 10));
        ran.push(k.userId);
        running--;
      },
    });
    const accepted = Array.from({ length: 10 }, (_, i) => pool.enqueue(key(i)));
    // Two start at once, five wait, the rest are left for a later sweep.
    expect(accepted).toEqual([true, true, true, true, true, true, true, false, false, false]);
    // Asking again for one already waiting or running is a no-op.
    expect(pool.enqueue(key(0))).toBe(true);
    expect(pool.enqueue(key(3))).toBe(true);
    await pool.idle();
    expect(peak).toBe(2);
    expect(ran.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(pool.stats()).toMatchObject({ running: 0, queued: 0, peak: 2, completed: 7 });
  });

  it('reports a failed run and goes on with the next', async () => {
    const errors: number[] = [];
    const pool = createScoringPool({
      concurrency: 1,
      queueCap: 10,
      onError: (_e, k) => errors.push(k.userId),
      run: async (k) => {
        if (k.userId === 1) throw new Error('boom');
      },
    });
    pool.enqueue(key(1));
    pool.enqueue(key(2));
    await pool.idle();
    expect(errors).toEqual([1]);
    expect(pool.stats().completed).toBe(2);
  });
});
