import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { statusOk } from '@prova/contract/common';
import { apiErrorSchema } from '@prova/contract/errors';
import { logRequestSchema } from '@prova/contract/tests';
import { requireAuth } from '../../../plugins/session';
import { inGroups } from '../../../services/in-groups';
import { parseJson } from '../../../db/json-column';
import type { LogEntry } from '../../../repositories/logs-repository';

const intOrNull = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null);

/**
 * Log entries sent by the queue (also the unsent items a user skipped at logout). Only a signed-in
 * caller may log, with no consent needed (the skip at logout must not fail), within size and rate bounds.
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

  app.post(
    '/',
    {
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: { tags: ['tests'], body: logRequestSchema, response: { 200: statusOk, 400: apiErrorSchema, 401: apiErrorSchema } },
    },
    async (request) => {
      const { user, session } = await requireAuth(request);
      const entry = parseJson<Record<string, unknown> | null>(request.body.data, null);
      const fields = entry && typeof entry === 'object' ? entry : {};
      const campaignId = await ownCampaign(user.id, user.company_id, intOrNull(fields.campaignId), session.campaignId ?? null);
      // The same entry sent again (its answer was lost) is kept once: its key is recorded with it.
      await entries.run({
        userId: user.id,
        campaignId,
        testId: intOrNull(fields.testId),
        data: request.body.data,
        key: request.body.idempotencyKey,
      });
      return { status: true as const };
    },
  );
}
