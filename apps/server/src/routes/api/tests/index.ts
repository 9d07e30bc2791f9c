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
  PROGRESS_DATA_MAX_CHARS,
  progressDataResponseSchema,
  progressWriteResponseSchema,
  statusWriteRequestSchema,
  syncStateResponseSchema,
  syncWriteRequestSchema,
  testCampaignParamsSchema,
  testLockedErrorSchema,
  testSyncParamsSchema,
} from '@prova/contract/tests';
import { acceptsAnswers } from '../../../domain/campaign-window';
import { asTestStatus, effectiveStatus, endsAtFor, isTimeUp, timingOf } from '../../../domain/test-clock';
import { forbidden, HttpError, testComplete } from '../../../http/http-error';
import { requireAuth } from '../../../plugins/session';
import {
  type CampaignTestContext,
  type CampaignUse,
  requireAssessor,
  requireCampaignTest,
  requireParticipation,
  requireSubject,
  requireTestRole,
} from '../../../policies/test-access';
import { contentLang } from '../../../domain/content-language';
import { isStaff } from '../../../domain/roles';
import { parseJson } from '../../../db/json-column';
import { presentTheme } from '../../../presenters/present-test';
import type { ProgressKey, ProgressWrite } from '../../../repositories/progress-repository';
import { inGroups } from '../../../services/in-groups';
import { ratingCriteria } from '../../../services/rating/rating-criteria';
import { checkUserStart, requirePrerequisites, sendTestLocked } from '../../../services/user-tests';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema };
/** A start refused by the test's rules (TEST_LOCKED), or any other 422. */
const lockedOrError = z.union([testLockedErrorSchema, apiErrorSchema]);

/**
 * The test's options as the activity gets them. An agenda test's preview (the e-mail or chat that
 * announces it, in the person's language, first name filled in) comes along as `preview`; an assessor
 * test also gets its rating criteria, from the campaign's report model (`model`, read only for those).
 */
function testDataOf(context: CampaignTestContext, model: string | null): string {
  const options = parseJson<{ options?: unknown }>(context.test.json_data, {}).options ?? {};
  if (typeof options !== 'object' || Array.isArray(options) || options === null) return JSON.stringify(options);
  const lang = contentLang(context.participation, context.user);
  const preview = presentTheme(context.test.theme, lang, context.user.first_name)?.preview;
  const criteria =
    context.test.assessor_test === 1
      ? ratingCriteria({ model, jsonData: context.test.json_data, testId: context.test.id, lang })
      : undefined;
  return JSON.stringify({ ...options, ...(preview ? { preview } : {}), ...(criteria ? { criteria } : {}) });
}

/** Progress data is kept as text: a string as sent, any other JSON value as its JSON text. */
function storedData(data: unknown): string {
  const text = typeof data === 'string' ? data : JSON.stringify(data);
  if (text.length > PROGRESS_DATA_MAX_CHARS) {
    throw new HttpError(413, 'PAYLOAD_TOO_LARGE', `data: longer than ${PROGRESS_DATA_MAX_CHARS} characters`, [
      { path: 'body.data', message: 'too long' },
    ]);
  }
  return text;
}

