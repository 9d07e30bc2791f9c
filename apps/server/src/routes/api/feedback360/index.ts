import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@prova/contract/errors';
import {
  evaluationParamsSchema,
  evaluationResponseSchema,
  evaluationSaveSchema,
  type EvaluationState,
  missingAnswers,
  questionsResponseSchema,
  relationsParamsSchema,
  relationsResponseSchema,
} from '@prova/contract/feedback360';
import { genderOf } from '@prova/contract/gendered-text';
import { TEST_360_ID } from '@prova/contract/limits';
import { invalidBody } from '../../../http/http-error';
import type { Participation } from '../../../repositories/campaigns-repository';
import type { RelationRow } from '../../../repositories/feedback360-repository';
import { requireEvaluator, requireFeedbackCampaign } from '../../../policies/evaluation-access';
import {
  answerProblems,
  answersToRows,
  presentLabels,
  presentRelation,
  questionnaireFor,
  rowsToAnswers,
} from '../../../services/feedback360/questionnaire';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };

/** The 360 calls: whom the caller evaluates, the questionnaire about one of them, and that evaluation's answers. */
export default async function feedback360Routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { repos } = app;
  // The questions are the campaign's, read once for all its people (the access cache).
  const questionnaireOf = async (participation: Participation, relation: RelationRow, lang: string) => {
    const { questions360, scale360 } = await repos.campaigns.contentOf(participation.id);
    const content = { questions360, scale360, range360_num: participation.range360_num };
    return questionnaireFor(content, relation.relation_id, lang, genderOf(relation.gender));
  };

  app.get(
    '/usercampaign/:campaignId/userrelation',
    { schema: { tags: ['360'], params: relationsParamsSchema, response: { 200: relationsResponseSchema, ...errors } } },
    async (request) => {
      const { campaignId } = request.params;
      const { user, lang } = await requireFeedbackCampaign(request, campaignId);
      const [rows, test] = await Promise.all([
        repos.feedback360.listForEvaluator(campaignId, user.id),
        repos.tests.findInCampaign(campaignId, TEST_360_ID),
      ]);
      return {
        status: true as const,
        result: rows.map((row) => presentRelation(row, lang)),
        labels: presentLabels(test?.labels360 ?? null, lang, genderOf(user.gender)),
      };
    },
  );

  app.get(
    '/usercampaign/:campaignId/questions/:evaluee',
    { schema: { tags: ['360'], params: evaluationParamsSchema, response: { 200: questionsResponseSchema, ...errors } } },
    async (request) => {
      const { campaignId, evaluee } = request.params;
      const { participation, relation, lang } = await requireEvaluator(request, campaignId, evaluee);
      return {
        status: true as const,
        evaluee: presentRelation(relation, lang),
        ...(await questionnaireOf(participation, relation, lang)),
      };
    },
  );

  app.get(
    '/tests/360/data/:campaignId/:evaluee',
    { schema: { tags: ['360'], params: evaluationParamsSchema, response: { 200: evaluationResponseSchema, ...errors } } },
    async (request) => {
      const { campaignId, evaluee } = request.params;
      const { participation, relation, lang, user } = await requireEvaluator(request, campaignId, evaluee);
      const rows = await repos.feedback360.listAnswers({ campaignId, evaluatorId: user.id, evalueeId: evaluee });
      const answers = rowsToAnswers(rows, await questionnaireOf(participation, relation, lang));
      return {
        status: true as const,
        data: { version: relation.version ?? 0, status: (relation.status ?? 'n') as EvaluationState, answers },
      };
    },
  );

  app.post(
    '/tests/360/data/:campaignId/:evaluee',
    {
      schema: {
        tags: ['360'],
        params: evaluationParamsSchema,
        body: evaluationSaveSchema,
        response: { 200: evaluationResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { campaignId, evaluee } = request.params;
      // A finished campaign's answers are final: its report is read from them.
      const { participation, relation, lang, user } = await requireEvaluator(request, campaignId, evaluee, 'write');
      const { version, data, finished } = request.body;
      const questionnaire = await questionnaireOf(participation, relation, lang);
      const problems = answerProblems(questionnaire, data);
      if (problems.length) throw invalidBody(problems);
      const missing = missingAnswers(questionnaire, data);
      if (finished && missing.length) {
        throw invalidBody(missing.map((path) => ({ path, message: 'an answer is needed to finish' })));
      }
      // Once finished, an evaluation stays done while it is being changed ('Modifica'), as long as nothing is left empty.
      const status = (finished || relation.status === 'y') && missing.length === 0 ? 'y' : 'p';
      const key = { campaignId, evaluatorId: user.id, evalueeId: evaluee };
      const held = await repos.feedback360.save(key, version, status, answersToRows(data));
      if (held.saved && held.status === 'y') await completeWhenAllDone(campaignId, user.id);
      const rows = await repos.feedback360.listAnswers(key);
      return {
        status: true as const,
        data: { version: held.version, status: held.status as EvaluationState, answers: rowsToAnswers(rows, questionnaire) },
      };
    },
  );

  /**
   * The 360 test is complete for an evaluator once every evaluation of theirs is done; its becoming so is a test
   * completed like any other (webhooks), told once.
   */
  async function completeWhenAllDone(campaignId: number, evaluatorId: number) {
    const all = await repos.feedback360.listForEvaluator(campaignId, evaluatorId);
    if (all.length === 0 || all.some((row) => row.status !== 'y')) return;
    if (!(await repos.tests.findInCampaign(campaignId, TEST_360_ID))) return;
    const key = { campaignId, testId: TEST_360_ID, userId: evaluatorId };
    if (await repos.progress.markComplete(key, false)) fastify.events.testCompleted(key);
  }
}
