import { type ChangeFeed, silentChanges } from '../db/change-feed';
import { compiledOnce } from '../db/compiled-once';
import type { Db } from '../db/database';

export function createUsersRepository(db: Db, changes: Pick<ChangeFeed, 'announce' | 'heard'> = silentChanges) {
  const withCompany = () =>
    db
      .selectFrom('users')
      .innerJoin('companies', 'companies.id', 'users.company_id')
      .selectAll('users')
      .select(['companies.name as company_name', 'companies.logo as company_logo', 'companies.sso_slug as company_sso_slug']);
  // Every sign-in (db/compiled-once.ts).
  const byEmail = compiledOnce((email: string) => withCompany().where('users.email', '=', email));

  return {
    findByEmail: async (email: string) => (await db.executeQuery(byEmail(email.trim().toLowerCase()))).rows[0],
    findById: (id: number) => withCompany().where('users.id', '=', id).executeTakeFirst(),
    /** Many people in one query (concurrent requests share it): each id's, in order. */
    async findManyById(ids: number[]) {
      const rows = await withCompany()
        .where('users.id', 'in', [...new Set(ids)])
        .execute();
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id));
    },
    async setPasswordHash(userId: number, hash: string): Promise<void> {
      await db.updateTable('users').set({ password_hash: hash }).where('id', '=', userId).execute();
      await changes.announce({ kind: 'user', userId }, db);
    },

    /** A user of one company by e-mail (SSO matches people only within the signing-in company). */
    findByEmailInCompany: (email: string, companyId: number) =>
      withCompany().where('users.email', '=', email.trim().toLowerCase()).where('users.company_id', '=', companyId).executeTakeFirst(),

    /** The company whose SSO slug this is, with its raw `sso` JSON. */
    findSsoCompany: (slug: string) =>
      db.selectFrom('companies').select(['id', 'name', 'sso']).where('sso_slug', '=', slug).executeTakeFirst(),

    /** Stores a reset link by its token's hash; the user's older links stop working. */
    async replacePasswordReset(userId: number, tokenHash: string, createdAt: Date, expiresAt: Date): Promise<void> {
      await db.deleteFrom('password_resets').where('user_id', '=', userId).execute();
      await db
        .insertInto('password_resets')
        .values({
          token_hash: tokenHash,
          user_id: userId,
          created_at: createdAt.toISOString(),
          expires_at: expiresAt.toISOString(),
          used_at: null,
        })
        .execute();
    },

    findPasswordReset: (tokenHash: string) =>
      db.selectFrom('password_resets').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst(),

    /** Marks a link used; false when it was already used (by a concurrent request, say). */
    async usePasswordReset(tokenHash: string, at: Date): Promise<boolean> {
      const result = await db
        .updateTable('password_resets')
        .set({ used_at: at.toISOString() })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
export type UserWithCompany = NonNullable<Awaited<ReturnType<UsersRepository['findById']>>>;
