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
        sql`(cast(${e.userId} as integer), cast(${e.campaignId} as integer), cast(${e.testId} as integer), cast(${e.data} as text), cast(${e.key ?? null} as text))`,
    );
    // VALUES columns are column1..5 on both databases.
    const insertLogs = sql`insert into logs (user_id, campaign_id, test_id, data, created_at)
      select v.column1, v.column2, v.column3, v.column4, ${at} from (values ${sql.join(rows)}) as v
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
