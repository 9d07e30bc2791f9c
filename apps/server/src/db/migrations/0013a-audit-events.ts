import type { Kysely } from 'kysely';
import { autoId, type DialectName } from '../dialect';

/**
 * The audit trail (issue 51): every `request.audit(...)` entry kept as a row, so staff and operators can read who
 * did what and when. The company is the one the entry concerns (the actor's unless an operator acted on another);
 * `subject_user_id` is the person an action was about (a report downloaded, a person erased). No foreign keys: an
 * erasure unlinks rows rather than deleting the trail.
 */
export function auditEvents(dialect: DialectName) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('audit_events')
        .addColumn('id', 'integer', autoId(dialect))
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('company_id', 'integer')
        .addColumn('actor_id', 'integer')
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('target', 'text')
        .addColumn('subject_user_id', 'integer')
        .addColumn('email', 'text')
        .addColumn('detail', 'text')
        .addColumn('ip', 'text')
        .addColumn('route', 'text')
        .execute();
      await db.schema.createIndex('audit_events_company_at').on('audit_events').columns(['company_id', 'at']).execute();
      await db.schema.createIndex('audit_events_actor').on('audit_events').column('actor_id').execute();
      await db.schema.createIndex('audit_events_subject').on('audit_events').column('subject_user_id').execute();
    },
  };
}
