import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@prova/contract/errors';
import {
  ratingAnswerSchema,
  ratingListSchema,
  ratingParamsSchema,
  ratingRequestSchema,
  ratingSheetParamsSchema,
  ratingSheetSchema,
} from '@prova/contract/item-ratings';
import { campaignParamsSchema } from '@prova/contract/tests';
import { requireAssessor, requireCampaignTest, requireParticipation } from '../../../policies/test-access';
import { listRatings, rateItem, ratingSheet } from '../../../services/rating/item-ratings';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
};

/**
 * Items an assessor rates in a QTI package test (services/rating/item-ratings.ts): an assessor's list, one
 * candidate's answers, and a rating. Assessors only, and only about the people assigned to them in that test.
 */
export default async function ratingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repos = app.repos;

  app.get(
    '/:campaignId',
    { schema: { tags: ['tests'], params: campaignParamsSchema, response: { 200: ratingListSchema, ...errors } } },
    async (request) => {
      const context = await requireParticipation(request, request.params.campaignId);
      requireAssessor(context);
      return { status: true as const, tests: await listRatings(repos, context) };
    },
  );

  app.get(
    '/:campaignId/:testId/:userId',
    { schema: { tags: ['tests'], params: ratingSheetParamsSchema, response: { 200: ratingSheetSchema, ...errors } } },
    async (request) => {
      const { campaignId, testId, userId } = request.params;
      const context = await requireCampaignTest(request, repos, campaignId, testId);
      requireAssessor(context);
      return ratingSheet(repos, context, userId);
    },
  );

  app.put(
    '/:campaignId/:testId/:userId/:itemId',
    {
      schema: {
        tags: ['tests'],
        params: ratingParamsSchema,
        body: ratingRequestSchema,
        response: { 200: ratingAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { campaignId, testId, userId, itemId } = request.params;
      // A rating is an assessor's outcome: taken while the campaign takes answers, or staff reopened its assessments
      // (409 CAMPAIGN_CLOSED otherwise).
      const context = await requireCampaignTest(request, repos, campaignId, testId, 'rate');
      requireAssessor(context);
      return rateItem({ ...repos, withTransaction: app.withTransaction }, context, userId, itemId, request.body.points);
    },
  );
}
