import { type Expression, type SqlBool, sql } from 'kysely';

/**
 * "Contains `text`, any case" over a few text columns: the same SQL on SQLite and PostgreSQL (lower()
 * on both sides, LIKE with its wildcards escaped).
 */
export function containsText(columns: Expression<string>[], text: string): Expression<SqlBool> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const each = columns.map((column) => sql<SqlBool>`lower(${column}) like ${pattern} escape '\\'`);
  return sql<SqlBool>`(${sql.join(each, sql` or `)})`;
}
