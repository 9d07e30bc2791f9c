import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { hash } from '@node-rs/argon2';

/** Threads that hash passwords: one per core, so a morning of sign-ins uses the whole machine. */
export const HASHING_THREADS = Math.max(1, availableParallelism());
/**
 * How much lower the hashing threads' priority is (nice value) than the server's. A sign-in costs tens of milliseconds of hashing, a save well under
 * one: at a lower priority the hashes take whatever the saves and reads leave, and a flood of sign-ins
 * cannot hold a save behind them. On an idle machine they still get every core.
 */
export const HASHING_NICE = 10;

/**
 * argon2id (the library's default algorithm) with 7 MiB of memory and 5 passes: one of the configurations OWASP's
 * Password Storage Cheat Sheet gives as equally strong (19 MiB and 2 passes, the library's default, is another). On a
 * small machine the smaller one verifies about half as fast again: two hashes at once then fit in the processor's
 * shared cache, and leave it to the requests being answered beside them (docs/performance.md). Each hash names the
 * parameters it was made with, so hashes made before (with the defaults) verify as they are.
 */
export const PASSWORD_HASH_OPTIONS = { memoryCost: 7 * 1024, timeCost: 5, parallelism: 1 } as const;

/**
 * A hash with PASSWORD_HASH_OPTIONS on Node's own thread pool rather than the server's hashing threads: for work that
 * runs beside them or without them (the importer, the benchmark's seed).
 */
export const hashOnThreadPool = (password: string) => hash(password, PASSWORD_HASH_OPTIONS);

const CURRENT = `$argon2id$v=19$m=${PASSWORD_HASH_OPTIONS.memoryCost},t=${PASSWORD_HASH_OPTIONS.timeCost},p=${PASSWORD_HASH_OPTIONS.parallelism}$`;

/** Whether `stored` was made with PASSWORD_HASH_OPTIONS: a hash starts with its algorithm, version and parameters. */
export const hashIsCurrent = (stored: string) => stored.startsWith(CURRENT);

// Hashing is synchronous in the worker:
// the hash then runs on the worker's own thread, whose priority the worker lowers (Linux: a thread's
// nice value is its own; elsewhere setPriority(0) would lower the whole process, so it is left).
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { getPriority, setPriority } = require('node:os');
const { hashSync, verifySync } = require(workerData.argon2);
if (process.platform === 'linux') {
  try {
    setPriority(Math.min(19, getPriority() + workerData.nice));
  } catch {
    // not allowed here: hashing runs at the server's priority
  }
}
parentPort.on('message', ({ id, op, password, hash }) => {
  try {
    const result = op === 'hash' ? hashSync(password, workerData.options) : op === 'verify' ? verifySync(hash, password) : getPriority();
    parentPort.postMessage({ id, result });
  } catch (error) {
    parentPort.postMessage({ id, error: error.message });
  }
});
`;

type Job = { op: 'hash'; password: string } | { op: 'verify'; hash: string; password: string } | { op: 'priority' };
interface Waiting {
  job: Job;
  resolve(result: unknown): void;
  reject(error: Error): void;
}
interface Hasher {
  worker: Worker;
  jobs: Map<number, Waiting>;
}

/**
 * Jobs a hashing thread holds at once: the one it runs and the next. A thread that finishes then starts the
 * next at once, not when the server's thread, busy with other requests, gets round to handing it one.
 */
const JOBS_PER_THREAD = 2;

function hashingPool(size: number) {
  const argon2 = createRequire(import.meta.url).resolve('@node-rs/argon2');
  const hashers: Hasher[] = [];
  const queue: Waiting[] = [];
  let nextId = 0;

  const send = (hasher: Hasher, waiting: Waiting) => {
    const id = nextId++;
    if (hasher.jobs.size === 0) hasher.worker.ref();
    hasher.jobs.set(id, waiting);
    hasher.worker.postMessage({ id, ...waiting.job });
  };
  const fill = (hasher: Hasher) => {
    while (hasher.jobs.size < JOBS_PER_THREAD && queue.length > 0) send(hasher, queue.shift()!);
  };
  const start = (): Hasher => {
    const worker = new Worker(WORKER, { eval: true, workerData: { argon2, nice: HASHING_NICE, options: PASSWORD_HASH_OPTIONS } });
    worker.unref();
    const hasher: Hasher = { worker, jobs: new Map() };
    hashers.push(hasher);
    worker.on('message', (message: { id: number; result?: unknown; error?: string }) => {
      const waiting = hasher.jobs.get(message.id);
      if (!waiting) return;
      hasher.jobs.delete(message.id);
      if (hasher.jobs.size === 0) worker.unref();
      if (message.error !== undefined) waiting.reject(new Error(message.error));
      else waiting.resolve(message.result);
      fill(hasher);
    });
    worker.on('error', (error) => {
      // What a failed thread held fails with it; a new one takes the jobs waiting.
      hashers.splice(hashers.indexOf(hasher), 1);
      for (const waiting of hasher.jobs.values()) waiting.reject(error);
      hasher.jobs.clear();
      if (queue.length > 0) fill(start());
    });
    return hasher;
  };

  return <T>(job: Job): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      queue.push({ job, resolve: resolve as (result: unknown) => void, reject });
      // The least busy thread, or a new one while there are fewer than `size`.
      const least = hashers.reduce<Hasher | undefined>((best, h) => (!best || h.jobs.size < best.jobs.size ? h : best), undefined);
      const hasher = least && (least.jobs.size === 0 || hashers.length >= size) ? least : start();
      fill(hasher);
    });
}

const hashing = hashingPool(HASHING_THREADS);

export const hashPassword = (password: string) => hashing<string>({ op: 'hash', password });

/** The nice value the hashing threads run at, as one of them reports it (operators, tests). */
export const hashingPriority = () => hashing<number>({ op: 'priority' });

// Verifying against a throwaway hash when the user is unknown keeps both answers equally slow.
let decoy: Promise<string> | undefined;

export async function checkPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  const verify = (hash: string) => hashing<boolean>({ op: 'verify', hash, password }).catch(() => false);
  if (!storedHash) {
    decoy ??= hashPassword('decoy-password-for-timing');
    await verify(await decoy);
    return false;
  }
  return verify(storedHash);
}
