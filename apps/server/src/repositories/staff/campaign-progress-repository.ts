import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { CANDIDATE_ROLE } from '@prova/contract/auth';
import type { BundleReport, LocalizedText } from '@prova/contract/bundle';
import type { LangCode } from '@prova/contract/limits';
import { staffCampaignSchema } from '@prova/contract/staff-campaigns';
import { isCandidatesOwnTest } from '../candidate-tests';
import { type Changes, silentChanges } from '../../db/change-feed';
import type { Db } from '../../db/database';
import type { CampaignRow, Database } from '../../db/schema';
import { readColumn, reportSettingsOf, storedText } from '../json-column-readers';
import { containsText } from './text-search';
import { type CampaignContent, campaignContentOf, participationOf, participationsOf } from '../campaigns-repository';

// A campaign's participants and their progress, as staff follow it. Every query starts from one
// campaign's rows on an index whose first column is the campaign (participants, test_progress,
// invitations, the histories, relations360, evaluations360): no query reads other campaigns.

/** A campaign's name as its languages, and its languages (none when they do not read). */
type CampaignNaming = { name: LocalizedText; languages: LangCode[] };
/** A campaign in the company's list: its columns, its name and languages parsed (not its content). */
export type ListedCampaignRow = Omit<CampaignRow, keyof CampaignNaming> & CampaignNaming;
/** A campaign as staff read one: its columns, its name, languages, report settings and content (model, 360 questions and scale) parsed. */
export type StaffCampaignRow = Omit<CampaignRow, keyof CampaignContent | keyof CampaignNaming | 'report'> &
  CampaignContent &
  CampaignNaming & { report: BundleReport };

const namingOf = (row: Pick<CampaignRow, keyof CampaignNaming>): CampaignNaming => ({
  name: storedText(row.name),
  languages: readColumn(staffCampaignSchema.shape.languages, row.languages, []),
});

export type CellStatus = 'not attempted' | 'incomplete' | 'complete';

export interface ProgressFilter {
  /** The columns: the campaign's tests each participant takes themself. */
  testIds: number[];
  status?: CellStatus;
  testId?: number;
  q?: string;
  invited?: 'yes' | 'no';
  role?: string;
  sort: 'name' | 'lastActivity';
  page: number;
  pageSize: number;
  /** Timed tests whose deadline (grace included) is before this are complete. */
  expiredBefore: string;
}

type Eb = ExpressionBuilder<Database, 'participants' | 'users' | 'invitations'>;

/** Conditions on a test_progress row (aliased tp) for each status. */
const isComplete = (cutoff: string) => sql<SqlBool>`(tp.status = 'complete' or (tp.ends_at is not null and tp.ends_at <= ${cutoff}))`;
// A row emptied by a reset (resets-repository: no start, no data) is a test not started again yet.
const isIncomplete = (cutoff: string) =>
  sql<SqlBool>`(tp.status <> 'complete' and tp.started_at is not null and (tp.ends_at is null or tp.ends_at > ${cutoff}))`;
const isStarted = sql<SqlBool>`(tp.status = 'complete' or tp.started_at is not null)`;

