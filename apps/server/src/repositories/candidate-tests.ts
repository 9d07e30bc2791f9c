import type { ExpressionBuilder } from 'kysely';
import { TEST_360_ID } from '@prova/contract/limits';
import type { Database } from '../db/schema';

// The SQL of domain/candidate-tests.ts, as conditions on a `campaign_tests` row in any query that joins it.

type CampaignTestsEb = ExpressionBuilder<Database, 'campaign_tests'>;

/**
 * An assessor test: the campaign's assessments list it (assessors fill it in about candidates), and it is not a QTI
 * package test, which stays the candidates' own: its assessors rate the items it leaves to them (domain/candidate-tests.ts).
 */
export const isAssessorTest = (eb: CampaignTestsEb) =>
  eb.and([
    eb.exists(
      eb
        .selectFrom('assessments')
        .select('assessments.test_id')
        .whereRef('assessments.campaign_id', '=', 'campaign_tests.campaign_id')
        .whereRef('assessments.test_id', '=', 'campaign_tests.test_id'),
    ),
    eb.not(
      eb.exists(
        eb
          .selectFrom('tests as qti_test')
          .select('qti_test.id')
          .whereRef('qti_test.id', '=', 'campaign_tests.test_id')
          .where('qti_test.package_kind', '=', 'qti'),
      ),
    ),
  ]);

/** A candidate's own test (domain/candidate-tests.ts, isCandidatesOwnTest): not an assessor test, not the 360. */
export const isCandidatesOwnTest = (eb: CampaignTestsEb) =>
  eb.and([eb('campaign_tests.test_id', '!=', TEST_360_ID), eb.not(isAssessorTest(eb))]);
