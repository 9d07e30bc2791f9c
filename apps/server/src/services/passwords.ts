import { hash, verify } from '@node-rs/argon2';

/**
 * Password hashing runs on libuv's small thread pool, which file and database work share: at most this
 * many at once, the rest wait their turn, so a flood of sign-ins cannot starve the saves.
 */
export const HASHING_AT_ONCE = 2;
let running = 0;
const waiting: Array<() => void> = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASHING_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

// argon2id with the library's defaults (its default algorithm is argon2id).
export const hashPassword = (password: string) => limited(() => hash(password));

// Verifying against a throwaway hash when the user is unknown keeps both answers equally slow.
let decoy: Promise<string> | undefined;

export async function checkPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    decoy ??= hash('decoy-password-for-timing');
    const decoyHash = await decoy;
    await limited(() => verify(decoyHash, password).catch(() => false));
    return false;
  }
  return limited(() => verify(storedHash, password).catch(() => false));
}
