import type { Kysely } from 'kysely';

/**
 * The 360 as a measure (issue 54): a campaign's words for its scale's points and whether "non osservato" may be
 * answered (scale360, JSON like questions360), and an answer that is "non osservato": its own mark, with no value,
 * so that no mean can count it.
 */
export function scale360() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('campaigns').addColumn('scale360', 'text').execute();
      await db.schema
        .alterTable('answers360')
        .addColumn('not_observed', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
