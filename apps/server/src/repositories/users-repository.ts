import type { Db } from '../db/database';

export function createUsersRepository(db: Db) {
  const withCompany = () =>
    db
      .selectFrom('users')
      .innerJoin('companies', 'companies.id', 'users.company_id')
      .selectAll('users')
      .select(['companies.name as company_name', 'companies.logo as company_logo']);

  return {
    findByEmail: (email: string) => withCompany().where('users.email', '=', email.trim().toLowerCase()).executeTakeFirst(),
    findById: (id: number) => withCompany().where('users.id', '=', id).executeTakeFirst(),
    async setPasswordHash(userId: number, hash: string): Promise<void> {
      await db.updateTable('users').set({ password_hash: hash }).where('id', '=', userId).execute();
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
export type UserWithCompany = NonNullable<Awaited<ReturnType<UsersRepository['findById']>>>;
