import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { statusOk } from '@prova/contract/common';
import { apiErrorSchema } from '@prova/contract/errors';
import { outcomesParamsSchema, outcomesRequestSchema } from '@prova/contract/tests';
import { effectiveStatus, isTimeUp } from '../../../domain/test-clock';
import { testComplete } from '../../../http/http-error';
import { runOnce } from '../../../services/idempotent-request';
import { requireCampaignTest, requireSubject, requireTestRole } from '../../../policies/test-access';
import { requirePrerequisites } from '../../../services/user-tests';
import { postedOutcomesSource } from '../../../domain/test-scoring';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  413: apiErrorSchema,
  422: apiErrorSchema,
};

/**
 * Outcomes an activity tracked. They count as completion, once: a complete test (or one whose time
 * ran out) takes no more, nor does a test whose prerequisites are missing or a campaign that is over.
 * For a test the server scores they are kept as a record only.
 */
export default async function outcomesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repos = fastify.repos;

  app.post(
    '/:campaignId/:testId/:userId',
    { schema: { tags: ['tests'], params: outcomesParamsSchema, body: outcomesRequestSchema, response: { 200: statusOk, ...errors } } },
    async (request) => {
      const { campaignId, testId, userId } = request.params;
      const context = await requireCampaignTest(request, repos, campaignId, testId, 'write');
      await requireSubject(context, repos, userId);
      await requireTestRole(context, repos);
      // Outcomes count as completion: a test still locked by its prerequisites takes them no more than a save.
      await requirePrerequisites(repos, context);
      const key = { campaignId, testId, userId };
      const now = new Date();
      const scored = context.test.server_scored === 1;
      let toScore = false;
      let completed = false;
      let timeUp = false;
      // A repeat of outcomes already taken (same idempotency key) is answered as the first was,
      // not refused as a save into a complete test.
      try {
        await runOnce(fastify, context.user.id, request.body.idempotencyKey, async (tx) => {
          const row = await tx.progress.find(campaignId, testId, userId);
          if (effectiveStatus(row, now) === 'complete') {
            timeUp = row !== undefined && row.status !== 'complete' && isTimeUp(row, now);
            throw testComplete(timeUp);
          }
          await tx.outcomes.merge({ campaignId, testId, userId, source: postedOutcomesSource(context.test) }, request.body.values);
          completed = await tx.progress.markComplete(key, scored, now);
          toScore = completed && scored;
        });
      } catch (error) {
        // Settled outside the refused write's transaction, which is rolled back.
        if (timeUp)
          for (const k of await repos.progress.settleExpired(now, key)) {
            fastify.scoring.enqueue(k);
            fastify.events.testCompleted(k);
          }
        throw error;
      }
      if (toScore) fastify.scoring.enqueue(key);
      if (completed) fastify.events.testCompleted(key);
      return { status: true as const };
    },
  );
}