export function createCampaignProgressRepository(db: Db, changes: Changes = silentChanges) {
  /** The campaign's own tests of a participant: not the 360 questionnaire, not the tests assessors fill in. */
  const ownTestsOf = (campaignIds: number[]) =>
    db
      .selectFrom('campaign_tests')
      .select(['campaign_tests.campaign_id', 'campaign_tests.test_id'])
      .where('campaign_tests.campaign_id', 'in', campaignIds)
      .where(isCandidatesOwnTest);

  /** The participants of a campaign (people of its company) matching the filters. */
  function matching(campaignId: number, companyId: number, filter: ProgressFilter) {
    let query = db
      .selectFrom('participants')
      .innerJoin('users', (join) => join.onRef('users.id', '=', 'participants.user_id').on('users.company_id', '=', companyId))
      .leftJoin('invitations', (join) =>
        join.onRef('invitations.campaign_id', '=', 'participants.campaign_id').onRef('invitations.user_id', '=', 'participants.user_id'),
      )
      .where('participants.campaign_id', '=', campaignId);
    if (filter.q)
      query = query.where(containsText([sql.ref('users.first_name'), sql.ref('users.last_name'), sql.ref('users.email')], filter.q));
    if (filter.role) query = query.where('users.role', '=', filter.role);
    if (filter.invited === 'yes') query = query.where('invitations.user_id', 'is not', null);
    if (filter.invited === 'no') query = query.where('invitations.user_id', 'is', null);
    if (filter.status) {
      const status = filter.status;
      const tests = filter.testId !== undefined ? [filter.testId] : filter.testIds;
      query = query.where((eb) => statusCondition(eb, campaignId, tests, status, filter.expiredBefore));
    }
    return query;
  }

  function statusCondition(eb: Eb, campaignId: number, testIds: number[], status: CellStatus, cutoff: string): Expression<SqlBool> {
    if (testIds.length === 0) return sql<SqlBool>`1 = 0`;
    const rows = (condition?: Expression<SqlBool>) => {
      let q = eb
        .selectFrom('test_progress as tp')
        .where('tp.campaign_id', '=', campaignId)
        .whereRef('tp.user_id', '=', 'participants.user_id')
        .where('tp.test_id', 'in', testIds);
      if (condition) q = q.where(condition);
      return q;
    };
    if (status === 'complete') return eb.exists(rows(isComplete(cutoff)).select('tp.test_id'));
    if (status === 'incomplete') return eb.exists(rows(isIncomplete(cutoff)).select('tp.test_id'));
    // Not started in at least one of them: fewer started progress rows than tests.
    return eb(
      rows(isStarted).select((e) => e.fn.countAll<number>().as('n')),
      '<',
      testIds.length,
    );
  }

  /** The last save in any test of the campaign, per participant (correlated, on the primary key). */
  const lastSave = (campaignId: number) =>
    sql<
      string | null
    >`(select max(tp.updated_at) from test_progress tp where tp.campaign_id = ${campaignId} and tp.user_id = participants.user_id)`;

  return {
    /** The company's campaigns, newest first. */
    list: async (companyId: number): Promise<ListedCampaignRow[]> =>
      (
        await db
          .selectFrom('campaigns')
          .selectAll()
          .where('company_id', '=', companyId)
          .orderBy('date_start', 'desc')
          .orderBy('id')
          .execute()
      ).map((row) => ({ ...row, ...namingOf(row) })),

    /** The company's campaign, its name, languages and content parsed (campaigns-repository.ts, CampaignContent). */
    async find(companyId: number, campaignId: number): Promise<StaffCampaignRow | undefined> {
      const row = await db
        .selectFrom('campaigns')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('id', '=', campaignId)
        .executeTakeFirst();
      return row && { ...row, ...campaignContentOf(row), ...namingOf(row), report: reportSettingsOf(row.report) };
    },

    /**
     * Per campaign: its candidates (people of the `user` role: the assessors a campaign lists are not counted),
     * own tests, candidates invited, and who has begun and who has finished: their own tests, and in a 360 the
     * evaluations they give (a rater who has answered has begun; one who has finished them all, and their tests, has
     * finished).
     */
    async counts(companyId: number, campaignIds: number[]) {
      const out = new Map(campaignIds.map((id) => [id, { participants: 0, tests: 0, invited: 0, started: 0, finished: 0 }]));
      if (campaignIds.length === 0) return out;
      const candidates = db
        .selectFrom('participants')
        .innerJoin('users', (join) =>
          join.onRef('users.id', '=', 'participants.user_id').on('users.company_id', '=', companyId).on('users.role', '=', CANDIDATE_ROLE),
        )
        .where('participants.campaign_id', 'in', campaignIds);
      const [participants, tests, invited, done, rated] = await Promise.all([
        candidates
          .select(['participants.campaign_id'])
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .groupBy('participants.campaign_id')
          .execute(),
        ownTestsOf(campaignIds).execute(),
        candidates
          .innerJoin('invitations', (join) =>
            join
              .onRef('invitations.campaign_id', '=', 'participants.campaign_id')
              .onRef('invitations.user_id', '=', 'participants.user_id'),
          )
          .select(['participants.campaign_id'])
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .groupBy('participants.campaign_id')
          .execute(),
        // Per candidate who has begun: their progress rows and complete ones, in their own tests.
        candidates
          .innerJoin('test_progress as tp', (join) =>
            join.onRef('tp.campaign_id', '=', 'participants.campaign_id').onRef('tp.user_id', '=', 'participants.user_id'),
          )
          .innerJoin('campaign_tests', (join) =>
            join.onRef('campaign_tests.campaign_id', '=', 'tp.campaign_id').onRef('campaign_tests.test_id', '=', 'tp.test_id'),
          )
          .select(['tp.campaign_id', 'tp.user_id'])
          .select((eb) => eb.fn.sum<number>(eb.case().when('tp.status', '=', 'complete').then(1).else(0).end()).as('complete'))
          .where(isCandidatesOwnTest)
          .groupBy(['tp.campaign_id', 'tp.user_id'])
          .execute(),
        // Per candidate who rates in a 360: the evaluations they give, begun and finished.
        candidates
          .innerJoin('relations360 as r', (join) =>
            join.onRef('r.campaign_id', '=', 'participants.campaign_id').onRef('r.evaluator_id', '=', 'participants.user_id'),
          )
          .leftJoin('evaluations360 as e', (join) =>
            join
              .onRef('e.campaign_id', '=', 'r.campaign_id')
              .onRef('e.evaluator_id', '=', 'r.evaluator_id')
              .onRef('e.evaluee_id', '=', 'r.evaluee_id'),
          )
          .select(['r.campaign_id', 'r.evaluator_id as user_id'])
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .select((eb) => eb.fn.count<number>('e.evaluee_id').as('begun'))
          .select((eb) => eb.fn.sum<number>(eb.case().when('e.status', '=', 'y').then(1).else(0).end()).as('done'))
          .groupBy(['r.campaign_id', 'r.evaluator_id'])
          .execute(),
      ]);
      for (const row of participants) out.get(row.campaign_id)!.participants = Number(row.n);
      for (const row of tests) out.get(row.campaign_id)!.tests += 1;
      for (const row of invited) out.get(row.campaign_id)!.invited = Number(row.n);
      const people = new Map<string, { campaignId: number; begun: boolean; testsDone: number; rates: boolean; ratingsDone: boolean }>();
      const personOf = (campaignId: number, userId: number) => {
        const key = `${campaignId}:${userId}`;
        let person = people.get(key);
        if (!person) people.set(key, (person = { campaignId, begun: false, testsDone: 0, rates: false, ratingsDone: true }));
        return person;
      };
      for (const row of done) {
        const person = personOf(row.campaign_id, row.user_id);
        person.begun = true;
        person.testsDone = Number(row.complete);
      }
      for (const row of rated) {
        const person = personOf(row.campaign_id, row.user_id);
        person.rates = true;
        if (Number(row.begun) > 0) person.begun = true;
        person.ratingsDone = Number(row.done ?? 0) >= Number(row.total);
      }
      for (const person of people.values()) {
        const counts = out.get(person.campaignId)!;
        if (person.begun) counts.started += 1;
        const testsFinished = person.testsDone >= counts.tests;
        if (person.begun && testsFinished && person.ratingsDone && (counts.tests > 0 || person.rates)) counts.finished += 1;
      }
      return out;
    },

    /** One page of participants matching the filters, the total, and the cells by status over all of them. */
    async page(campaignId: number, companyId: number, filter: ProgressFilter) {
      const filtered = matching(campaignId, companyId, filter);
      let rows = filtered
        .select([
          'users.id',
          'users.first_name',
          'users.last_name',
          'users.email',
          'users.role',
          'users.lang',
          'users.deactivated_at',
          'participants.last_access',
          'participants.lang as campaign_lang',
          'invitations.invited_at',
        ])
        .select((eb) => eb.case().when('users.password_hash', 'is not', null).then(1).else(0).end().as('has_password'))
        .select(lastSave(campaignId).as('last_save'));
      if (filter.sort === 'lastActivity') {
        const last = sql`case when participants.last_access is null then ${lastSave(campaignId)} when ${lastSave(campaignId)} is null then participants.last_access when participants.last_access > ${lastSave(campaignId)} then participants.last_access else ${lastSave(campaignId)} end`;
        rows = rows.orderBy(sql`case when ${last} is null then 1 else 0 end`).orderBy(last, 'desc');
      }
      const columns = filter.testId !== undefined ? [filter.testId] : filter.testIds;
      const members = filtered.select('participants.user_id');
      const [page, total, cells] = await Promise.all([
        rows
          .orderBy('users.last_name')
          .orderBy('users.first_name')
          .orderBy('users.id')
          .limit(filter.pageSize)
          .offset((filter.page - 1) * filter.pageSize)
          .execute(),
        filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        columns.length === 0
          ? Promise.resolve({ complete: 0, incomplete: 0 })
          : db
              .selectFrom('test_progress as tp')
              .select((eb) => eb.fn.sum<number>(eb.case().when(isComplete(filter.expiredBefore)).then(1).else(0).end()).as('complete'))
              .select((eb) => eb.fn.sum<number>(eb.case().when(isIncomplete(filter.expiredBefore)).then(1).else(0).end()).as('incomplete'))
              .where('tp.campaign_id', '=', campaignId)
              .where('tp.test_id', 'in', columns)
              .where('tp.user_id', 'in', members)
              .executeTakeFirstOrThrow(),
      ]);
      const matched = Number(total.n);
      const complete = Number(cells.complete ?? 0);
      const incomplete = Number(cells.incomplete ?? 0);
      return {
        rows: page,
        total: matched,
        counts: { complete, incomplete, 'not attempted': Math.max(0, matched * columns.length - complete - incomplete) },
      };
    },

    /** The progress rows of some participants in the campaign. */
    cells: (campaignId: number, userIds: number[]) =>
      userIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('test_progress')
            .select(['user_id', 'test_id', 'status', 'started_at', 'ends_at', 'updated_at', 'lang'])
            .where('campaign_id', '=', campaignId)
            .where('user_id', 'in', userIds)
            .execute(),

    /** Earlier attempts per participant and test. */
    async previousAttempts(campaignId: number, userIds: number[]): Promise<Map<string, number>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('test_progress_history')
        .select(['user_id', 'test_id'])
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('campaign_id', '=', campaignId)
        .where('user_id', 'in', userIds)
        .groupBy(['user_id', 'test_id'])
        .execute();
      return new Map(rows.map((r) => [`${r.user_id}:${r.test_id}`, Number(r.n)]));
    },

    /** Of some people, those about whom a 360 evaluation is finished: their report has the answers. */
    async evaluatedIn360(campaignId: number, userIds: number[]): Promise<Set<number>> {
      if (userIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('evaluations360')
        .select('evaluee_id')
        .distinct()
        .where('campaign_id', '=', campaignId)
        .where('evaluee_id', 'in', userIds)
        .where('status', '=', 'y')
        .execute();
      return new Set(rows.map((r) => r.evaluee_id));
    },

    /** Per evaluator: the 360 evaluations they must give, and those finished. */
    async feedback360(campaignId: number, userIds: number[]): Promise<Map<number, { done: number; total: number }>> {
      const out = new Map(userIds.map((id) => [id, { done: 0, total: 0 }]));
      if (userIds.length === 0) return out;
      const rows = await db
        .selectFrom('relations360')
        .leftJoin('evaluations360', (join) =>
          join
            .onRef('evaluations360.campaign_id', '=', 'relations360.campaign_id')
            .onRef('evaluations360.evaluator_id', '=', 'relations360.evaluator_id')
            .onRef('evaluations360.evaluee_id', '=', 'relations360.evaluee_id'),
        )
        .select(['relations360.evaluator_id'])
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .select((eb) => eb.fn.sum<number>(eb.case().when('evaluations360.status', '=', 'y').then(1).else(0).end()).as('done'))
        .where('relations360.campaign_id', '=', campaignId)
        .where('relations360.evaluator_id', 'in', userIds)
        .groupBy('relations360.evaluator_id')
        .execute();
      for (const row of rows) out.set(row.evaluator_id, { done: Number(row.done ?? 0), total: Number(row.total) });
      return out;
    },

    /** A participant of one of the company's campaigns, open or not, shaped as the reports read it. */
    async findParticipation(companyId: number, campaignId: number, userId: number) {
      const row = await participationsOf(db)
        .where('campaigns.company_id', '=', companyId)
        .where('participants.campaign_id', '=', campaignId)
        .where('participants.user_id', '=', userId)
        .executeTakeFirst();
      return row && participationOf(row);
    },

    /** Which of these people take part in the campaign. */
    async participantIds(campaignId: number, companyId: number, userIds?: number[]): Promise<number[]> {
      if (userIds?.length === 0) return [];
      let query = db
        .selectFrom('participants')
        .innerJoin('users', (join) => join.onRef('users.id', '=', 'participants.user_id').on('users.company_id', '=', companyId))
        .select('participants.user_id')
        .where('participants.campaign_id', '=', campaignId);
      if (userIds) query = query.where('participants.user_id', 'in', userIds);
      return (await query.orderBy('participants.user_id').execute()).map((r) => r.user_id);
    },

    /**
     * Reopens a closed campaign's assessments until `until`: every instance reads its participations afresh (the
     * access cache holds the campaign's columns with each), so the next rating is judged by the new instant.
     */
    async reopenAssessments(campaignId: number, until: string): Promise<void> {
      await db.updateTable('campaigns').set({ assessments_open_until: until }).where('id', '=', campaignId).execute();
      await changes.announce({ kind: 'all' }, db);
    },
  };
}
export type ProgressPageRow = Awaited<ReturnType<ReturnType<typeof createCampaignProgressRepository>['page']>>['rows'][number];
