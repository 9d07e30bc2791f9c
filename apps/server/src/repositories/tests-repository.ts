import { bundleCampaignTestSchema, type LocalizedText, testJsonDataSchema } from '@prova/contract/bundle';
import { managedTestSchema } from '@prova/contract/staff-tests';
import type { z } from 'zod/mini';
import { compiledOnce } from '../db/compiled-once';
import type { Db } from '../db/database';
import { derivedFromJson } from '../db/json-column';
import { readColumn, storedText } from './json-column-readers';
import { ownOrSharedTestIds } from './staff/test-use';
import { isAssessorTest } from './candidate-tests';
import { isServerScored } from './test-scoring';

/** A test's settings as stored (the bundle's jsonData); read-only: one value is shared by every row of the same text. */
export type TestSettings = Readonly<z.output<typeof testJsonDataSchema>>;
type TextColumn = 'name' | 'description' | 'instructions';
type JsonColumn = 'json_data' | 'theme' | 'labels360' | 'campaign_prerequisites';

const { theme: themeSchema, labels360: labels360Schema } = managedTestSchema.shape;
// A campaign's tests are read on every save (through the access cache, for seconds at a time) and by every candidate of
// the campaign alike: each distinct text is parsed once, and its value shared (never changed by callers).
const settingsOf = derivedFromJson((text): TestSettings => readColumn(testJsonDataSchema, text, {}));
const themeOf = derivedFromJson((text) => readColumn(themeSchema, text, null));
const labels360Of = derivedFromJson((text) => readColumn(labels360Schema, text, null));
const campaignPrerequisitesOf = derivedFromJson((text): readonly number[] =>
  readColumn(bundleCampaignTestSchema.shape.prerequisites, text, []),
);

/** A campaign's test with its texts, settings, theme, 360 labels and the campaign's prerequisites parsed. */
function campaignTestOf<
  R extends Record<TextColumn | 'json_data' | 'campaign_prerequisites', string> & Record<'theme' | 'labels360', string | null>,
>(
  row: R,
): Omit<R, TextColumn | JsonColumn> &
  Record<TextColumn, LocalizedText> & {
    json_data: TestSettings;
    theme: z.output<typeof themeSchema>;
    labels360: z.output<typeof labels360Schema>;
    campaign_prerequisites: readonly number[];
  } {
  return {
    ...row,
    name: storedText(row.name),
    description: storedText(row.description),
    instructions: storedText(row.instructions),
    json_data: settingsOf(row.json_data),
    theme: row.theme === null ? null : themeOf(row.theme),
    labels360: row.labels360 === null ? null : labels360Of(row.labels360),
    campaign_prerequisites: campaignPrerequisitesOf(row.campaign_prerequisites),
  };
}

