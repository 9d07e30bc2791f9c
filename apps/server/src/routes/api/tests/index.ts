import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
  PROGRESS_DATA_MAX_CHARS,
  progressDataResponseSchema,
  progressWriteResponseSchema,
  statusWriteRequestSchema,
  syncStateResponseSchema,
  syncWriteRequestSchema,
  testCampaignParamsSchema,
  testLockedErrorSchema,
  testSyncParamsSchema,
  type TestStatus,
} from '@prova/contract/tests';
import { HttpError } from '../../../http/http-error';
import { requireAuth } from '../../../plugins/session';
import { callerIsAssessor, requireAssessor, requireCampaignTest, requireParticipation, requireSubject } from '../../../policies/test-access';
import { prerequisitesOf } from '../../../policies/test-start';
import { parseJson } from '../../../presenters/localize';
import type { ProgressWrite } from '../../../repositories/progress-repository';
import { testDeliveryRepos } from '../../../repositories/test-delivery';
import { scoreProgress } from '../../../services/scoring/score-progress';
import { checkUserStart, sendTestLocked } from '../../../services/user-tests';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema };
const asStatus = (s: string | undefined): TestStatus => (s === 'complete' || s === 'incomplete' ? s : 'not attempted');

/** Progress data is kept as text: a string as sent, any other JSON value as its JSON text. */
function storedData(data: unknown): string {
  const text = typeof data === 'string' ? data : JSON.stringify(data);
  if (text.length > PROGRESS_DATA_MAX_CHARS) {
    throw new HttpError(413, 'VALIDATION', `data: longer than ${PROGRESS_DATA_MAX_CHARS} characters`, [{ path: 'body.data', message: 'too long' }]);
  }
  return text;
}

