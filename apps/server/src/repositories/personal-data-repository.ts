import type { Db } from '../db/database';
import { storedText, storedValue } from './json-column-readers';

/** Who opened or downloaded a person's report (report_views.kind). */
export type ReportViewKind = 'opened' | 'downloaded';

/**
 * What the platform holds about one person, read for their data export (services/personal-data), and the two
 * records that exist for it: the report views and (with campaigns.giveConsent) the consents. Every read is the
 * person's own rows only: what other people wrote about them comes through the report (its 360 groups), never here.
 */
export function createPersonalDataRepository(db: Db) {
  return {
    async recordReportView(view: { viewerId: number; subjectId: number; campaignId: number; kind: ReportViewKind }): Promise<void> {
      await db
        .insertInto('report_views')
        .values({
          viewer_id: view.viewerId,
          subject_user_id: view.subjectId,
          campaign_id: view.campaignId,
          kind: view.kind,
          at: new Date().toISOString(),
        })
        .execute();
    },

    /** Who other than the person opened or downloaded their report, newest first, with the viewer's name and role. */
    reportViewsOf: (userId: number) =>
      db
        .selectFrom('report_views')
        .innerJoin('users', 'users.id', 'report_views.viewer_id')
        .leftJoin('campaigns', 'campaigns.id', 'report_views.campaign_id')
        .select([
          'report_views.id',
          'report_views.kind',
          'report_views.at',
          'report_views.campaign_id',
          'campaigns.name as campaign_name',
          'users.first_name as viewer_first_name',
          'users.last_name as viewer_last_name',
          'users.role as viewer_role',
        ])
        .where('report_views.subject_user_id', '=', userId)
        .orderBy('report_views.at', 'desc')
        .orderBy('report_views.id', 'desc')
        .execute()
        .then((rows) => rows.map((v) => ({ ...v, campaign_name: storedText(v.campaign_name) }))),

    /** Every privacy text the person accepted, when and in which campaign, oldest first. */
    consentsOf: (userId: number) =>
      db
        .selectFrom('consent_records')
        .innerJoin('privacy_texts', 'privacy_texts.id', 'consent_records.privacy_text_id')
        .leftJoin('campaigns', 'campaigns.id', 'consent_records.campaign_id')
        .select([
          'consent_records.id',
          'consent_records.campaign_id',
          'campaigns.name as campaign_name',
          'consent_records.accepted_at',
          'privacy_texts.id as version',
          'privacy_texts.hash',
          'privacy_texts.text',
        ])
        .where('consent_records.user_id', '=', userId)
        .orderBy('consent_records.accepted_at')
        .orderBy('consent_records.id')
        .execute()
        .then((rows) => rows.map((c) => ({ ...c, campaign_name: storedText(c.campaign_name), text: storedText(c.text) }))),

    /** The person and their company (no password hash). */
    profileOf: (userId: number) =>
      db
        .selectFrom('users')
        .innerJoin('companies', 'companies.id', 'users.company_id')
        .select([
          'users.id',
          'users.email',
          'users.first_name',
          'users.last_name',
          'users.gender',
          'users.lang',
          'users.role',
          'users.has_sso',
          'users.privacy',
          'users.created_at',
          'users.deactivated_at',
          'companies.id as company_id',
          'companies.name as company_name',
        ])
        .where('users.id', '=', userId)
        .executeTakeFirst(),

    /** The campaigns the person takes part in (in their own company only), with their participation. */
    participationsOf: async (userId: number) =>
      (
        await db
          .selectFrom('participants')
          .innerJoin('campaigns', 'campaigns.id', 'participants.campaign_id')
          .innerJoin('users', (join) =>
            join.onRef('users.id', '=', 'participants.user_id').onRef('users.company_id', '=', 'campaigns.company_id'),
          )
          .select([
            'campaigns.id',
            'campaigns.name',
            'campaigns.date_start',
            'campaigns.date_end',
            'campaigns.status',
            'campaigns.is360',
            'participants.lang',
            'participants.last_access',
            'participants.extra_time_percent',
            'participants.privacy_consent_at',
            'participants.privacy_consent_version',
            'participants.storage',
          ])
          .where('participants.user_id', '=', userId)
          .orderBy('campaigns.id')
          .execute()
      ).map((p) => ({ ...p, name: storedText(p.name), storage: storedValue(p.storage) })),

    /** Every attempt of the person, current and replaced, with the test's name. */
    async progressOf(userId: number) {
      const [current, replaced] = await Promise.all([
        db
          .selectFrom('test_progress')
          .innerJoin('tests', 'tests.id', 'test_progress.test_id')
          .select([
            'test_progress.campaign_id',
            'test_progress.test_id',
            'tests.name as test_name',
            'test_progress.version',
            'test_progress.status',
            'test_progress.data',
            'test_progress.started_at',
            'test_progress.ends_at',
            'test_progress.updated_at',
            'test_progress.lang',
          ])
          .where('test_progress.user_id', '=', userId)
          .orderBy('test_progress.campaign_id')
          .orderBy('test_progress.test_id')
          .execute(),
        db
          .selectFrom('test_progress_history')
          .select(['campaign_id', 'test_id', 'version', 'status', 'data', 'started_at', 'ends_at', 'updated_at', 'archived_at', 'reason'])
          .where('user_id', '=', userId)
          .orderBy('id')
          .execute(),
      ]);
      const parsed = <R extends { data: string | null }>(row: R): Omit<R, 'data'> & { data: unknown } => ({
        ...row,
        data: storedValue(row.data),
      });
      return { current: current.map((t) => ({ ...parsed(t), test_name: storedText(t.test_name) })), replaced: replaced.map(parsed) };
    },

    /**
     * The outcomes of the person's tests: posted by the activity, scored by the server, given by an assessor (who is
     * not named: `source` says it), current and replaced; and the points assessors gave the items they rate.
     */
    async outcomesOf(userId: number) {
      const [current, replaced, itemRatings] = await Promise.all([
        db
          .selectFrom('outcomes')
          .select(['campaign_id', 'test_id', 'source', 'outcomes', 'created_at'])
          .where('user_id', '=', userId)
          .orderBy('id')
          .execute(),
        db
          .selectFrom('outcomes_history')
          .select(['campaign_id', 'test_id', 'source', 'outcomes', 'created_at', 'archived_at', 'reason'])
          .where('user_id', '=', userId)
          .orderBy('id')
          .execute(),
        db
          .selectFrom('item_ratings')
          .select(['campaign_id', 'test_id', 'item_id', 'points', 'rated_at'])
          .where('user_id', '=', userId)
          .orderBy('campaign_id')
          .orderBy('test_id')
          .orderBy('item_id')
          .execute(),
      ]);
      const parsed = <R extends { outcomes: string }>(row: R): Omit<R, 'outcomes'> & { outcomes: unknown } => ({
        ...row,
        outcomes: storedValue(row.outcomes),
      });
      return { current: current.map(parsed), replaced: replaced.map(parsed), itemRatings };
    },

    /**
     * The 360 answers the person gave as a rater, each with how they stood to the one rated (relations360) and
     * whether it was themselves; the one rated is known by id only, which the export does not show.
     */
    answersGivenOf: (userId: number) =>
      db
        .selectFrom('answers360')
        .leftJoin('relations360', (join) =>
          join
            .onRef('relations360.campaign_id', '=', 'answers360.campaign_id')
            .onRef('relations360.evaluator_id', '=', 'answers360.evaluator_id')
            .onRef('relations360.evaluee_id', '=', 'answers360.evaluee_id'),
        )
        .select([
          'answers360.campaign_id',
          'answers360.evaluee_id',
          'relations360.relation_id',
          'relations360.label as relation_label',
          'answers360.question_id',
          'answers360.answer_id',
          'answers360.value',
          'answers360.text_value',
          'answers360.not_observed',
          'answers360.updated_at',
        ])
        .where('answers360.evaluator_id', '=', userId)
        .orderBy('answers360.campaign_id')
        .orderBy('answers360.evaluee_id')
        .orderBy('answers360.question_id')
        .orderBy('answers360.answer_id')
        .execute()
        .then((rows) => rows.map((a) => ({ ...a, relation_label: a.relation_label === null ? null : storedText(a.relation_label) }))),

    /** The person's open sessions (when each began, how, until when). */
    sessionsOf: (userId: number) =>
      db
        .selectFrom('sessions')
        .select(['campaign_id', 'via_sso', 'created_at', 'expires_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute(),

    /** What the person's browser logged (diagnostics kept LOG_RETENTION_DAYS). */
    logsOf: async (userId: number) =>
      (
        await db
          .selectFrom('logs')
          .select(['campaign_id', 'test_id', 'data', 'created_at'])
          .where('user_id', '=', userId)
          .orderBy('id')
          .execute()
      ).map((l) => ({ ...l, data: storedValue(l.data) })),

    /** When staff invited the person to each campaign, and how often. */
    invitationsOf: (userId: number) =>
      db
        .selectFrom('invitations')
        .select(['campaign_id', 'invited_at', 'times'])
        .where('user_id', '=', userId)
        .orderBy('campaign_id')
        .execute(),
  };
}

export type PersonalDataRepository = ReturnType<typeof createPersonalDataRepository>;
