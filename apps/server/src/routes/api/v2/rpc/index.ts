import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@prova/contract/errors';
import { campaignTestParamsSchema, RPC_ACTION_MISSING_MESSAGE, rpcRequestSchema, rpcResponseSchema } from '@prova/contract/tests';
import { HttpError } from '../../../../http/http-error';
import { requireCampaignTest, requireTestRole } from '../../../../policies/test-access';
import { createAdaptiveDelivery } from '../../../../services/adaptive/adaptive-delivery';
import { rpcActions, WRITING_ACTIONS } from './actions';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
};

export default async function rpcRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repos = fastify.repos;
  const adaptive = createAdaptiveDelivery(repos, fastify.scoring, fastify.database.changes);
  fastify.addHook('onClose', async () => adaptive.close());

  app.post(
    '/:campaignId/:testId',
    {
      schema: {
        tags: ['tests'],
        params: campaignTestParamsSchema,
        body: rpcRequestSchema,
        response: { 200: rpcResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { campaignId, testId } = request.params;
      const use = request.body?.action && WRITING_ACTIONS.has(request.body.action) ? 'write' : 'read';
      const context = await requireCampaignTest(request, repos, campaignId, testId, use);
      // An assessor test's calls (its progress among them) are its assessors'.
      await requireTestRole(context, repos);
      const { action, data } = request.body ?? {};
      if (!action)
        // The message alone, word for word: the activity SDK rejects with it.
        throw new HttpError(422, 'VALIDATION', RPC_ACTION_MISSING_MESSAGE, [{ path: 'body.action', message: RPC_ACTION_MISSING_MESSAGE }]);
      const run = Object.hasOwn(rpcActions, action) ? rpcActions[action] : undefined;
      if (!run) throw new HttpError(404, 'NOT_FOUND', `Unknown action "${action}"`);
      return { status: true as const, result: await run({ context, repos, data, adaptive }) };
    },
  );
}