export default async function testsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repos = testDeliveryRepos(fastify);
  const scoringDeps = (request: FastifyRequest) => ({ ...repos, log: request.log });

  // Tracking starts: the saved progress, the test's options, its status. Enforces the start rules.
  app.get(
    '/:testId/sync/:campaignId/:userId',
    { schema: { tags: ['tests'], params: testSyncParamsSchema, response: { 200: syncStateResponseSchema, ...errors, 422: testLockedErrorSchema.or(apiErrorSchema) } } },
    async (request, reply) => {
      const { testId, campaignId, userId } = request.params;
      const context = await requireCampaignTest(request, repos, campaignId, testId);
      await requireSubject(context, repos, userId);
      const check = await checkUserStart(repos, context);
      if (!check.canStart) return sendTestLocked(reply, check);
      const row = await repos.progress.start(campaignId, testId, userId);
      const options = parseJson<{ options?: unknown }>(context.test.json_data, {}).options ?? {};
      return {
        status: true as const,
        data: { version: row.version, data: row.data },
        testData: JSON.stringify(options),
        testStatus: asStatus(row.status),
      };
    },
  );

  // The three versioned writes. The answer always says what the server holds.
  type Target = { testId: number; campaignId: number; userId: number };
  const write = async (request: FastifyRequest, { testId, campaignId, userId }: Target, body: Omit<ProgressWrite, keyof Target>) => {
    const context = await requireCampaignTest(request, repos, campaignId, testId);
    await requireSubject(context, repos, userId);
    // Prerequisites lock writes too; a complete test still takes late saves (the queue sends by version).
    // The hot path reads progress for this only when the test has prerequisites.
    if (prerequisitesOf(context.test).length > 0 && !callerIsAssessor(context)) {
      const { missingPrerequisites } = await checkUserStart(repos, context);
      if (missingPrerequisites.length > 0) {
        throw new HttpError(422, 'TEST_LOCKED', `Test locked: complete tests ${missingPrerequisites.join(', ')} first`);
      }
    }
    const [state] = await repos.progress.saveProgress([{ campaignId, testId, userId, ...body }]);
    if (state.completeNow && context.test.has_algorithm === 1) await scoreProgress(scoringDeps(request), campaignId, testId, userId);
    return { status: true as const, version: state.version, stored: state.stored, testStatus: asStatus(state.status) };
  };
  const writeResponse = { 200: progressWriteResponseSchema, ...errors, 413: apiErrorSchema };
  const params = testSyncParamsSchema;

  app.post('/:testId/sync/:campaignId/:userId', { schema: { tags: ['tests'], params, body: syncWriteRequestSchema, response: writeResponse } }, async (request) => {
    const { version, status, data } = request.body;
    return write(request, request.params, { version, status, data: storedData(data) });
  });
  app.post('/:testId/status/:campaignId/:userId', { schema: { tags: ['tests'], params, body: statusWriteRequestSchema, response: writeResponse } }, async (request) => {
    const { version, status } = request.body;
    return write(request, request.params, { version, status });
  });
  app.post('/:testId/data/:campaignId/:userId', { schema: { tags: ['tests'], params, body: dataWriteRequestSchema, response: writeResponse } }, async (request) => {
    const { version, data } = request.body;
    return write(request, request.params, { version, data: storedData(data) });
  });

  // Which tests the client holds newer versions of than the server.
  app.post(
    '/checkSync/:campaignId',
    { schema: { tags: ['tests'], params: campaignParamsSchema, body: checkSyncRequestSchema, response: { 200: checkSyncResponseSchema, ...errors } } },
    async (request) => {
      const { participation, user } = await requireParticipation(request, request.params.campaignId);
      const [inCampaign, progress] = await Promise.all([
        repos.tests.listForCampaign(participation.id),
        repos.progress.listForUser(participation.id, user.id),
      ]);
      const known = new Set(inCampaign.map((t) => t.id));
      const held = new Map(progress.map((p) => [p.test_id, p.version]));
      const needPushing = request.body.tests
        .filter((t) => known.has(t.testId) && t.version > (held.get(t.testId) ?? 0))
        .map((t) => t.testId);
      return { status: true as const, needPushing: [...new Set(needPushing)] };
    },
  );

  // A person's saved progress: the caller's own, or an assigned person's for their assessor.
  app.get(
    '/:testId/data/:campaignId/:userId',
    { schema: { tags: ['tests'], params: testSyncParamsSchema, response: { 200: progressDataResponseSchema, ...errors } } },
    async (request) => {
      const { testId, campaignId, userId } = request.params;
      const context = await requireCampaignTest(request, repos, campaignId, testId);
      await requireSubject(context, repos, userId, { assessed: true });
      const row = await repos.progress.find(campaignId, testId, userId);
      return {
        status: true as const,
        data: { version: row?.version ?? 0, status: asStatus(row?.status), data: row?.data ?? null },
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
    { schema: { tags: ['tests'], params: testSyncParamsSchema, body: outcomesRequestSchema, response: { 200: statusOk, ...errors } } },
    async (request) => {
      const { testId, campaignId, userId } = request.params;
      const context = await requireCampaignTest(request, repos, campaignId, testId);
      requireAssessor(context);
      if (userId === context.user.id) throw new HttpError(403, 'FORBIDDEN', 'Not allowed for this user');
      await requireSubject(context, repos, userId, { assessed: true });
      await repos.outcomes.merge({ campaignId, testId, userId, source: 'assessor', assessorId: context.user.id }, request.body.values);
      return { status: true as const };
    },
  );

  // The scoring script, for a test the caller meets in one of their campaigns.
  app.get(
    '/:abbreviation/algorithm.js',
    { schema: { tags: ['tests'], params: algorithmParamsSchema } },
    async (request, reply) => {
      const { user } = await requireAuth(request);
      const algorithm = await repos.tests.findAlgorithmForUser(request.params.abbreviation, user.id);
      if (!algorithm) throw new HttpError(404, 'NOT_FOUND', ALGORITHM_NOT_FOUND_MESSAGE);
      return reply.type('application/javascript; charset=utf-8').header('cache-control', 'private, no-cache').send(algorithm);
    },
  );
}
