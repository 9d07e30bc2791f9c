import { type Kysely, sql } from 'kysely';
import type { Outcome } from '@prova/contract/tests';
import { mergeOutcomes } from '../../domain/outcomes';
import { parseJson } from '../json-column';

/**
 * Work that must happen once across instances is claimed before it is done, with a lease: a scoring (who holds it,
 * until when) and a staff job (likewise). Past its lease a claim is free again, so that what an instance that died
 * held is taken up by another. And a test's outcomes are one row per source (and assessor): a unique key, so that two
 * instances writing them at once cannot keep two.
 */
export function claimedWork() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('test_progress').addColumn('scoring_claimed_by', 'text').execute();
      await db.schema.alterTable('test_progress').addColumn('scoring_claimed_until', 'text').execute();
      await db.schema.alterTable('staff_jobs').addColumn('claimed_by', 'text').execute();
      await db.schema.alterTable('staff_jobs').addColumn('lease_until', 'text').execute();

      await mergeDuplicateOutcomes(db);
      // assessor_id is null but for assessors' outcomes, and nulls never collide in a unique index: coalesced.
      await sql`create unique index outcomes_unique on outcomes (campaign_id, test_id, user_id, source, (coalesce(assessor_id, 0)))`.execute(
        db,
      );
    },
  };
}

interface OutcomeRow {
  id: number;
  campaign_id: number;
  test_id: number;
  user_id: number;
  source: string;
  assessor_id: number | null;
  outcomes: string;
  created_at: string;
}

/**
 * Rows of one key kept twice (two writes at once, before this key): the first row (lowest id) stays with what they
 * held together, the others go. What a source recorded merges in the order it was written (the later value of a
 * question wins), as the next write would have merged it; the server's scoring replaces the whole list, so its
 * latest row is its current list.
 */
async function mergeDuplicateOutcomes(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<OutcomeRow>`
    select o.id, o.campaign_id, o.test_id, o.user_id, o.source, o.assessor_id, o.outcomes, o.created_at from outcomes o
    where exists (
      select 1 from outcomes d
      where d.campaign_id = o.campaign_id and d.test_id = o.test_id and d.user_id = o.user_id and d.source = o.source
        and coalesce(d.assessor_id, 0) = coalesce(o.assessor_id, 0) and d.id <> o.id
    )
    order by o.id`.execute(db);
  const groups = new Map<string, OutcomeRow[]>();
  for (const row of rows) {
    const key = `${row.campaign_id}:${row.test_id}:${row.user_id}:${row.source}:${row.assessor_id ?? 0}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  for (const [first, ...rest] of groups.values()) {
    const lists = [first, ...rest].map((r) => parseJson<Outcome[]>(r.outcomes, []));
    const merged = first.source === 'server' ? lists[lists.length - 1] : lists.reduce((all, list) => mergeOutcomes(all, list), []);
    const createdAt = [first, ...rest].map((r) => r.created_at).sort()[rest.length];
    await db
      .updateTable('outcomes')
      .set({ outcomes: JSON.stringify(merged), created_at: createdAt })
      .where('id', '=', first.id)
      .execute();
    await db
      .deleteFrom('outcomes')
      .where(
        'id',
        'in',
        rest.map((r) => r.id),
      )
      .execute();
  }
}
