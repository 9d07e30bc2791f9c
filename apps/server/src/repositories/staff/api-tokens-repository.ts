import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { ApiTokensTable } from '../../db/schema';
import { usersWithCompany } from '../users-repository';

export type ApiTokenRow = Selectable<ApiTokensTable> & { created_by_email: string | null };

/** A company's API tokens (api_tokens: migration 0013c); a token is found by its hash only. */
export function createApiTokensRepository(db: Db) {
  const withCreator = () =>
    db
      .selectFrom('api_tokens')
      .leftJoin('users', 'users.id', 'api_tokens.created_by')
      .selectAll('api_tokens')
      .select('users.email as created_by_email');
  return {
    async create(row: Omit<Selectable<ApiTokensTable>, 'id' | 'last_used_at' | 'revoked_at'>): Promise<ApiTokenRow> {
      const { id } = await db.insertInto('api_tokens').values(row).returning('id').executeTakeFirstOrThrow();
      return (await withCreator().where('api_tokens.id', '=', id).executeTakeFirstOrThrow()) as ApiTokenRow;
    },
    list: (companyId: number) =>
      withCreator().where('api_tokens.company_id', '=', companyId).orderBy('api_tokens.id', 'desc').execute() as Promise<ApiTokenRow[]>,
    find: (companyId: number, id: number) =>
      withCreator().where('api_tokens.company_id', '=', companyId).where('api_tokens.id', '=', id).executeTakeFirst() as Promise<
        ApiTokenRow | undefined
      >,
    /** Revoked now unless it was before; answers the row as it is after. */
    async revoke(companyId: number, id: number, at: string) {
      await db
        .updateTable('api_tokens')
        .set({ revoked_at: at })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
    },
    /** The token of this hash with the person it acts as (its creator) and their company, whatever its state. */
    async findByHash(hash: string) {
      const token = await db.selectFrom('api_tokens').selectAll().where('token_hash', '=', hash).executeTakeFirst();
      if (!token) return undefined;
      const user = await usersWithCompany(db).where('users.id', '=', token.created_by).executeTakeFirst();
      return { token, user };
    },
    async touch(id: number, at: string) {
      await db.updateTable('api_tokens').set({ last_used_at: at }).where('id', '=', id).execute();
    },
  };
}
export type ApiTokensRepository = ReturnType<typeof createApiTokensRepository>;
