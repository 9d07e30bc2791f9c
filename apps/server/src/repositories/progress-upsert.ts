import { type CompiledQuery, sql } from 'kysely';
import { compiledByShape } from '../db/compiled-once';
import type { Db } from '../db/database';
import { expiredBefore } from '../domain/test-clock';

// The saves' upsert: many versioned writes of one kind in one conditional statement, its rules evaluated inside the
// database on the row's primary key. Its compiled SQL on both dialects is kept in queries/ and reviewed as a
// snapshot (progress-upsert.test.ts): a change to the statement every save runs shows in the diff.

/** A person's progress in one test of one campaign. */
export interface ProgressKey {
  campaignId: number;
  testId: number;
  userId: number;
}

/** One versioned write of a person's progress in a test. */
export interface ProgressWrite extends ProgressKey {
  version: number;
  /** Absent: the write carries data only (the status is left alone). */
  status?: 'incomplete' | 'complete';
  /** Absent: the write carries the status only (the data is left alone). */
  data?: string;
  /** When the test would end if its clock started with this write (timed tests); null if untimed. */
  endsAt: string | null;
  /** The test has a scoring script: completing it puts it in the scoring queue. */
  scored: boolean;
  /** When it was asked for (its start, if it starts the clock; `endsAt` counts from it); default: the save's `now`. */
  at?: Date;
  /** The browser window it comes from; absent: a client that names none, whose saves apply whoever holds the attempt. */
  windowId?: string;
  /** The content language it was written in: kept when this write starts the clock (not part of the upsert). */
  lang?: string;
}

export type Kind = 'sync' | 'status' | 'data';
export const kindOf = (w: ProgressWrite): Kind => (w.status === undefined ? 'data' : w.data === undefined ? 'status' : 'sync');

// The rules of a versioned write, evaluated inside the database on the row's primary key:
// - nothing is written into a complete test, nor into a timed test whose time and grace ran out;
// - otherwise a write at the stored version or newer is applied (an equal version is an idempotent retry);
// - a stale 'complete' still completes the test (status-only updates carry the fixed versions 1 and 2,
//   which data saves overtake), without touching its data or version;
// - the first write starts a timed test's clock if the opening did not (the repository's startClocks, for a row without one);
// - a write from a window other than the one holding the attempt (the last to open it) is not applied: two windows
//   on one test would otherwise overwrite each other, each told it saved. A write naming no window, or a row no
//   window holds, is not held back. The first write of a new row makes its window the holder.
const applies = sql<boolean>`excluded.version >= test_progress.version`;
const completes = sql<boolean>`excluded.status = 'complete'`;
const nextStatus = sql<string>`case when ${applies} then excluded.status else 'complete' end`;
const nextVersion = sql<number>`case when excluded.version > test_progress.version then excluded.version else test_progress.version end`;
const nextData = sql<string | null>`case when ${applies} then excluded.data else test_progress.data end`;
const fromHolder = sql<boolean>`(excluded.window_id is null or test_progress.window_id is null or excluded.window_id = test_progress.window_id)`;
/** The row still takes writes: not complete, and not a timed test whose time and grace ran out by `cutoff`. */
export const open = (cutoff: string) =>
  sql<boolean>`test_progress.status <> 'complete' and (test_progress.ends_at is null or test_progress.ends_at > ${cutoff})`;

const ROW_FIELDS = [
  'campaign_id',
  'test_id',
  'user_id',
  'version',
  'status',
  'data',
  'updated_at',
  'started_at',
  'ends_at',
  'scoring_due',
  'window_id',
] as const;
type RowField = (typeof ROW_FIELDS)[number];
/** The PostgreSQL array type of each field, for unnest(). */
const ARRAY_TYPE: Record<RowField, string> = {
  campaign_id: 'int[]',
  test_id: 'int[]',
  user_id: 'int[]',
  version: 'int[]',
  status: 'text[]',
  data: 'text[]',
  updated_at: 'text[]',
  started_at: 'text[]',
  ends_at: 'text[]',
  scoring_due: 'int[]',
  window_id: 'text[]',
};
type Field = string | number | null;
type UpsertRow = Record<RowField, Field>;
/** A field's values for every row of a group (PostgreSQL's unnest). */
type ColumnValues = readonly Field[];

