import type { Kysely } from 'kysely';

/**
 * The language a person took a test in (issue 54): the content language the opening delivered it in, kept with the
 * attempt (and with it in the history) so that an export says it rather than guessing from the person. Null: not
 * opened yet, or opened before this was recorded.
 */
export function testLanguage() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('test_progress').addColumn('lang', 'text').execute();
      await db.schema.alterTable('test_progress_history').addColumn('lang', 'text').execute();
    },
  };
}
