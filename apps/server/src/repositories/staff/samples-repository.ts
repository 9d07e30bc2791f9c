import type { LocalizedText } from '@prova/contract/bundle';
import type { Changes } from '../../db/change-feed';
import type { Db } from '../../db/database';
import { storedText } from '../json-column-readers';

export interface SampleFilter {
  campaignId?: number;
  testId?: number;
  assessorId?: number;
  assessedId?: number;
}

export interface SampleKey {
  campaignId: number;
  testId: number;
  assessorId: number;
  assessedId: number;
}

/** A sample's row with its test's name parsed. */
const withTestName = <R extends { test_name: string }>(row: R): Omit<R, 'test_name'> & { test_name: LocalizedText } => ({
  ...row,
  test_name: storedText(row.test_name),
});

/** Who assesses whom in which test (the assessments table), within one company's campaigns. */
export function createSamplesRepository(db: Db, changes: Changes) {
  const base = (companyId: number) =>
    db
      .selectFrom('assessments')
      .innerJoin('campaigns', 'campaigns.id', 'assessments.campaign_id')
      .innerJoin('tests', 'tests.id', 'assessments.test_id')
      .innerJoin('users as assessor', 'assessor.id', 'assessments.assessor_id')
      .innerJoin('users as assessed', 'assessed.id', 'assessments.assessed_id')
      .select([
        'assessments.id',
        'assessments.campaign_id',
        'assessments.test_id',
        'tests.name as test_name',
        'assessor.id as assessor_id',
        'assessor.first_name as assessor_first_name',
        'assessor.last_name as assessor_last_name',
        'assessor.email as assessor_email',
        'assessed.id as assessed_id',
        'assessed.first_name as assessed_first_name',
        'assessed.last_name as assessed_last_name',
        'assessed.email as assessed_email',
      ])
      // Whether the assessor has recorded ratings about the person in the test.
      .select((eb) =>
        eb
          .case()
          .when(
            eb.exists(
              eb
                .selectFrom('outcomes')
                .select('outcomes.id')
                .whereRef('outcomes.campaign_id', '=', 'assessments.campaign_id')
                .whereRef('outcomes.test_id', '=', 'assessments.test_id')
                .whereRef('outcomes.user_id', '=', 'assessments.assessed_id')
                .whereRef('outcomes.assessor_id', '=', 'assessments.assessor_id')
                .where('outcomes.source', '=', 'assessor'),
            ),
          )
          .then(1)
          .else(0)
          .end()
          .as('rated'),
      )
      .where('campaigns.company_id', '=', companyId);

  return {
    async list(companyId: number, filter: SampleFilter) {
      let query = base(companyId);
      if (filter.campaignId !== undefined) query = query.where('assessments.campaign_id', '=', filter.campaignId);
      if (filter.testId !== undefined) query = query.where('assessments.test_id', '=', filter.testId);
      if (filter.assessorId !== undefined) query = query.where('assessments.assessor_id', '=', filter.assessorId);
      if (filter.assessedId !== undefined) query = query.where('assessments.assessed_id', '=', filter.assessedId);
      const rows = await query
        .orderBy('assessments.campaign_id')
        .orderBy('assessments.test_id')
        .orderBy('assessments.id')
        .limit(5_000)
        .execute();
      return rows.map(withTestName);
    },

    async find(companyId: number, id: number) {
      const row = await base(companyId).where('assessments.id', '=', id).executeTakeFirst();
      return row && withTestName(row);
    },

    /** Whose sample `id` is, if anyone's: only to tell a probe of another company's from a miss (the audit). */
    companyOf: async (id: number) =>
      (
        await db
          .selectFrom('assessments')
          .innerJoin('campaigns', 'campaigns.id', 'assessments.campaign_id')
          .select('campaigns.company_id')
          .where('assessments.id', '=', id)
          .executeTakeFirst()
      )?.company_id,

    findByKey: (key: SampleKey) =>
      db
        .selectFrom('assessments')
        .select('id')
        .where('campaign_id', '=', key.campaignId)
        .where('test_id', '=', key.testId)
        .where('assessor_id', '=', key.assessorId)
        .where('assessed_id', '=', key.assessedId)
        .executeTakeFirst(),

    async create(key: SampleKey): Promise<number> {
      const row = await db
        .insertInto('assessments')
        .values({ campaign_id: key.campaignId, test_id: key.testId, assessor_id: key.assessorId, assessed_id: key.assessedId })
        .returning('id')
        .executeTakeFirstOrThrow();
      await changes.announce({ kind: 'all' }, db);
      return row.id;
    },

    async update(id: number, key: SampleKey): Promise<void> {
      await db
        .updateTable('assessments')
        .set({ campaign_id: key.campaignId, test_id: key.testId, assessor_id: key.assessorId, assessed_id: key.assessedId })
        .where('id', '=', id)
        .execute();
      await changes.announce({ kind: 'all' }, db);
    },

    async delete(ids: number[]): Promise<void> {
      await db.deleteFrom('assessments').where('id', 'in', ids).execute();
      await changes.announce({ kind: 'all' }, db);
    },
  };
}
export type SampleRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createSamplesRepository>['find']>>>;
