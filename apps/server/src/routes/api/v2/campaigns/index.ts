import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { storageRequestSchema, storageResponseSchema } from '@prova/contract/agenda';
import { apiErrorSchema } from '@prova/contract/errors';
import { campaignParamsSchema } from '@prova/contract/tests';
import { HttpError } from '../../../../http/http-error';
import { requireParticipation } from '../../../../policies/test-access';
import { checkStorage } from '../../../../services/campaign-storage';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };

/** The person's layout storage: the agenda's days and position, the tutorial seen. */
export default async function campaignStorageRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { repos } = app;

  app.patch(
    '/:campaignId/storage',
    {
      schema: {
        tags: ['campaigns'],
        params: campaignParamsSchema,
        body: storageRequestSchema,
        response: { 200: storageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const context = await requireParticipation(request, request.params.campaignId, 'write');
      const checked = await checkStorage(repos, context, request.body.data);
      if (!checked.ok)
        throw new HttpError(422, 'VALIDATION', `${checked.problems[0].path}: ${checked.problems[0].message}`, checked.problems);
      await repos.campaigns.saveStorage(context.participation.id, context.user.id, checked.storage);
      return { status: true as const, storage: checked.storage };
    },
  );
}
