import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect';

/**
 * Content packages (bundle `tests[].package`), stored once by content hash: what the activities origin
 * serves (`content_package_files`, the bytes themselves: a blob on SQLite, bytea on PostgreSQL), the
 * package's delivery.json and what the server scores with; a test names its package. A staff job keeps
 * what staff should know about an upload (a SCORM package's other SCOs).
 */
export function contentPackages(dialect: DialectName) {
  const bytes = dialect === 'postgres' ? 'bytea' : 'blob';
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('content_packages')
        .addColumn('hash', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('delivery', 'text', (c) => c.notNull())
        .addColumn('scoring', 'text')
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('content_package_files')
        .addColumn('hash', 'text', (c) => c.notNull().references('content_packages.hash'))
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('media_type', 'text', (c) => c.notNull())
        .addColumn('bytes', bytes, (c) => c.notNull())
        .addPrimaryKeyConstraint('content_package_files_pk', ['hash', 'path'])
        .execute();
      await db.schema.alterTable('tests').addColumn('package_hash', 'text').execute();
      // Who scores a test is read on every save: the kind beside the hash saves a join.
      await db.schema.alterTable('tests').addColumn('package_kind', 'text').execute();
      await db.schema.alterTable('staff_jobs').addColumn('notes', 'text').execute();
    },
  };
}
