import { PostgresAdapter, type Selectable, sql } from 'kysely';
import { type WebhookEvent, webhookSchema } from '@prova/contract/integrations';
import type { Db } from '../../db/database';
import type { WebhookDeliveriesTable, WebhooksTable } from '../../db/schema';
import { isCandidatesOwnTest } from '../candidate-tests';
import { readColumn } from '../json-column-readers';

/** A webhook as read: its events parsed (none when they do not read: it hears nothing rather than failing every event). */
export type WebhookRow = Omit<Selectable<WebhooksTable>, 'events'> & { events: WebhookEvent[] };
/** A webhook as written: its events as JSON. */
type StoredWebhook = Selectable<WebhooksTable>;

const webhookOf = (row: StoredWebhook): WebhookRow => ({ ...row, events: readColumn(webhookSchema.shape.events, row.events, []) });
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

/** What one attempt came to, as the delivery log keeps it. */
export interface AttemptResult {
  ok: boolean;
  status: number | null;
  answer: string;
  at: string;
  /** When to try again; null: give up (or delivered). */
  nextAttemptAt: string | null;
}

/**
 * A company's webhooks and their deliveries (migration 0013c). A delivery is claimed with a lease before it is sent
 * (claimed_by, lease_until), as staff jobs are: on PostgreSQL the due rows are picked `for update skip locked`, so
 * instances sweeping at once take different rows and none is sent twice.
 */
