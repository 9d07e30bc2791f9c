import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { statusOk } from '@prova/contract/common';
import { apiErrorSchema } from '@prova/contract/errors';
import {
  ALGORITHM_NOT_FOUND_MESSAGE,
  algorithmParamsSchema,
  assessedOutcomesResponseSchema,
  campaignParamsSchema,
  checkSyncRequestSchema,
  checkSyncResponseSchema,
  dataWriteRequestSchema,
  outcomesRequestSchema,
  progressDataResponseSchema,
  progressWriteResponseSchema,
  startTestRequestSchema,
  statusWriteRequestSchema,
  syncStateQuerySchema,
  syncStateResponseSchema,
  syncWriteRequestSchema,
  testCampaignParamsSchema,
  testLockedErrorSchema,
  testSyncParamsSchema,
} from '@prova/contract/tests';
import { effectiveStatus } from '../../../domain/test-clock';
import { HttpError } from '../../../http/http-error';
import { requireStaff } from '../../../policies/staff-access';
import {
  type CampaignUse,
  requireAssessor,
  requireCampaignTest,
  requireParticipation,
  requireSubject,
  requireTestRole,
} from '../../../policies/test-access';
import { createTestDelivery, type ProgressChange, storedData } from '../../../services/test-delivery';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema };
/** A start refused by the test's rules (TEST_LOCKED), or any other 422. */
const lockedOrError = z.union([testLockedErrorSchema, apiErrorSchema]);

