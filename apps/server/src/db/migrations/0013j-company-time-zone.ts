import type { Kysely } from 'kysely';
import { DEFAULT_TIME_ZONE } from '@prova/contract/staff-companies';

/** A company's time zone (issue 54): the dates of its exports are its wall clock, not UTC. */
export function companyTimeZone() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .alterTable('companies')
        .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo(DEFAULT_TIME_ZONE))
        .execute();
    },
  };
}
