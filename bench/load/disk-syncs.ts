import { Worker } from 'node:worker_threads';
import { percentile } from './stats';

// The disk's own syncs while a scenario runs. A durable commit waits for its sync; on a host whose disk now and
// then takes a quarter of a second over one, every save in flight waits with it, in the app as in any server.
// The probe tells such a moment apart from the app's own: a thread of its own writes a few KiB beside the
// database and syncs them at a steady pace, timing each sync.

/** A sync slower than this is a stall (the save targets' p99 is 15 or 25 ms). */
export const STALL_MS = 20;
const MOST_SYNCS = 100_000;

export interface DiskSyncs {
  syncs: number;
  p50: number;
  p99: number;
  /** Syncs slower than STALL_MS, each with when it began (ms since the epoch) and how long it took. */
  stalls: { at: number; ms: number }[];
}

// Plain JavaScript: the thread runs outside tsx. It writes and syncs, then sleeps on `control` until the next
// turn or until told to stop (control[0] = 1). Each sync's start and length go into `times`, two numbers a sync.
const PROBE = `
const { openSync, writeSync, fdatasyncSync, closeSync, rmSync } = require('node:fs');
const { workerData } = require('node:worker_threads');
const { file, everyMs, control, times, most } = workerData;
const fd = openSync(file, 'w');
const block = Buffer.alloc(4096, 1);
let n = 0;
try {
  while (Atomics.load(control, 0) === 0 && n < most) {
    const at = performance.timeOrigin + performance.now();
    writeSync(fd, block, 0, block.length, 0);
    fdatasyncSync(fd);
    times[2 * n] = at;
    times[2 * n + 1] = performance.timeOrigin + performance.now() - at;
    n += 1;
    Atomics.store(control, 1, n);
    Atomics.wait(control, 0, 0, everyMs);
  }
} finally {
  closeSync(fd);
  rmSync(file, { force: true });
}
`;

/** Starts probing the disk that holds `file` (a file of its own, removed at the end); `stop` sums the syncs up. */
export function probeDiskSyncs(file: string, everyMs = 20): { stop(): Promise<DiskSyncs> } {
  const control = new Int32Array(new SharedArrayBuffer(8));
  const times = new Float64Array(new SharedArrayBuffer(MOST_SYNCS * 2 * 8));
  const worker = new Worker(PROBE, { eval: true, workerData: { file, everyMs, control, times, most: MOST_SYNCS } });
  // A thread that fails (the folder gone, say) is reported when the probe is stopped, not as the run goes on.
  let failed: Error | undefined;
  worker.once('error', (error) => (failed = error));
  const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      Atomics.store(control, 0, 1);
      Atomics.notify(control, 0);
      await ended;
      if (failed) throw failed;
      const n = Atomics.load(control, 1);
      const lengths: number[] = [];
      const stalls: DiskSyncs['stalls'] = [];
      for (let i = 0; i < n; i++) {
        const ms = times[2 * i + 1];
        lengths.push(ms);
        if (ms > STALL_MS) stalls.push({ at: times[2 * i], ms });
      }
      lengths.sort((a, b) => a - b);
      return { syncs: n, p50: percentile(lengths, 0.5), p99: percentile(lengths, 0.99), stalls };
    },
  };
}

/** How many of the requests slower than `overMs` were waiting while the disk stalled (their spans overlap a stall). */
export function waitedForDisk(spans: readonly { at: number; ms: number }[], overMs: number, syncs: DiskSyncs) {
  const slow = spans.filter((s) => s.ms > overMs);
  const during = slow.filter((s) => syncs.stalls.some((d) => d.at < s.at + s.ms && s.at < d.at + d.ms));
  return { slow: slow.length, during: during.length };
}

/**
 * A note's sentence: "The disk meanwhile (...): 2,987 syncs, p50 0.13 ms, 2 over 20 ms (the longest 215 ms); 3 saves over
 * 25 ms, 2 in flight during a stall." `spans` are the saves', `overMs` their target.
 */
export function describeDiskSyncs(syncs: DiskSyncs, everyMs: number, spans: readonly { at: number; ms: number }[], overMs: number): string {
  const ms = (v: number) => `${v.toFixed(v < 10 ? 2 : 0)} ms`;
  const longest = syncs.stalls.reduce((most, s) => Math.max(most, s.ms), 0);
  const stalls = syncs.stalls.length
    ? `${syncs.stalls.length} over ${STALL_MS} ms (the longest ${ms(longest)})`
    : `none over ${STALL_MS} ms`;
  const { slow, during } = waitedForDisk(spans, overMs, syncs);
  const saves =
    slow === 0
      ? `no save over ${overMs} ms`
      : `${slow} ${slow === 1 ? 'save' : 'saves'} over ${overMs} ms, ${during || 'none'} in flight during a stall`;
  return (
    `The disk meanwhile (4 KiB written beside the database and synced every ${everyMs} ms): ` +
    `${syncs.syncs.toLocaleString('en')} syncs, p50 ${ms(syncs.p50)}, p99 ${ms(syncs.p99)}, ${stalls}; ${saves}.`
  );
}