export default async function testsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repos = fastify.repos;
  const delivery = createTestDelivery(repos, fastify.scoring, fastify.events);

  /** Who may open the test: its own person, in a test of their role, under the start rules; `write`: while the campaign is open. */
  const openContext = async (request: FastifyRequest, p: { testId: number; campaignId: number; userId: number }, use: CampaignUse) => {
    const context = await requireCampaignTest(request, repos, p.campaignId, p.testId, use);
    await requireSubject(context, repos, p.userId);
    await requireTestRole(context, repos);
    return context;
  };

  // What tracking starts from; reads only (the opening itself is the POST below).
  app.get(
    '/:testId/sync/:campaignId/:userId',
    {
      schema: {
        tags: ['tests'],
        params: testSyncParamsSchema,
        querystring: syncStateQuerySchema,
        response: { 200: syncStateResponseSchema, ...errors, 422: lockedOrError },
      },
    },
    async (request) => delivery.read(await openContext(request, request.params, 'read'), request.query.windowId),
  );

  // The test is opened: a timed test's clock starts now (once: reloads keep it), a finished
  // repeatable test starts a new attempt, and the window it is opened in holds it. Answers what the activity starts
  // from. An assessor opening a grid whose ratings are locked (the campaign over, its assessments not reopened) reads
  // it instead, writing nothing: the grid opens read-only (testData.ratingsLocked) rather than failing.
  app.post(
    '/:testId/start/:campaignId/:userId',
    {
      schema: {
        tags: ['tests'],
        params: testSyncParamsSchema,
        body: startTestRequestSchema,
        response: { 200: syncStateResponseSchema, ...errors, 409: apiErrorSchema, 422: lockedOrError },
      },
    },
    async (request) => {
      try {
        return await delivery.start(await openContext(request, request.params, 'write'), request.body?.windowId);
      } catch (refused) {
        if (!(refused instanceof HttpError) || refused.code !== 'CAMPAIGN_CLOSED') throw refused;
        const context = await openContext(request, request.params, 'read').catch(() => Promise.reject(refused));
        if (context.test.assessor_test !== 1) throw refused;
        return delivery.read(context);
      }
    },
  );

  // The three versioned writes (services/test-delivery.ts). Not async themselves: every save passes here.
  type Target = { testId: number; campaignId: number; userId: number };
  const write = async (request: FastifyRequest, target: Target, change: ProgressChange) =>
    delivery.write(await openContext(request, target, 'write'), change);
  const writeResponse = { 200: progressWriteResponseSchema, ...errors, 409: apiErrorSchema, 413: apiErrorSchema };
  const params = testSyncParamsSchema;

  app.post(
    '/:testId/sync/:campaignId/:userId',
    { schema: { tags: ['tests'], params, body: syncWriteRequestSchema, response: writeResponse } },
    (request) => {
      const { version, status, data, windowId } = request.body;
      return write(request, request.params, { version, status, data: storedData(data), windowId });
    },
  );
  app.post(
    '/:testId/status/:campaignId/:userId',
    { schema: { tags: ['tests'], params, body: statusWriteRequestSchema, response: writeResponse } },
    (request) => {
      const { version, status, windowId } = request.body;
      return write(request, request.params, { version, status, windowId });
    },
  );
  app.post(
    '/:testId/data/:campaignId/:userId',
    { schema: { tags: ['tests'], params, body: dataWriteRequestSchema, response: writeResponse } },
    (request) => {
      const { version, data, windowId } = request.body;
      return write(request, request.params, { version, data: storedData(data), windowId });
    },
  );

  // Which tests the client holds newer versions of than the server.
  app.post(
    '/checkSync/:campaignId',
    {
      schema: {
        tags: ['tests'],
        params: campaignParamsSchema,
        body: checkSyncRequestSchema,
        response: { 200: checkSyncResponseSchema, ...errors },
      },
    },
    async (request) => {
      const context = await requireParticipation(request, request.params.campaignId);
      return { status: true as const, needPushing: await delivery.needPushing(context, request.body.tests) };
    },
  );

  // A person's saved progress: the caller's own, or an assigned person's for their assessor.
  app.get(
    '/:testId/data/:campaignId/:userId',
    { schema: { tags: ['tests'], params: testSyncParamsSchema, response: { 200: progressDataResponseSchema, ...errors } } },
    async (request) => {
      const { testId, campaignId, userId } = request.params;
      const context = await requireCampaignTest(request, repos, campaignId, testId);
      // An assessor test's progress is its assessors' (their ratings), never read by the person it is about.
      await requireTestRole(context, repos);
      await requireSubject(context, repos, userId, { assessed: true });
      const row = await repos.progress.find(campaignId, testId, userId);
      return {
        status: true as const,
        data: { version: row?.version ?? 0, status: effectiveStatus(row), data: row?.data ?? null },
      };
    },
  );

  // Assessor: what they recorded about each person assigned to them in this test.
  app.get(
    '/:testId/assessedOutcomes/:campaignId',
    { schema: { tags: ['tests'], params: testCampaignParamsSchema, response: { 200: assessedOutcomesResponseSchema, ...errors } } },
    async (request) => {
      const { testId, campaignId } = request.params;
      const context = await requireCampaignTest(request, repos, campaignId, testId);
      requireAssessor(context);
      const [assessed, recorded] = await Promise.all([
        repos.tests.listAssessed(campaignId, context.user.id, testId),
        repos.outcomes.listByAssessor(campaignId, testId, context.user.id),
      ]);
      return { status: true as const, list: assessed.map((p) => ({ userId: p.id, outcomes: recorded.get(p.id) ?? [] })) };
    },
  );

  // Assessor: records outcomes about a person assigned to them.
  app.post(
    '/:testId/assessedOutcomes/:campaignId/:userId',
    {
      schema: {
        tags: ['tests'],
        params: testSyncParamsSchema,
        body: outcomesRequestSchema,
        response: { 200: statusOk, ...errors, 409: apiErrorSchema, 413: apiErrorSchema },
      },
    },
    async (request) => {
      const { testId, campaignId, userId } = request.params;
      // A rating or a note: locked once the campaign is over, unless staff reopened its assessments (409 CAMPAIGN_CLOSED).
      const context = await requireCampaignTest(request, repos, campaignId, testId, 'rate');
      requireAssessor(context);
      if (userId === context.user.id) throw new HttpError(403, 'FORBIDDEN', 'Not allowed for this user');
      await requireSubject(context, repos, userId, { assessed: true });
      await repos.outcomes.merge({ campaignId, testId, userId, source: 'assessor', assessorId: context.user.id }, request.body.values);
      return { status: true as const };
    },
  );

  // The scoring script is the answer key: scoring is the server's, so only staff may read it.
  app.get('/:abbreviation/algorithm.js', { schema: { tags: ['tests'], params: algorithmParamsSchema } }, async (request, reply) => {
    const { companyId } = await requireStaff(request);
    const algorithm = await repos.tests.findAlgorithmForCompany(request.params.abbreviation, companyId);
    if (!algorithm) throw new HttpError(404, 'NOT_FOUND', ALGORITHM_NOT_FOUND_MESSAGE);
    return reply.type('application/javascript; charset=utf-8').header('cache-control', 'private, no-cache').send(algorithm);
  });
}
