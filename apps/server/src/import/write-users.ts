import type { Bundle } from '@prova/contract/bundle';
import type { Db } from '../db/database';
import { type DialectName, syncIdentity } from '../db/dialect';
import { hashOnThreadPool } from '../services/passwords';
import { diffRow, isEmpty } from './diff-row';
import type { ImportCounts } from './import-summary';

type BundleUser = Bundle['users'][number];

// What people chose for themselves is theirs: the bundle's password and privacy consent apply only
// when the user is created, and an interface language is only changed when the bundle names one.
export async function writeUsers(
  db: Db,
  dialect: DialectName,
  users: Bundle['users'],
  matches: (number | null)[],
  /** Hashed before the transaction (hash-new-passwords.ts); anyone missing there is hashed here. */
  passwordHashes: ReadonlyMap<string, string>,
  counts: ImportCounts,
): Promise<void> {
  const companyIds = new Map((await db.selectFrom('companies').select(['id', 'name']).execute()).map((c) => [c.name, c.id]));
  const companyId = (name: string) => {
    const id = companyIds.get(name);
    if (id === undefined) throw new Error(`Company "${name}" vanished during the import`);
    return id;
  };

  const created: BundleUser[] = [];
  for (const [at, user] of users.entries()) {
    const matchId = matches[at];
    if (matchId === null) {
      created.push(user);
      continue;
    }
    const existing = await db.selectFrom('users').selectAll().where('id', '=', matchId).executeTakeFirstOrThrow();
    const row = { ...managedFields(user, companyId(user.company)), ...(user.lang ? { lang: user.lang } : {}) };
    const patch = diffRow(existing, row);
    if (isEmpty(patch)) counts.unchanged++;
    else {
      await db.updateTable('users').set(patch).where('id', '=', matchId).execute();
      counts.updated++;
    }
  }

  const hashes = await Promise.all(
    // A console upload's bundle is kept without its passwords: their hashes come beside it.
    created.map((u) => passwordHashes.get(u.email) ?? (u.password ? hashOnThreadPool(u.password) : Promise.resolve(null))),
  );
  const now = new Date().toISOString();
  const rows = created.map((user, k) => ({
    id: user.id,
    row: {
      ...managedFields(user, companyId(user.company)),
      lang: user.lang ?? null,
      password_hash: hashes[k],
      privacy: user.privacy ? 1 : 0,
      created_at: now,
    },
  }));
  const withId = rows.filter((r) => r.id !== undefined);
  for (const r of withId)
    await db
      .insertInto('users')
      .values({ id: r.id, ...r.row })
      .execute();
  if (withId.length) await syncIdentity(db, dialect, 'users');
  for (const r of rows.filter((r) => r.id === undefined)) await db.insertInto('users').values(r.row).execute();
  counts.created += rows.length;
}

/** The fields staff manage through bundles, overwritten on every import. */
function managedFields(user: BundleUser, companyId: number) {
  return {
    company_id: companyId,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    gender: user.gender ?? null,
    role: user.role,
    has_sso: user.hasSSO ? 1 : 0,
  };
}
