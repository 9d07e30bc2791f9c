import { bundleSchema } from '@prova/contract/bundle';
import type { Db } from '../db/database';
import { hashOnThreadPool } from '../services/passwords';

/**
 * The argon2id hashes of the bundle's passwords for people not in the database yet, by e-mail.
 * Computed before the import's transaction: hashing takes tens of milliseconds a person, and on SQLite
 * the transaction holds the only write lock, which a running server needs to save candidates' progress.
 */
export async function hashNewPasswords(db: Db, input: unknown, options: HashOptions = {}): Promise<Map<string, string>> {
  const parsed = bundleSchema.safeParse(input);
  if (!parsed.success) return new Map(); // the import reports why, and writes nothing
  return hashPasswordsOf(db, parsed.data.users, options);
}

interface HashOptions {
  hash?: (password: string) => Promise<string>;
  onHashed?: (done: number, total: number) => void;
}

/** The same for the people of a bundle parsed already. */
export async function hashPasswordsOf(
  db: Db,
  users: readonly { email: string; password?: string }[],
  options: HashOptions = {},
): Promise<Map<string, string>> {
  const known = new Set((await db.selectFrom('users').select('email').execute()).map((u) => u.email));
  const fresh = users.filter((u): u is typeof u & { password: string } => !!u.password && !known.has(u.email));
  // In parallel on the thread pool (or as the hasher given allows).
  const hashOne = options.hash ?? hashOnThreadPool;
  let done = 0;
  options.onHashed?.(0, fresh.length);
  const hashes = await Promise.all(
    fresh.map(async (u) => {
      const hashed = await hashOne(u.password);
      options.onHashed?.(++done, fresh.length);
      return hashed;
    }),
  );
  return new Map(fresh.map((u, k) => [u.email, hashes[k]]));
}
