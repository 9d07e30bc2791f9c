import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { announcingTransaction, type Changes } from '../../db/change-feed';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { identifyingPattern, type IdentifyingWords, namesPerson, scrubText } from '../../domain/erasure-text';

/** The person an erasure is about, as read before it starts. */
export interface ErasedPerson extends IdentifyingWords {
  id: number;
  companyId: number;
  /** Their e-mail as the audit trail masks it (log-redaction.ts), to find the trail's entries that carry it. */
  maskedEmail: string;
}

export interface ErasureOptions {
  /** The company's setting: results stay as anonymous rows (statistics), or go. */
  keepResults: boolean;
  erasedBy: number | null;
  reason: 'staff' | 'retention';
  now?: Date;
}

export interface ErasureReceipt {
  id: string;
  at: string;
  keptResults: boolean;
  /** By table, the rows anonymised or deleted. */
  rows: Record<string, number>;
}

interface Step {
  trx: Db;
  person: ErasedPerson;
  keep: boolean;
  /** Finds the person's e-mail and names in text; null when they have neither. */
  pattern: RegExp | null;
  now: string;
}

/** Why a table needs nothing of an erasure: it holds nobody's personal data. */
type NoPersonalData = { none: string };
type Erase = (step: Step) => Promise<number>;

const count = (result: { numDeletedRows: bigint } | { numUpdatedRows: bigint }) =>
  Number('numDeletedRows' in result ? result.numDeletedRows : result.numUpdatedRows);

// The steps below that apply alike to many tables name them and their columns as text: a schema of text for them.
type LooseDb = Kysely<Record<string, Record<string, unknown>>>;
const loose = (trx: Db) => trx as unknown as LooseDb;

/** Rewrites `column` of the rows whose `personColumns` (any of them) are the person, wherever it names them. */
async function scrubColumn(
  { trx, pattern, person }: Step,
  table: keyof Database & string,
  keyColumns: readonly string[],
  column: string,
  personColumns: readonly string[],
): Promise<number> {
  if (!pattern) return 0;
  const rows = await loose(trx)
    .selectFrom(table)
    .select([...keyColumns, column])
    .where((eb) => eb.or(personColumns.map((c) => eb(c, '=', person.id))))
    .execute();
  let changed = 0;
  for (const row of rows) {
    const scrubbed = scrubText(row[column] as string | null, pattern);
    if (scrubbed === null) continue;
    let update = loose(trx)
      .updateTable(table)
      .set({ [column]: scrubbed });
    for (const key of keyColumns) update = update.where(key, '=', row[key]);
    await update.execute();
    changed++;
  }
  return changed;
}

/** Deletes the rows of `table` whose `column` is the person; in keep mode, rewrites `text` columns instead. */
const results =
  (table: keyof Database & string, keys: readonly string[], textColumns: readonly string[], column = 'user_id'): Erase =>
  async (step) => {
    if (!step.keep) return count(await loose(step.trx).deleteFrom(table).where(column, '=', step.person.id).executeTakeFirst());
    let changed = 0;
    for (const text of textColumns) changed += await scrubColumn(step, table, keys, text, [column]);
    return changed;
  };

const deleteWhere =
  (table: keyof Database & string, column: string): Erase =>
  async ({ trx, person }) =>
    count(await loose(trx).deleteFrom(table).where(column, '=', person.id).executeTakeFirst());

/**
 * THE list of what an erasure does, table by table: every table of the schema is here (the type says so, so a table
 * added later does not compile until it is classed), either with what it holds of nobody or with its step. Steps run
 * in this order, in one transaction; `users` last, once nothing else needs the person's words.
 */
