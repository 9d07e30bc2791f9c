import { createHash, randomUUID } from 'node:crypto';
import type { WebhookBody, WebhookEvent } from '@prova/contract/integrations';
import type { WebhooksRepository } from '../../repositories/staff/webhooks-repository';

// The one place the product's events are raised (docs/webhooks.md, "Events"). Services call `events.*` where
// something happened; each event becomes one delivery row per enabled webhook of the company that takes it, and the
// sender (webhook-sender.ts) sends them. An event carries ids and only what a receiver needs to act: the person's
// e-mail only where an outside system must match a person it may not know by our id (campaign.finished, person.invited).

export interface ProgressKeyLike {
  campaignId: number;
  testId: number;
  userId: number;
}

export interface Events {
  /** A candidate's test became complete (handed in, timed out, outcomes posted). Derives campaign.finished and report.ready. */
  testCompleted(key: ProgressKeyLike): void;
  /** The server finished scoring a test: a report may be ready now. */
  testScored(key: ProgressKeyLike): void;
  /** Staff invited these people to a campaign. */
  invited(campaignId: number, userIds: number[]): void;
}

/** Where events go once made: the deliveries queue, and a nudge to the sender. */
export interface EventDeps {
  webhooks: WebhooksRepository;
  /** The queue has something new: send it soon. */
  queued(): void;
  /** Every event is raised off the caller's path; a failure is logged, never the caller's. */
  onError(err: unknown): void;
}

/** An id the same however often the event is raised (two instances noticing one finished campaign): delivered once. */
const onceId = (key: string) => `evt_${createHash('sha256').update(key).digest('base64url').slice(0, 24)}`;
const freshId = () => `evt_${randomUUID().replaceAll('-', '')}`;

export function createEvents(deps: EventDeps) {
  const pending = new Set<Promise<void>>();

  async function raise(companyId: number, type: WebhookEvent, id: string, data: WebhookBody['data'], now = new Date()) {
    const hooks = await deps.webhooks.subscribed(companyId, type);
    let queued = false;
    for (const hook of hooks) {
      const body: WebhookBody = { id, type, createdAt: now.toISOString(), companyId, data };
      if ((await deps.webhooks.enqueue(hook.id, type, id, JSON.stringify(body), now.toISOString())) !== undefined) queued = true;
    }
    if (queued) deps.queued();
  }

  /** campaign.finished once all the person's own tests are complete; report.ready once none of them waits to be scored either. */
  async function afterTest(companyId: number, key: ProgressKeyLike) {
    const { campaignId, userId } = key;
    const state = await deps.webhooks.campaignState(campaignId, userId);
    if (!state.finished) return;
    const email = (await deps.webhooks.emailOf(userId)) ?? null;
    await raise(companyId, 'campaign.finished', onceId(`campaign.finished:${campaignId}:${userId}`), {
      campaignId,
      participantId: userId,
      email,
    });
    if (!state.scoringDue) {
      await raise(companyId, 'report.ready', onceId(`report.ready:${campaignId}:${userId}`), {
        campaignId,
        participantId: userId,
        // Readable with a read-results token (docs/staff-api.md).
        reportPath: `/api/staff/campaigns/${campaignId}/participants/${userId}/report.pdf`,
      });
    }
  }

  function later(work: () => Promise<void>) {
    const task: Promise<void> = work()
      .catch(deps.onError)
      .finally(() => pending.delete(task));
    pending.add(task);
  }

  const events: Events = {
    testCompleted: (key) =>
      later(async () => {
        const companyId = await deps.webhooks.companyOfCampaign(key.campaignId);
        if (companyId === undefined) return;
        await raise(companyId, 'test.completed', freshId(), { campaignId: key.campaignId, testId: key.testId, participantId: key.userId });
        await afterTest(companyId, key);
      }),
    testScored: (key) =>
      later(async () => {
        const companyId = await deps.webhooks.companyOfCampaign(key.campaignId);
        if (companyId !== undefined) await afterTest(companyId, key);
      }),
    invited: (campaignId, userIds) =>
      later(async () => {
        const companyId = await deps.webhooks.companyOfCampaign(campaignId);
        if (companyId === undefined) return;
        for (const userId of userIds) {
          const email = (await deps.webhooks.emailOf(userId)) ?? null;
          await raise(companyId, 'person.invited', freshId(), { campaignId, participantId: userId, email });
        }
      }),
  };
  return {
    events,
    /** The made-up ping of the "test" button, to one webhook. */
    async ping(companyId: number, webhookId: number, now = new Date()): Promise<number | undefined> {
      const id = freshId();
      const body: WebhookBody = { id, type: 'ping', createdAt: now.toISOString(), companyId, data: { webhookId } };
      const delivery = await deps.webhooks.enqueue(webhookId, 'ping', id, JSON.stringify(body), now.toISOString());
      deps.queued();
      return delivery;
    },
    /** Resolves once every event raised so far is queued (tests, closing). */
    async idle() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}
