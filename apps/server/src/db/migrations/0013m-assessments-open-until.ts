import type { Kysely } from 'kysely';

/**
 * Until when staff reopened a closed campaign's assessments (issue 54): past it, or null, an assessor's ratings and
 * notes are locked once the campaign is closed (domain/campaign-window.ts, acceptsRatings). An instant as text, as
 * the campaign's own dates.
 */
export function assessmentsOpenUntil() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('campaigns').addColumn('assessments_open_until', 'text').execute();
    },
  };
}
