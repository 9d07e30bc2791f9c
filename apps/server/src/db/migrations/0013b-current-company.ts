import type { Kysely } from 'kysely';

/**
 * The platform operator's current company (issue 51): the company every console call of this session works on
 * (PUT /api/staff/current-company). Null: the operator's own company, and always so for everybody else. No
 * foreign key: deleting a company sets it back to null in the same transaction.
 */
export function currentCompany() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('sessions').addColumn('company_id', 'integer').execute();
    },
  };
}