export default async function testsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repos = fastify.repos;
  // Concurrent saves share statements and commits; each is answered once its group is durable.
  const saves = inGroups((writes: ProgressWrite[]) => repos.progress.saveProgress(writes, new Date()));

  const keyOf = (context: CampaignTestContext): ProgressKey => ({
    campaignId: context.participation.id,
    testId: context.test.id,
    userId: context.user.id,
  });

  /** Settles this test if its time ran out (and queues its scoring); true if it did. */
  const settleIfExpired = async (key: ProgressKey, now: Date) => {
    const settled = await repos.progress.settleExpired(now, key);
    for (const k of settled) fastify.scoring.enqueue(k);
    return settled.length > 0;
  };

  type ProgressRow = Awaited<ReturnType<typeof repos.progress.find>>;
  const syncState = async (context: CampaignTestContext, row: ProgressRow, now: Date) => ({
    status: true as const,
    data: { version: row?.version ?? 0, data: row?.data ?? null },
    testData: testDataOf(
      context,
      context.test.assessor_test === 1 ? (await repos.campaigns.contentOf(context.participation.id)).model : null,
    ),
    testStatus: effectiveStatus(row, now),
    timing: timingOf(row, now),
  });

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
        response: { 200: syncStateResponseSchema, ...errors, 422: lockedOrError },
      },
    },
    async (request, reply) => {
      const context = await openContext(request, request.params, 'read');
      const check = await checkUserStart(repos, context);
      if (!check.canStart) return sendTestLocked(reply, check);
      const row = check.own ? check.own.row : await repos.progress.find(context.participation.id, context.test.id, context.user.id);
      return syncState(context, row, new Date());
    },
  );

  // The test is opened: a timed test's clock starts now (once: reloads keep it), a finished
  // repeatable test starts a new attempt. Answers what the activity starts from.
  app.post(
    '/:testId/start/:campaignId/:userId',
    {
      schema: {
        tags: ['tests'],
        params: testSyncParamsSchema,
        response: { 200: syncStateResponseSchema, ...errors, 409: apiErrorSchema, 422: lockedOrError },
      },
    },
    async (request, reply) => {
      const context = await openContext(request, request.params, 'write');
      const key = keyOf(context);
      const now = new Date();
      const check = await checkUserStart(repos, context);
      // A clock that ran out is settled (and the test scored) here if nothing did it yet; the rules above already read
      // such a row as complete. Read first, settled only then: one statement fewer on every other opening.
      if (check.clock?.status === 'incomplete' && isTimeUp(check.clock, now)) await settleIfExpired(key, now);
      if (!check.canStart) return sendTestLocked(reply, check);
      const endsAt = endsAtFor(context.test.json_data, now, context.participation.extra_time_percent);
      const row =
        check.status === 'complete' ? await repos.progress.reopen(key, endsAt, now) : await repos.progress.start(key, endsAt, now);
      // Another opening took the last attempt meanwhile.
      if (!row) return sendTestLocked(reply, { ...check, attemptsLeft: 0 });
      return syncState(context, row, now);
    },
  );

  // The three versioned writes. The answer always says what the server holds; a write into a complete
  // test, or past a timed test's end and grace, is refused with 409 and changes nothing. Their handlers
  // hand on write's promise (not async themselves: every save passes here).
  type Target = { testId: number; campaignId: number; userId: number };
  const write = async (request: FastifyRequest, target: Target, body: Pick<ProgressWrite, 'version' | 'status' | 'data'>) => {
    const context = await openContext(request, target, 'write');
    await requirePrerequisites(repos, context);
    const key = keyOf(context);
    const now = new Date();
    const scored = context.test.server_scored === 1;
    const endsAt = endsAtFor(context.test.json_data, now, context.participation.extra_time_percent);
    const { campaignId, testId, userId } = key;
    const { version, status, data } = body;
    const state = await saves.run({ campaignId, testId, userId, version, status, data, endsAt, scored, at: now });
    if (state.refused) {
      if (state.refused === 'timeUp') await settleIfExpired(key, now);
      throw testComplete(state.refused === 'timeUp');
    }
    if (state.completeNow && scored) fastify.scoring.enqueue(key);
    return { status: true as const, version: state.version, stored: state.stored, testStatus: asTestStatus(state.status) };
  };
  const writeResponse = { 200: progressWriteResponseSchema, ...errors, 409: apiErrorSchema, 413: apiErrorSchema };
  const params = testSyncParamsSchema;

  app.post(
    '/:testId/sync/:campaignId/:userId',
    { schema: { tags: ['tests'], params, body: syncWriteRequestSchema, response: writeResponse } },
    (request) => {
      const { version, status, data } = request.body;
      return write(request, request.params, { version, status, data: storedData(data) });
    },
  );
  app.post(
    '/:testId/status/:campaignId/:userId',
    { schema: { tags: ['tests'], params, body: statusWriteRequestSchema, response: writeResponse } },
    (request) => {
      const { version, status } = request.body;
      return write(request, request.params, { version, status });
    },
  );
  app.post(
    '/:testId/data/:campaignId/:userId',
    { schema: { tags: ['tests'], params, body: dataWriteRequestSchema, response: writeResponse } },
    (request) => {
      const { version, data } = request.body;
      return write(request, request.params, { version, data: storedData(data) });
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
      const { participation, user } = await requireParticipation(request, request.params.campaignId);
      // A campaign that is over takes no more saves: nothing to push, whatever a browser still holds.
      if (!acceptsAnswers(participation)) return { status: true as const, needPushing: [] };
      const [inCampaign, progress] = await Promise.all([
        repos.tests.listForCampaign(participation.id),
        repos.progress.listForUser(participation.id, user.id),
      ]);
      const known = new Set(inCampaign.map((t) => t.id));
      const held = new Map(progress.map((p) => [p.test_id, p]));
      const now = new Date();
      // A finished test takes no more saves: nothing to push, whatever a browser still holds.
      const needPushing = request.body.tests
        .filter(
          (t) =>
            known.has(t.testId) &&
            effectiveStatus(held.get(t.testId), now) !== 'complete' &&
            t.version > (held.get(t.testId)?.version ?? 0),
        )
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
      const context = await requireCampaignTest(request, repos, campaignId, testId, 'write');
      requireAssessor(context);
      if (userId === context.user.id) throw new HttpError(403, 'FORBIDDEN', 'Not allowed for this user');
      await requireSubject(context, repos, userId, { assessed: true });
      await repos.outcomes.merge({ campaignId, testId, userId, source: 'assessor', assessorId: context.user.id }, request.body.values);
      return { status: true as const };
    },
  );

  // The scoring script is the answer key: scoring is the server's, so only staff may read it.
  app.get('/:abbreviation/algorithm.js', { schema: { tags: ['tests'], params: algorithmParamsSchema } }, async (request, reply) => {
    const { user } = await requireAuth(request);
    if (!isStaff(user.role)) throw forbidden('Scoring scripts are for staff only');
    const algorithm = await repos.tests.findAlgorithmForCompany(request.params.abbreviation, user.company_id);
    if (!algorithm) throw new HttpError(404, 'NOT_FOUND', ALGORITHM_NOT_FOUND_MESSAGE);
    return reply.type('application/javascript; charset=utf-8').header('cache-control', 'private, no-cache').send(algorithm);
  });
}