/** The saves' upsert, compiled once per kind (and number of rows on SQLite) for `db`'s dialect. */
export function createProgressUpsert(db: Db, onPostgres: boolean) {
  /** The rows as values (SQLite), or as one array a field (PostgreSQL). */
  function upsertQuery(kind: Kind, source: { rows: UpsertRow[] } | { columns: Record<RowField, ColumnValues> }, cutoff: string) {
    const guard =
      kind === 'data'
        ? sql<boolean>`${open(cutoff)} and ${fromHolder} and ${applies}`
        : sql<boolean>`${open(cutoff)} and ${fromHolder} and (${applies} or ${completes})`;
    const into = db.insertInto('test_progress');
    const values =
      'columns' in source
        ? into
            .columns([...ROW_FIELDS])
            .expression(
              sql`select * from unnest(${sql.join(ROW_FIELDS.map((field) => sql`${source.columns[field]}::${sql.raw(ARRAY_TYPE[field])}`))})` as never,
            )
        : into.values(source.rows as never[]);
    return values
      .onConflict((oc) =>
        oc
          .columns(['campaign_id', 'user_id', 'test_id'])
          .doUpdateSet({
            version: nextVersion,
            ...(kind !== 'data' ? { status: nextStatus } : {}),
            ...(kind !== 'status' ? { data: nextData } : {}),
            updated_at: sql`excluded.updated_at`,
            scoring_due: sql`case when excluded.scoring_due = 1 then 1 else test_progress.scoring_due end`,
          })
          .where(guard),
      )
      .returning(['campaign_id', 'test_id', 'user_id', 'version', 'status', 'started_at']);
  }

  // One statement a kind on PostgreSQL (one array a field: twelve parameters whatever the group's size), and on
  // SQLite one a kind and number of rows, each compiled once: building and compiling it cost more than running it.
  const columnsUpsert = compiledByShape(
    (kind: Kind) =>
      (cutoff: string, ...columns: ColumnValues[]) =>
        upsertQuery(
          kind,
          { columns: Object.fromEntries(ROW_FIELDS.map((field, i) => [field, columns[i]])) as Record<RowField, ColumnValues> },
          cutoff,
        ),
  );
  const rowsUpsertOf = (kind: Kind) =>
    compiledByShape(
      (count: number) =>
        (cutoff: string, ...fields: Field[]) =>
          upsertQuery(
            kind,
            {
              rows: Array.from({ length: count }, (_, row) =>
                Object.fromEntries(ROW_FIELDS.map((field, i) => [field, fields[row * ROW_FIELDS.length + i]])),
              ) as UpsertRow[],
            },
            cutoff,
          ),
    );
  const rowsUpsert = { sync: rowsUpsertOf('sync'), status: rowsUpsertOf('status'), data: rowsUpsertOf('data') };

  /** One conditional upsert for many writes of one kind (at most one per key), compiled. */
  function upsert(kind: Kind, writes: ProgressWrite[], now: Date): CompiledQuery {
    const at = now.toISOString();
    // Each write's fields in the order of ROW_FIELDS.
    const rows = writes.map((w): Field[] => {
      const when = w.at ? w.at.toISOString() : at;
      const scoringDue = w.status === 'complete' && w.scored ? 1 : 0;
      const { campaignId, testId, userId, version } = w;
      return [
        campaignId,
        testId,
        userId,
        version,
        w.status ?? 'incomplete',
        w.data ?? null,
        when,
        when,
        w.endsAt,
        scoringDue,
        w.windowId ?? null,
      ];
    });
    const cutoff = expiredBefore(now);
    return onPostgres
      ? columnsUpsert(kind)(cutoff, ...ROW_FIELDS.map((_, i) => rows.map((row) => row[i])))
      : rowsUpsert[kind](rows.length)(cutoff, ...rows.flat());
  }

  return upsert;
}
