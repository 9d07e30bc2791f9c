import type { Db } from '../db/database';
import { normColumns, readOutcomes, reportSettingsOf, storedText } from './json-column-readers';

/** What a report is made of, read in a handful of queries: the person's results and the 360 answers about them. */
export function createReportsRepository(db: Db) {
  return {
    /** Which company a campaign is of, and its report settings (as a reader of its documents needs them). */
    async findCampaign(campaignId: number) {
      const row = await db.selectFrom('campaigns').select(['id', 'company_id', 'report']).where('id', '=', campaignId).executeTakeFirst();
      return row && { ...row, report: reportSettingsOf(row.report) };
    },

    /** The campaign's tests with what the report needs of them, and the person's status in each. */
    listTestResults: (campaignId: number, userId: number) =>
      db
        .selectFrom('campaign_tests')
        .innerJoin('tests', 'tests.id', 'campaign_tests.test_id')
        .leftJoin('test_progress', (join) =>
          join
            .onRef('test_progress.campaign_id', '=', 'campaign_tests.campaign_id')
            .onRef('test_progress.test_id', '=', 'campaign_tests.test_id')
            .on('test_progress.user_id', '=', userId),
        )
        .select(['tests.id', 'tests.abbreviation', 'tests.name', 'tests.algorithm', 'tests.package_kind', 'test_progress.status'])
        .where('campaign_tests.campaign_id', '=', campaignId)
        .execute()
        .then((rows) => rows.map((row) => ({ ...row, name: storedText(row.name) }))),

    /** Assessor tests in which somebody assesses this person: their values are the assessors' ratings. */
    async listAssessedTests(campaignId: number, userId: number): Promise<Set<number>> {
      const rows = await db
        .selectFrom('assessments')
        .innerJoin('tests', 'tests.id', 'assessments.test_id')
        .select('assessments.test_id')
        .distinct()
        .where('assessments.campaign_id', '=', campaignId)
        .where('assessments.assessed_id', '=', userId)
        // A QTI package test's assessors rate items of it: its values stay the server's scoring.
        .where((eb) => eb.or([eb('tests.package_kind', 'is', null), eb('tests.package_kind', '!=', 'qti')]))
        .execute();
      return new Set(rows.map((r) => r.test_id));
    },

    /** The norms the campaign's reports read against (campaign_norms), in the order they were made. */
    listCampaignNorms: async (campaignId: number) =>
      (
        await db
          .selectFrom('campaign_norms')
          .innerJoin('norms', 'norms.id', 'campaign_norms.norm_id')
          .select(['norms.id', 'norms.name', 'norms.test_id', 'norms.outcome', 'norms.mean', 'norms.sd', 'norms.norm_table', 'norms.n'])
          .where('campaign_norms.campaign_id', '=', campaignId)
          .orderBy('norms.id')
          .execute()
      ).map((norm) => ({ ...normColumns(norm), name: storedText(norm.name) })),

    /** Every outcome recorded for the person in the campaign, by source (one row per assessor). */
    async listOutcomes(campaignId: number, userId: number) {
      const rows = await db
        .selectFrom('outcomes')
        .select(['test_id', 'source', 'assessor_id', 'outcomes'])
        .where('campaign_id', '=', campaignId)
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        testId: r.test_id,
        source: r.source,
        assessorId: r.assessor_id,
        outcomes: readOutcomes(r.outcomes),
      }));
    },

    /** The raters of a person in a 360 campaign, with their relation. */
    listRaters: (campaignId: number, evalueeId: number) =>
      db
        .selectFrom('relations360')
        .select(['evaluator_id', 'relation_id', 'label'])
        .where('campaign_id', '=', campaignId)
        .where('evaluee_id', '=', evalueeId)
        .execute()
        .then((rows) => rows.map((r) => ({ ...r, label: storedText(r.label) }))),

    /** Every 360 answer about a person. */
    listAnswers360: (campaignId: number, evalueeId: number) =>
      db
        .selectFrom('answers360')
        .select(['evaluator_id', 'question_id', 'answer_id', 'value', 'text_value'])
        .where('campaign_id', '=', campaignId)
        .where('evaluee_id', '=', evalueeId)
        .execute(),
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
export type CampaignRow = NonNullable<Awaited<ReturnType<ReportsRepository['findCampaign']>>>;
export type TestResultRow = Awaited<ReturnType<ReportsRepository['listTestResults']>>[number];
export type OutcomeRecord = Awaited<ReturnType<ReportsRepository['listOutcomes']>>[number];
export type CampaignNormRow = Awaited<ReturnType<ReportsRepository['listCampaignNorms']>>[number];
export type RaterRow = Awaited<ReturnType<ReportsRepository['listRaters']>>[number];
export type Answer360Row = Awaited<ReturnType<ReportsRepository['listAnswers360']>>[number];
