import type { Selectable } from 'kysely';
import { apiTokenSchema, type TokenScope } from '@prova/contract/integrations';
import type { Db } from '../../db/database';
import type { ApiTokensTable } from '../../db/schema';
import { readColumn } from '../json-column-readers';
import { usersWithCompany } from '../users-repository';

/** A token as read: its scopes parsed (none when they do not read: a token that opens nothing rather than a failure). */
export type ApiTokenRow = Omit<Selectable<ApiTokensTable>, 'scopes'> & { scopes: TokenScope[]; created_by_email: string | null };

const withScopes = <R extends { scopes: string }>(row: R): Omit<R, 'scopes'> & { scopes: TokenScope[] } => ({
  ...row,
  scopes: readColumn(apiTokenSchema.shape.scopes, row.scopes, []),
});

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
      return withScopes(await withCreator().where('api_tokens.id', '=', id).executeTakeFirstOrThrow());
    },
    list: async (companyId: number): Promise<ApiTokenRow[]> =>
      (await withCreator().where('api_tokens.company_id', '=', companyId).orderBy('api_tokens.id', 'desc').execute()).map(withScopes),
    async find(companyId: number, id: number): Promise<ApiTokenRow | undefined> {
      const row = await withCreator().where('api_tokens.company_id', '=', companyId).where('api_tokens.id', '=', id).executeTakeFirst();
      return row && withScopes(row);
    },
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
      return { token: withScopes(token), user };
    },
    async touch(id: number, at: string) {
      await db.updateTable('api_tokens').set({ last_used_at: at }).where('id', '=', id).execute();
    },
  };
}
export type ApiTokensRepository = ReturnType<typeof createApiTokensRepository>;
