import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** Threads that hash passwords: one per core, so a morning of sign-ins uses the whole machine. */
export const HASHING_THREADS = Math.max(1, availableParallelism());
/**
 * How much lower the hashing threads' priority is (nice value) than the server's. A sign-in costs tens of milliseconds of hashing, a save well under
 * one: at a lower priority the hashes take whatever the saves and reads leave, and a flood of sign-ins
 * cannot hold a save behind them. On an idle machine they still get every core.
 */
export const HASHING_NICE = 10;

// argon2id with the library's defaults (its default algorithm is argon2id), synchronous in the worker:
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
    const result = op === 'hash' ? hashSync(password) : op === 'verify' ? verifySync(hash, password) : getPriority();
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

function hashingPool(size: number) {
  const argon2 = createRequire(import.meta.url).resolve('@node-rs/argon2');
  const idle: Worker[] = [];
  let started = 0;
  const queue: Waiting[] = [];
  let nextId = 0;

  const start = () => {
    const worker = new Worker(WORKER, { eval: true, workerData: { argon2, nice: HASHING_NICE } });
    worker.unref();
    started += 1;
    worker.on('error', () => {
      // What a failed worker held fails with it; a new one takes the next job.
      started -= 1;
      const waiting = queue.shift();
      if (waiting) run(start(), waiting);
    });
    return worker;
  };
  const run = (worker: Worker, { job, resolve, reject }: Waiting) => {
    const id = nextId++;
    worker.ref();
    const onMessage = (message: { id: number; result?: unknown; error?: string }) => {
      if (message.id !== id) return;
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.unref();
      if (message.error !== undefined) reject(new Error(message.error));
      else resolve(message.result);
      next(worker);
    };
    const onError = (error: Error) => {
      worker.off('message', onMessage);
      reject(error);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.postMessage({ id, ...job });
  };
  const next = (worker: Worker) => {
    const waiting = queue.shift();
    if (waiting) run(worker, waiting);
    else idle.push(worker);
  };

  return <T>(job: Job): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const waiting: Waiting = { job, resolve: resolve as (result: unknown) => void, reject };
      const worker = idle.pop() ?? (started < size ? start() : undefined);
      if (worker) run(worker, waiting);
      else queue.push(waiting);
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