export const ERASURE_PLAN: { [T in keyof Database]: NoPersonalData | Erase } = {
  languages: { none: 'the platform languages' },
  companies: { none: "the company's own record" },
  tests: { none: "staff's and the operator's content" },
  content_packages: { none: 'content' },
  content_package_files: { none: 'content' },
  test_shares: { none: 'content' },
  campaigns: { none: "staff's content" },
  campaign_tests: { none: "staff's content" },
  norms: { none: 'aggregates of many people (mean, sd, n)' },
  campaign_norms: { none: 'links between campaigns and norms' },
  adaptive_tests: { none: 'content' },
  data_changes: { none: 'a counter' },
  // An erased staff member's tokens stop with them: they acted as that person.
  api_tokens: deleteWhere('api_tokens', 'created_by'),
  webhooks: { none: "the company's endpoints (their maker is the tombstone)" },
  // A delivery's body names the person it was about by id, and some by e-mail: the log of those goes.
  webhook_deliveries: async ({ trx, person }) =>
    count(
      await trx
        .deleteFrom('webhook_deliveries')
        .where((eb) =>
          eb.or([eb('payload', 'like', `%"participantId":${person.id},%`), eb('payload', 'like', `%"participantId":${person.id}}%`)]),
        )
        .executeTakeFirst(),
    ),
  erasures: { none: 'receipts, naming nobody' },
  retention_runs: { none: 'the daily runs' },
  privacy_texts: { none: "the campaigns' privacy texts as accepted" },
  // Their consents are proof while their data is processed; with the data gone, they go too.
  consent_records: deleteWhere('consent_records', 'user_id'),
  // Who opened the person's report goes with them; what they opened of others' stays, their id now a tombstone's.
  report_views: deleteWhere('report_views', 'subject_user_id'),
  // Staff who wrote tests: the test stays, the link to its author goes.
  authored_tests: async ({ trx, person }) =>
    count(await trx.updateTable('authored_tests').set({ created_by: null }).where('created_by', '=', person.id).executeTakeFirst()),
  sessions: deleteWhere('sessions', 'user_id'),
  password_resets: deleteWhere('password_resets', 'user_id'),
  request_keys: deleteWhere('request_keys', 'user_id'),
  invitations: deleteWhere('invitations', 'user_id'),
  retention_notices: deleteWhere('retention_notices', 'user_id'),
  // Failed sign-ins are counted by 'account:<e-mail>', the route limits by keys that end with it.
  sign_in_throttle: async ({ trx, person }) => {
    const email = person.email.trim().toLowerCase();
    if (!email) return 0;
    return count(
      await trx
        .deleteFrom('sign_in_throttle')
        .where(sql<string>`substr(lower(key), length(key) - ${email.length} + 1)`, '=', email)
        .executeTakeFirst(),
    );
  },
  // What activities logged is neither a result nor a statistic: it goes in either mode.
  logs: deleteWhere('logs', 'user_id'),
  participants: results('participants', ['campaign_id', 'user_id'], ['storage']),
  test_progress: results('test_progress', ['campaign_id', 'test_id', 'user_id'], ['data']),
  test_progress_history: results('test_progress_history', ['id'], ['data']),
  outcomes: results('outcomes', ['id'], ['outcomes']),
  outcomes_history: results('outcomes_history', ['id'], ['outcomes']),
  item_ratings: results('item_ratings', ['campaign_id', 'test_id', 'user_id', 'item_id'], []),
  adaptive_sessions: results('adaptive_sessions', ['campaign_id', 'test_id', 'user_id', 'attempt'], ['given']),
  assessments: results('assessments', ['id'], [], 'assessed_id'),
  // 360: what others said about the person, and what the person said about others. Kept, the rows stay (the rater
  // is a tombstone, so nobody is named) and count where their group still meets the threshold; removed, they go,
  // and a group left under the threshold is pooled or hidden by the report's rules (results-360.ts).
  answers360: async (step) => {
    const { trx, person } = step;
    if (!step.keep)
      return count(
        await trx
          .deleteFrom('answers360')
          .where((eb) => eb.or([eb('evaluee_id', '=', person.id), eb('evaluator_id', '=', person.id)]))
          .executeTakeFirst(),
      );
    return scrubColumn(step, 'answers360', ['campaign_id', 'evaluee_id', 'evaluator_id', 'question_id', 'answer_id'], 'text_value', [
      'evaluee_id',
      'evaluator_id',
    ]);
  },
  evaluations360: async ({ trx, person, keep }) =>
    keep
      ? 0
      : count(
          await trx
            .deleteFrom('evaluations360')
            .where((eb) => eb.or([eb('evaluee_id', '=', person.id), eb('evaluator_id', '=', person.id)]))
            .executeTakeFirst(),
        ),
  relations360: async ({ trx, person, keep }) =>
    keep
      ? 0
      : count(
          await trx
            .deleteFrom('relations360')
            .where((eb) => eb.or([eb('evaluee_id', '=', person.id), eb('evaluator_id', '=', person.id)]))
            .executeTakeFirst(),
        ),
  // The company's jobs: an export of a campaign the person took part in holds their row (as CSV, or Excel in
  // base64, where no text search would see it), an import's upload may name them: such jobs go.
  staff_jobs: async ({ trx, person, pattern }) => {
    const campaigns = trx.selectFrom('participants').select('campaign_id').where('user_id', '=', person.id);
    const exports = await trx
      .deleteFrom('staff_jobs')
      .where('company_id', '=', person.companyId)
      .where('kind', '=', 'export')
      .where('campaign_id', 'in', campaigns)
      .executeTakeFirst();
    const rest = await trx
      .selectFrom('staff_jobs')
      .select(['id', 'input', 'plan', 'summary', 'problems', 'notes', 'file_name', 'file_data', 'error'])
      .where('company_id', '=', person.companyId)
      .execute();
    const naming = rest.filter((job) => Object.values(job).some((value) => typeof value === 'string' && namesPerson(value, pattern)));
    if (naming.length)
      await trx
        .deleteFrom('staff_jobs')
        .where(
          'id',
          'in',
          naming.map((job) => job.id),
        )
        .execute();
    return count(exports) + naming.length;
  },
  // The trail stays, unlinked from the person: no id, address or (masked) e-mail of theirs, and targets that named
  // their id name nobody.
  audit_events: async ({ trx, person, pattern }) => {
    const rows = await trx
      .selectFrom('audit_events')
      .select(['id', 'actor_id', 'subject_user_id', 'target', 'email', 'detail'])
      .where((eb) =>
        eb.or([
          eb('actor_id', '=', person.id),
          eb('subject_user_id', '=', person.id),
          // A failed sign-in with their e-mail names nobody's id; a masked address of someone else's entry stays.
          eb.and([eb('email', '=', person.maskedEmail), eb('actor_id', 'is', null)]),
          eb('target', 'like', `%/${person.id}`),
          eb('target', 'like', `%/${person.id}/%`),
          eb('target', 'like', `%/${person.id},%`),
          eb('target', 'like', `%,${person.id}`),
          eb('target', 'like', `%,${person.id},%`),
        ]),
      )
      .execute();
    const idInTarget = new RegExp(`((?:people|participants|assessed|users)/(?:\\d+,)*)${person.id}(?=$|[/,])`, 'g');
    let changed = 0;
    for (const row of rows) {
      const own =
        row.actor_id === person.id || row.subject_user_id === person.id || (row.actor_id === null && row.email === person.maskedEmail);
      const target = row.target?.replace(idInTarget, '$1erased') ?? null;
      const detail = scrubText(row.detail, pattern);
      if (!own && target === row.target && detail === null) continue;
      await trx
        .updateTable('audit_events')
        .set({
          ...(row.actor_id === person.id ? { actor_id: null } : {}),
          ...(row.subject_user_id === person.id ? { subject_user_id: null } : {}),
          ...(own ? { ip: null, email: null } : {}),
          target,
          ...(detail === null ? {} : { detail }),
        })
        .where('id', '=', row.id)
        .execute();
      changed++;
    }
    return changed;
  },
  // The tombstone: the row stays for the foreign keys and the statistics that read it, naming nobody.
  users: async ({ trx, person, now }) =>
    count(
      await trx
        .updateTable('users')
        .set({
          email: `erased-${randomBytes(12).toString('base64url').toLowerCase()}@invalid`,
          first_name: '',
          last_name: '',
          gender: null,
          lang: null,
          password_hash: null,
          has_sso: 0,
          privacy: 0,
          deactivated_at: now,
          erased_at: now,
        })
        .where('id', '=', person.id)
        .where('erased_at', 'is', null)
        .executeTakeFirst(),
    ),
};