/** Tests as they appear in campaigns, and who assesses whom in them. */
export function createTestsRepository(db: Db) {
  const campaignTests = () =>
    db
      .selectFrom('campaign_tests')
      .innerJoin('tests', 'tests.id', 'campaign_tests.test_id')
      .select([
        'tests.id',
        'tests.abbreviation',
        'tests.name',
        'tests.description',
        'tests.instructions',
        'tests.url',
        'tests.img',
        'tests.label',
        'tests.repeatable',
        'tests.legacy',
        'tests.json_data',
        'tests.theme',
        'tests.labels360',
        'tests.package_kind',
        'campaign_tests.campaign_id',
        'campaign_tests.position',
        'campaign_tests.prerequisites as campaign_prerequisites',
        'campaign_tests.agenda_date',
        'campaign_tests.section',
      ])
      // Whether the server scores it (a script or a QTI package), without loading the script on every list.
      .select((eb) => eb.case().when(isServerScored(eb)).then(1).else(0).end().as('server_scored'))
      // An assessor test: assessors fill it in about candidates (it is in the campaign's assessments).
      .select((eb) => eb.case().when(isAssessorTest(eb)).then(1).else(0).end().as('assessor_test'));
  // What the access cache reads for a test of a campaign (db/compiled-once.ts).
  const inCampaign = compiledOnce((campaignId: number, testId: number) =>
    campaignTests().where('campaign_tests.campaign_id', '=', campaignId).where('campaign_tests.test_id', '=', testId),
  );

  return {
    /** The campaign's tests in campaign order. */
    listForCampaign: (campaignId: number) =>
      campaignTests()
        .where('campaign_tests.campaign_id', '=', campaignId)
        .orderBy('campaign_tests.position')
        .orderBy('tests.id')
        .execute()
        .then((rows) => rows.map(campaignTestOf)),

    /** One test, only if it belongs to the campaign. */
    findInCampaign: async (campaignId: number, testId: number) => {
      const row = (await db.executeQuery(inCampaign(campaignId, testId))).rows[0];
      return row && campaignTestOf(row);
    },

    /** What the server scores a test with: its script, or its QTI package (by hash: its model is qtiScoringModel's); null: nothing. */
    async findScoring(testId: number): Promise<{ algorithm: string } | { qtiPackage: string } | null> {
      const row = await db
        .selectFrom('tests')
        .select(['tests.algorithm', 'tests.package_hash', 'tests.package_kind'])
        .where('tests.id', '=', testId)
        .executeTakeFirst();
      if (row?.algorithm) return { algorithm: row.algorithm };
      if (row?.package_hash && row.package_kind === 'qti') return { qtiPackage: row.package_hash };
      return null;
    },

    /** A QTI package's stored scoring model (JSON), compiled at import. */
    async qtiScoringModel(hash: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('content_packages')
        .select('scoring')
        .where('hash', '=', hash)
        .where('kind', '=', 'qti')
        .executeTakeFirst();
      return row?.scoring ?? undefined;
    },

    /** The scoring script of a test the company owns or that is shared with it (for its staff), never one a campaign only lists. */
    async findAlgorithmForCompany(abbreviation: string, companyId: number): Promise<string | null> {
      const row = await db
        .selectFrom('tests')
        .select('tests.algorithm')
        .where('tests.abbreviation', '=', abbreviation)
        .where('tests.id', 'in', ownOrSharedTestIds(db, companyId))
        .where('tests.algorithm', 'is not', null)
        .executeTakeFirst();
      return row?.algorithm ?? null;
    },

    /** The assessor evaluates somebody in this test of this campaign. */
    async assessesInTest(campaignId: number, assessorId: number, testId: number): Promise<boolean> {
      const row = await db
        .selectFrom('assessments')
        .select('assessed_id')
        .where('campaign_id', '=', campaignId)
        .where('assessor_id', '=', assessorId)
        .where('test_id', '=', testId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Whether the assessor evaluates this person in the campaign: in the given test, or (without one) in any. */
    async isAssigned(campaignId: number, assessorId: number, assessedId: number, testId?: number): Promise<boolean> {
      let query = db
        .selectFrom('assessments')
        .select('assessed_id')
        .where('campaign_id', '=', campaignId)
        .where('assessor_id', '=', assessorId)
        .where('assessed_id', '=', assessedId);
      if (testId !== undefined) query = query.where('test_id', '=', testId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    /** Everyone an assessor evaluates in a campaign, by assessor test (tests of the campaign only), in test then name order. */
    listAssignments: (campaignId: number, assessorId: number) =>
      db
        .selectFrom('assessments')
        .innerJoin('campaign_tests', (join) =>
          join
            .onRef('campaign_tests.campaign_id', '=', 'assessments.campaign_id')
            .onRef('campaign_tests.test_id', '=', 'assessments.test_id'),
        )
        .innerJoin('tests', 'tests.id', 'assessments.test_id')
        .innerJoin('users', 'users.id', 'assessments.assessed_id')
        .select([
          'tests.id as test_id',
          'tests.name',
          'tests.abbreviation',
          'tests.description',
          'tests.json_data',
          'users.id as user_id',
          'users.first_name',
          'users.last_name',
        ])
        .where('assessments.campaign_id', '=', campaignId)
        .where('assessments.assessor_id', '=', assessorId)
        // A QTI package test is the candidates' own: its assessors rate its items elsewhere (item-ratings.ts).
        .where((eb) => eb.or([eb('tests.package_kind', 'is', null), eb('tests.package_kind', '!=', 'qti')]))
        .orderBy('campaign_tests.position')
        .orderBy('tests.id')
        .orderBy('users.last_name')
        .orderBy('users.first_name')
        .orderBy('users.id')
        .execute()
        .then((rows) =>
          rows.map((row) => ({
            ...row,
            name: storedText(row.name),
            description: storedText(row.description),
            json_data: settingsOf(row.json_data),
          })),
        ),

    /** Everyone an assessor rates items of in a campaign's QTI package tests, with the status of their attempt. */
    listRatingAssignments: (campaignId: number, assessorId: number) =>
      db
        .selectFrom('assessments')
        .innerJoin('campaign_tests', (join) =>
          join
            .onRef('campaign_tests.campaign_id', '=', 'assessments.campaign_id')
            .onRef('campaign_tests.test_id', '=', 'assessments.test_id'),
        )
        .innerJoin('tests', 'tests.id', 'assessments.test_id')
        .innerJoin('users', 'users.id', 'assessments.assessed_id')
        .leftJoin('test_progress', (join) =>
          join
            .onRef('test_progress.campaign_id', '=', 'assessments.campaign_id')
            .onRef('test_progress.test_id', '=', 'assessments.test_id')
            .onRef('test_progress.user_id', '=', 'assessments.assessed_id'),
        )
        .select(['tests.id as test_id', 'tests.name', 'users.id as user_id', 'users.first_name', 'users.last_name', 'test_progress.status'])
        .where('assessments.campaign_id', '=', campaignId)
        .where('assessments.assessor_id', '=', assessorId)
        .where('tests.package_kind', '=', 'qti')
        .orderBy('campaign_tests.position')
        .orderBy('tests.id')
        .orderBy('users.last_name')
        .orderBy('users.first_name')
        .orderBy('users.id')
        .execute()
        .then((rows) => rows.map((row) => ({ ...row, name: storedText(row.name) }))),

    /** The people an assessor evaluates in one test of one campaign. */
    listAssessed: (campaignId: number, assessorId: number, testId: number) =>
      db
        .selectFrom('assessments')
        .innerJoin('users', 'users.id', 'assessments.assessed_id')
        .select(['users.id', 'users.first_name', 'users.last_name'])
        .where('assessments.campaign_id', '=', campaignId)
        .where('assessments.assessor_id', '=', assessorId)
        .where('assessments.test_id', '=', testId)
        .orderBy('users.last_name')
        .orderBy('users.first_name')
        .orderBy('users.id')
        .execute(),
  };
}
export type TestsRepository = ReturnType<typeof createTestsRepository>;
export type CampaignTestRow = NonNullable<Awaited<ReturnType<TestsRepository['findInCampaign']>>>;
