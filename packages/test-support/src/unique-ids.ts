import { randomInt } from 'node:crypto';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';

// Tests that share one database (the browser specs' app) make their own people, campaigns and tests,
// named and numbered after one number of their own. The number is claimed in a folder every process of
// the run shares (a file created only if absent), so no two callers ever hold the same one.

/** Numbers are this far apart: n + 0..99 (tests, say) belong to the holder of n, and so do n * 10 + 0..999 (campaigns). */
export const ID_STRIDE = 100;
const FIRST = 100_000; // above the demo data's ids
// n * 10 + 999 stays below the database integer (2^31 - 1), which the API checks ids against.
const COUNT = 2_000_000;

/**
 * A number of the caller's own across every process claiming in `claims`: a multiple of ID_STRIDE from 100,000,
 * with n + 0..99 and n * 10 + 0..999 free for ids, and n itself for names and e-mails. `pick` chooses which to try.
 */
export function claimUniqueId(claims: string, pick: () => number = () => randomInt(COUNT)): number {
  mkdirSync(claims, { recursive: true });
  for (;;) {
    const n = FIRST + ID_STRIDE * pick();
    try {
      closeSync(openSync(join(claims, String(n)), 'wx'));
      return n;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}