/** The tables an erasure changes, in the order it changes them. */
export const ERASED_TABLES = Object.entries(ERASURE_PLAN)
  .filter(([, step]) => typeof step === 'function')
  .map(([table]) => table);

/** Erasures: the person's personal data gone in one transaction, on either database, with a receipt naming nobody. */
export function createErasureRepository(db: Db, changes: Changes) {
  return {
    /** The person as an erasure starts from; undefined when the company has nobody of that id. */
    async person(companyId: number, userId: number) {
      return db
        .selectFrom('users')
        .select(['id', 'company_id', 'email', 'first_name', 'last_name', 'role', 'erased_at'])
        .where('id', '=', userId)
        .where('company_id', '=', companyId)
        .executeTakeFirst();
    },

    async keepsResults(companyId: number): Promise<boolean> {
      const row = await db.selectFrom('companies').select('erasure_keeps_results').where('id', '=', companyId).executeTakeFirst();
      return (row?.erasure_keeps_results ?? 1) === 1;
    },

    /**
     * Erases the person: every step of ERASURE_PLAN, the receipt, and the announcement that ends their sessions on
     * every instance. Answers null when the person was erased already (by a request at the same time).
     */
    async erase(person: ErasedPerson, options: ErasureOptions): Promise<ErasureReceipt | null> {
      const at = (options.now ?? new Date()).toISOString();
      return announcingTransaction(db, changes, async (trx, changes) => {
        // Taken first, so that two erasures of the same person cannot both run (the second finds a tombstone).
        const claimed = await trx
          .updateTable('users')
          .set({ deactivated_at: at })
          .where('id', '=', person.id)
          .where('erased_at', 'is', null)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) === 0) return null;
        const step: Step = { trx, person, keep: options.keepResults, pattern: identifyingPattern(person), now: at };
        const rows: Record<string, number> = {};
        for (const [table, erase] of Object.entries(ERASURE_PLAN)) {
          if (typeof erase !== 'function') continue;
          const n = await erase(step);
          if (n > 0) rows[table] = n;
        }
        const id = randomBytes(12).toString('base64url');
        await trx
          .insertInto('erasures')
          .values({
            id,
            company_id: person.companyId,
            erased_by: options.erasedBy,
            reason: options.reason,
            kept_results: options.keepResults ? 1 : 0,
            rows: JSON.stringify(rows),
            at,
          })
          .execute();
        await changes.announce({ kind: 'user', userId: person.id }, trx);
        return { id, at, keptResults: options.keepResults, rows };
      });
    },
  };
}
export type ErasureRepository = ReturnType<typeof createErasureRepository>;
