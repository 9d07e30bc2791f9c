import { type CompiledQuery, sql } from 'kysely';
import { type Db, inTransaction, type WriteDurably } from '../db/database';

export interface LogEntry {
  userId: number;
  campaignId: number | null;
  testId: number | null;
  data: string;
  /** The sender's idempotency key: an entry sent again with the same key is kept once. */
  key?: string;
}

/** Entries and bytes (UTF-8) logged in a window. */
export interface LogAmount {
  entries: number;
  bytes: number;
}
export interface LogUsage {
  person: LogAmount;
  test: LogAmount;
}

const PURGE_BATCH = 5_000;

export function createLogsRepository(db: Db, writeDurably?: WriteDurably) {
  /**
   * Two statements for any number of entries: the entries whose key is not recorded yet, then their
   * keys. Within a group a key counts once (its first entry).
   */
  function statementsFor(entries: LogEntry[], at: string): CompiledQuery[] {
    const seen = new Set<string>();
    const fresh = entries.filter((e) => {
      if (e.key === undefined) return true;
      const id = `${e.userId}:${e.key}`;
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    });
    const rows = fresh.map(
      (e) =>
        sql`(cast(${e.userId} as integer), cast(${e.campaignId} as integer), cast(${e.testId} as integer), cast(${e.data} as text), cast(${e.key ?? null} as text), cast(${Buffer.byteLength(e.data)} as integer))`,
    );
    // VALUES columns are column1..6 on both databases.
    const insertLogs = sql`insert into logs (user_id, campaign_id, test_id, data, created_at, bytes)
      select v.column1, v.column2, v.column3, v.column4, ${at}, v.column6 from (values ${sql.join(rows)}) as v
      where v.column5 is null or not exists (select 1 from request_keys r where r.user_id = v.column1 and r.key = v.column5)`;
    const keyed = fresh.filter((e) => e.key !== undefined);
    const queries = [insertLogs.compile(db)];
    if (keyed.length > 0) {
      queries.push(
        db
          .insertInto('request_keys')
          .values(keyed.map((e) => ({ user_id: e.userId, key: e.key!, created_at: at })))
          .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
          .compile(),
      );
    }
    return queries;
  }

  return {
    /**
     * What `userId` logged since `since`: entries and bytes in all, and for `testId` (null: entries of no test). One
     * read of the quota's index (user, time, test, bytes), whatever the entries hold.
     */
    async usage(userId: number, testId: number | null, since: Date): Promise<LogUsage> {
      const forTest = testId === null ? sql<boolean>`test_id is null` : sql<boolean>`test_id = ${testId}`;
      const row = await db
        .selectFrom('logs')
        .select([
          sql<number>`count(*)`.as('entries'),
          sql<number>`coalesce(sum(bytes), 0)`.as('bytes'),
          sql<number>`coalesce(sum(case when ${forTest} then 1 else 0 end), 0)`.as('test_entries'),
          sql<number>`coalesce(sum(case when ${forTest} then bytes else 0 end), 0)`.as('test_bytes'),
        ])
        .where('user_id', '=', userId)
        .where('created_at', '>=', since.toISOString())
        .executeTakeFirstOrThrow();
      return {
        person: { entries: Number(row.entries), bytes: Number(row.bytes) },
        test: { entries: Number(row.test_entries), bytes: Number(row.test_bytes) },
      };
    },

    /**
     * Deletes the entries kept before `before`, a batch at a time, so that a long backlog never holds the writer for
     * long (on SQLite every other write waits for it). Answers how many went.
     */
    async purgeOlderThan(before: Date, batch = PURGE_BATCH): Promise<number> {
      let total = 0;
      for (;;) {
        const oldest = db.selectFrom('logs').select('id').where('created_at', '<', before.toISOString()).limit(batch);
        const result = await db.deleteFrom('logs').where('id', 'in', oldest).executeTakeFirst();
        const deleted = Number(result.numDeletedRows);
        total += deleted;
        if (deleted < batch) return total;
      }
    },

    /** Keeps the entries, durably, in one transaction (the handle's group writer when there is one). */
    async addMany(entries: LogEntry[]): Promise<void> {
      if (entries.length === 0) return;
      const queries = statementsFor(entries, new Date().toISOString());
      if (writeDurably) {
        await writeDurably(queries);
        return;
      }
      await inTransaction(db, async (trx) => {
        for (const query of queries) await trx.executeQuery(query);
      });
    },
  };
}
export type LogsRepository = ReturnType<typeof createLogsRepository>;