export function createWebhooksRepository(db: Db) {
  const onPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return {
    list: async (companyId: number) =>
      (await db.selectFrom('webhooks').selectAll().where('company_id', '=', companyId).orderBy('id').execute()).map(webhookOf),
    async find(companyId: number, id: number) {
      const row = await db.selectFrom('webhooks').selectAll().where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
      return row && webhookOf(row);
    },
    async create(row: Omit<StoredWebhook, 'id' | 'failure_count' | 'disabled_at'>): Promise<WebhookRow> {
      return webhookOf(await db.insertInto('webhooks').values(row).returningAll().executeTakeFirstOrThrow());
    },
    async update(
      companyId: number,
      id: number,
      patch: Partial<Pick<StoredWebhook, 'url' | 'events' | 'enabled' | 'failure_count' | 'disabled_at'>>,
    ) {
      const row = await db
        .updateTable('webhooks')
        .set(patch)
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row && webhookOf(row);
    },
    async remove(companyId: number, id: number): Promise<boolean> {
      return (
        (await db.deleteFrom('webhooks').where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst()).numDeletedRows > 0n
      );
    },

    /** The company's enabled webhooks that take this event. */
    async subscribed(companyId: number, event: WebhookEvent): Promise<WebhookRow[]> {
      const rows = await db.selectFrom('webhooks').selectAll().where('company_id', '=', companyId).where('enabled', '=', 1).execute();
      return rows.map(webhookOf).filter((w) => w.events.includes(event));
    },

    /** Queues an event for a webhook; nothing when that webhook has it already (the same event raised twice). */
    async enqueue(webhookId: number, event: string, eventId: string, payload: string, now: string): Promise<number | undefined> {
      const row = await db
        .insertInto('webhook_deliveries')
        .values({ webhook_id: webhookId, event, event_id: eventId, payload, state: 'pending', next_attempt_at: now, created_at: now })
        .onConflict((oc) => oc.columns(['webhook_id', 'event_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },

    deliveries: (webhookId: number, limit: number) =>
      db.selectFrom('webhook_deliveries').selectAll().where('webhook_id', '=', webhookId).orderBy('id', 'desc').limit(limit).execute(),
    findDelivery: (webhookId: number, id: number) =>
      db.selectFrom('webhook_deliveries').selectAll().where('webhook_id', '=', webhookId).where('id', '=', id).executeTakeFirst(),

    /** Due again now (send again): pending, attempts kept, unless an instance is sending it this moment. */
    async resend(webhookId: number, id: number, now: string): Promise<boolean> {
      const r = await db
        .updateTable('webhook_deliveries')
        .set({ state: 'pending', next_attempt_at: now })
        .where('webhook_id', '=', webhookId)
        .where('id', '=', id)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },

    /** Claims up to `limit` due deliveries of enabled webhooks for `claimer` until `leaseUntil`, with their webhooks. */
    async claimDue(
      claimer: string,
      limit: number,
      now: string,
      leaseUntil: string,
    ): Promise<(DeliveryRow & { url: string; secret: string })[]> {
      const free = sql<boolean>`(lease_until is null or lease_until <= ${now})`;
      const due = db
        .selectFrom('webhook_deliveries')
        .select('webhook_deliveries.id')
        .where('state', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .where(free)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('webhooks')
              .select('webhooks.id')
              .whereRef('webhooks.id', '=', 'webhook_deliveries.webhook_id')
              .where('webhooks.enabled', '=', 1),
          ),
        )
        .orderBy('next_attempt_at')
        .limit(limit);
      const claimed = await db
        .updateTable('webhook_deliveries')
        .set({ claimed_by: claimer, lease_until: leaseUntil })
        .where('id', 'in', onPostgres ? due.forUpdate().skipLocked() : due)
        .where('state', '=', 'pending')
        .where(free)
        .returningAll()
        .execute();
      if (claimed.length === 0) return [];
      const hooks = await db
        .selectFrom('webhooks')
        .select(['id', 'url', 'secret'])
        .where('id', 'in', [...new Set(claimed.map((d) => d.webhook_id))])
        .execute();
      const byId = new Map(hooks.map((h) => [h.id, h]));
      return claimed.map((d) => ({ ...d, url: byId.get(d.webhook_id)!.url, secret: byId.get(d.webhook_id)!.secret }));
    },

    /**
     * Writes an attempt's outcome, only while `claimer` still holds the delivery, and counts it on its webhook: a
     * success clears the webhook's failures, a failure adds one and turns it off at `disableAfter`. Answers whether the
     * webhook was turned off by this failure.
     */
    async recordAttempt(
      id: number,
      claimer: string,
      result: AttemptResult,
      disableAfter: number,
    ): Promise<{ written: boolean; disabled: boolean }> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('webhook_deliveries')
          .set((eb) => ({
            attempts: eb('attempts', '+', 1),
            state: result.ok ? 'delivered' : result.nextAttemptAt ? 'pending' : 'failed',
            next_attempt_at: result.ok ? null : result.nextAttemptAt,
            last_status: result.status,
            last_answer: result.answer,
            delivered_at: result.ok ? result.at : null,
            claimed_by: null,
            lease_until: null,
          }))
          .where('id', '=', id)
          .where('claimed_by', '=', claimer)
          .returning('webhook_id')
          .executeTakeFirst();
        if (!row) return { written: false, disabled: false };
        if (result.ok) {
          await trx.updateTable('webhooks').set({ failure_count: 0 }).where('id', '=', row.webhook_id).execute();
          return { written: true, disabled: false };
        }
        const hook = await trx
          .updateTable('webhooks')
          .set((eb) => ({ failure_count: eb('failure_count', '+', 1) }))
          .where('id', '=', row.webhook_id)
          .returning(['failure_count', 'enabled'])
          .executeTakeFirstOrThrow();
        if (hook.enabled === 1 && hook.failure_count >= disableAfter) {
          await trx.updateTable('webhooks').set({ enabled: 0, disabled_at: result.at }).where('id', '=', row.webhook_id).execute();
          return { written: true, disabled: true };
        }
        return { written: true, disabled: false };
      });
    },

    /** The earliest time a pending delivery of an enabled webhook falls due (to wake the sender then). */
    async nextDue(): Promise<string | undefined> {
      const row = await db
        .selectFrom('webhook_deliveries')
        .innerJoin('webhooks', 'webhooks.id', 'webhook_deliveries.webhook_id')
        .select((eb) => eb.fn.min('webhook_deliveries.next_attempt_at').as('at'))
        .where('webhook_deliveries.state', '=', 'pending')
        .where('webhooks.enabled', '=', 1)
        .executeTakeFirst();
      return (row?.at as string | null) ?? undefined;
    },

    // What events are made of (services/integrations/events.ts).

    companyOfCampaign: async (campaignId: number) =>
      (await db.selectFrom('campaigns').select('company_id').where('id', '=', campaignId).executeTakeFirst())?.company_id,
    emailOf: async (userId: number) => (await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst())?.email,

    /** Whether the person has completed every test of the campaign that is theirs to take, and whether any still waits to be scored. */
    async campaignState(campaignId: number, userId: number): Promise<{ finished: boolean; scoringDue: boolean }> {
      const open = await db
        .selectFrom('campaign_tests')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('campaign_tests.campaign_id', '=', campaignId)
        .where(isCandidatesOwnTest)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('test_progress')
                .select('test_progress.test_id')
                .whereRef('test_progress.campaign_id', '=', 'campaign_tests.campaign_id')
                .whereRef('test_progress.test_id', '=', 'campaign_tests.test_id')
                .where('test_progress.user_id', '=', userId)
                .where('test_progress.status', '=', 'complete'),
            ),
          ),
        )
        .executeTakeFirstOrThrow();
      const due = await db
        .selectFrom('test_progress')
        .select('test_id')
        .where('campaign_id', '=', campaignId)
        .where('user_id', '=', userId)
        .where('scoring_due', '=', 1)
        .executeTakeFirst();
      return { finished: Number(open.n) === 0, scoringDue: due !== undefined };
    },
  };
}
export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
