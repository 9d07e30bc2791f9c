import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { statusOk } from '@prova/contract/common';
import { apiErrorSchema } from '@prova/contract/errors';
import { LOG_QUOTA } from '@prova/contract/limits';
import { logEntryIdsSchema, logRequestSchema } from '@prova/contract/tests';
import { requireAuth } from '../../../plugins/session';
import { inGroups } from '../../../services/in-groups';
import { HttpError } from '../../../http/http-error';
import type { LogEntry } from '../../../repositories/logs-repository';

/**
 * Log entries sent by the queue (also the unsent items a user skipped at logout). Only a signed-in
 * caller may log, with no consent needed (the skip at logout must not fail), within size and rate bounds, and within
 * a quota of what one person logs in a day (LOG_QUOTA); older entries go with the retention purge (plugins/log-retention.ts).
 */
export default async function logsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { campaigns, logs } = fastify.repos;
  // Entries sent at the same moment are written together, and answered once on the disk.
  const entries = inGroups(async (group: LogEntry[]) => {
    await logs.addMany(group);
    return group.map(() => undefined);
  });

  /** A log names a campaign only if it is one of the caller's (their company's, taking part); else the session's. */
  async function ownCampaign(userId: number, companyId: number, claimed: number | null, fallback: number | null) {
    if (claimed === null) return fallback;
    const participation = await fastify.accessCache.participation(userId, claimed, () => campaigns.findOpenForUser(userId, claimed));
    return participation && participation.company_id === companyId ? claimed : fallback;
  }

  /**
   * Refuses an entry past the person's quota, for its test or in all. Read before the write: entries sent at the very
   * same moment may each pass, a few over at most (the route's rate limit bounds them).
   */
  async function withinQuota(userId: number, testId: number | null, data: string) {
    const usage = await logs.usage(userId, testId, new Date(Date.now() - LOG_QUOTA.windowMs));
    const bytes = Buffer.byteLength(data);
    const over = (used: { entries: number; bytes: number }, quota: { entries: number; bytes: number }) =>
      used.entries + 1 > quota.entries || used.bytes + bytes > quota.bytes;
    if (over(usage.test, LOG_QUOTA.perTest) || over(usage.person, LOG_QUOTA.perPerson)) {
      throw new HttpError(429, 'LOG_QUOTA_EXCEEDED', 'Log quota reached for today: the entry was not kept');
    }
  }

  app.post(
    '/',
    {
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        tags: ['tests'],
        body: logRequestSchema,
        response: { 200: statusOk, 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      const { user, session } = await requireAuth(request);
      const named = logEntryIdsSchema.parse(request.body.data);
      const testId = named.testId;
      await withinQuota(user.id, testId, request.body.data);
      const campaignId = await ownCampaign(user.id, user.company_id, named.campaignId, session.campaignId ?? null);
      // The same entry sent again (its answer was lost) is kept once: its key is recorded with it.
      await entries.run({
        userId: user.id,
        campaignId,
        testId,
        data: request.body.data,
        key: request.body.idempotencyKey,
      });
      return { status: true as const };
    },
  );
}
