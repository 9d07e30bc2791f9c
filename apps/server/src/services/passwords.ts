import { availableParallelism } from 'node:os';
import { hash } from '@node-rs/argon2';
import { Piscina } from 'piscina';

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

type Job = { op: 'hash'; password: string } | { op: 'verify'; hash: string; password: string } | { op: 'priority' };

/**
 * The hashing threads (piscina): at most one per core, started as sign-ins come and ended when idle, at a lower
 * priority on Linux, where a thread's nice value is its own (elsewhere it would lower the whole server). A thread that
 * fails is replaced.
 */
const pool = new Piscina<Job & { options: typeof PASSWORD_HASH_OPTIONS }, unknown>({
  filename: new URL('./hashing-worker.mjs', import.meta.url).href,
  minThreads: 0,
  maxThreads: HASHING_THREADS,
  idleTimeout: 30_000,
  niceIncrement: process.platform === 'linux' ? HASHING_NICE : 0,
});
const hashing = <T>(job: Job) => pool.run({ ...job, options: PASSWORD_HASH_OPTIONS }) as Promise<T>;

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
