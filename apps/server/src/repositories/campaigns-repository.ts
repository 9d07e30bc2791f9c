import {
  type BundleModel,
  type BundleQuestions360,
  type BundleReport,
  type BundleScale360,
  bundleQuestions360Schema,
  bundleScale360Schema,
  type LocalizedText,
} from '@prova/contract/bundle';
import type { LangCode } from '@prova/contract/limits';
import { isCandidatesOwnTest } from './candidate-tests';
import { type Changes, silentChanges } from '../db/change-feed';
import { compiledOnce } from '../db/compiled-once';
import { type Db, inTransaction } from '../db/database';
import type { CampaignRow } from '../db/schema';
import { parseJson } from '../db/json-column';
import { campaignLanguagesOf, readColumn, reportSettingsOf, storedText } from './json-column-readers';
import { reportModelOf } from './report-model';

/**
 * A campaign's columns but its report model and its 360 questions: those are the campaign's, alike for all its
 * people, and large (a 50-marker model is 42 KB of JSON, compressed on PostgreSQL). Read with every
 * participation, each sign-in and each copy the access cache keeps paid for them; `contentOf` reads them once
 * a campaign. Every other column is listed: one added to campaigns fails to compile here until it is placed.
 */
const SUMMARY_COLUMNS: Record<keyof CampaignSummary, true> = {
  id: true,
  company_id: true,
  name: true,
  description: true,
  on_complete_text: true,
  no_report_text: true,
  theme: true,
  languages: true,
  date_start: true,
  date_end: true,
  status: true,
  is360: true,
  self_evaluation: true,
  range360_num: true,
  privacy_agreement: true,
  logo: true,
  data: true,
  report: true,
  created_on: true,
  assessments_open_until: true,
};
const CAMPAIGN_SUMMARY = Object.keys(SUMMARY_COLUMNS).map((column) => `campaigns.${column}`) as `campaigns.${keyof CampaignSummary}`[];

/**
 * The campaign's own large texts, which its people read alike, parsed: its report model (the empty model if it has
 * none or it does not read), its 360 questions (null if they do not read: no 360 results, rather than wrong ones) and
 * scale (the defaults if it does not read). Shared through the access cache: never changed by callers.
 */
export interface CampaignContent {
  model: BundleModel;
  questions360: BundleQuestions360 | null;
  scale360: BundleScale360;
}
const NO_QUESTIONS = bundleQuestions360Schema.parse({});
const DEFAULT_SCALE = bundleScale360Schema.parse({});

/** A campaign's content columns as stored, parsed (CampaignContent). */
export function campaignContentOf(row: Pick<CampaignRow, 'model' | 'questions360' | 'scale360'> | undefined): CampaignContent {
  return {
    model: reportModelOf(row?.model ?? null),
    questions360: row?.questions360 ? readColumn(bundleQuestions360Schema, row.questions360, null) : NO_QUESTIONS,
    scale360: readColumn(bundleScale360Schema, row?.scale360, DEFAULT_SCALE),
  };
}
/** A campaign as read with a participation: all but its content and its retention period (the daily run's only). */
export type CampaignSummary = Omit<CampaignRow, 'model' | 'questions360' | 'scale360' | 'retention_months'>;

/** What participationsOf reads of the participant row itself. */
const PARTICIPANT_SELECTION = [
  'participants.lang as participant_lang',
  'participants.last_access',
  'participants.extra_time_percent',
  'participants.privacy_consent_at',
  'participants.privacy_consent_version',
  'participants.storage',
] as const;

/**
 * Participations with their campaign (but its content: CAMPAIGN_SUMMARY): a person takes part only in their own
 * company's campaigns, whatever a participant row says. Also what the staff's reports read
 * (staff/campaign-progress-repository).
 */
export const participationsOf = (db: Db) =>
  db
    .selectFrom('participants')
    .innerJoin('campaigns', 'campaigns.id', 'participants.campaign_id')
    .innerJoin('users', (join) =>
      join.onRef('users.id', '=', 'participants.user_id').onRef('users.company_id', '=', 'campaigns.company_id'),
    )
    .select(CAMPAIGN_SUMMARY)
    .select(PARTICIPANT_SELECTION);

/** A participation as participationsOf reads it, its JSON columns as stored. */
export type ParticipationRow = Awaited<ReturnType<ReturnType<typeof participationsOf>['executeTakeFirstOrThrow']>>;

/** A participation's JSON columns parsed (participationOf). */
interface ParsedParticipationColumns {
  name: LocalizedText;
  description: LocalizedText;
  on_complete_text: LocalizedText;
  no_report_text: LocalizedText;
  languages: LangCode[];
  report: BundleReport;
  /** The layout's data (an agenda's or a challenge's), as stored: null when there is none or it is not JSON. */
  data: unknown;
  /** The person's layout storage, likewise: null when they have none (the layout's data stands for it then). */
  storage: unknown;
  /** The privacy text as shown; `privacy_agreement` stays as stored, its SHA-256 the consent's version (domain/consent.ts). */
  privacy_text: LocalizedText;
}
/** A participation with its campaign, its JSON columns parsed. */
export type Participation = Omit<ParticipationRow, keyof ParsedParticipationColumns> & ParsedParticipationColumns;

/** A participation row's JSON columns read, each through its schema (a corrupt or legacy one reads as its fallback). */
export function participationOf(row: ParticipationRow): Participation {
  return {
    ...row,
    name: storedText(row.name),
    description: storedText(row.description),
    on_complete_text: storedText(row.on_complete_text),
    no_report_text: storedText(row.no_report_text),
    languages: campaignLanguagesOf(row.languages),
    report: reportSettingsOf(row.report),
    data: parseJson<unknown>(row.data, null),
    storage: parseJson<unknown>(row.storage, null),
    privacy_text: storedText(row.privacy_agreement),
  };
}

/** The names of a participation's columns as participationsOf reads it (users.findForSignIn reads them under a prefix). */
export const PARTICIPATION_COLUMNS: readonly string[] = [
  ...Object.keys(SUMMARY_COLUMNS),
  ...PARTICIPANT_SELECTION.map((selection) => selection.split(' as ').at(-1)!.replace('participants.', '')),
];

/** The participations open at `now`: begun, and not ended unless their reports are out (a finished one with reports stays open). */
export const openParticipationsOf = (db: Db, now: string) =>
  participationsOf(db)
    .where('campaigns.date_start', '<=', now)
    .where((eb) => eb.or([eb('campaigns.date_end', '>=', now), eb('campaigns.status', 'in', ['COMPLETED', 'REPORT'])]));

export function createCampaignsRepository(db: Db, changes: Changes = silentChanges) {
  const changed = (campaignId: number, userId: number) => changes.announce({ kind: 'participation', userId, campaignId }, db);
  // The picker's list and an SSO sign-in's (a password sign-in reads it with the person: users.findForSignIn), and
  // every participation the access cache reads (db/compiled-once.ts).
  const openForUser = compiledOnce((userId: number, now: string) =>
    openParticipationsOf(db, now)
      .where('participants.user_id', '=', userId)
      // The latest begun first (users.findForSignIn orders them alike).
      .orderBy('campaigns.date_start', 'desc')
      .orderBy('campaigns.id'),
  );
  const openParticipation = compiledOnce((userId: number, campaignId: number, now: string) =>
    openParticipationsOf(db, now).where('participants.user_id', '=', userId).where('campaigns.id', '=', campaignId),
  );

  return {
    /** Campaigns the user takes part in that are open now (a finished one with reports stays open). */
    async listOpenForUser(userId: number, now = new Date().toISOString()) {
      return (await db.executeQuery(openForUser(userId, now))).rows.map(participationOf);
    },

    /**
     * Per campaign, the person's own tests and how many are complete: not the tests assessors fill in
     * about others, not the 360 questionnaire. One query for the whole picker.
     */
    async progressFor(userId: number, campaignIds: number[]): Promise<Map<number, { completed: number; total: number }>> {
      if (campaignIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('campaign_tests')
        .leftJoin('test_progress', (join) =>
          join
            .onRef('test_progress.campaign_id', '=', 'campaign_tests.campaign_id')
            .onRef('test_progress.test_id', '=', 'campaign_tests.test_id')
            .on('test_progress.user_id', '=', userId),
        )
        .select('campaign_tests.campaign_id')
        .select((eb) => eb.fn.countAll().as('total'))
        .select((eb) => eb.fn.sum(eb.case().when('test_progress.status', '=', 'complete').then(1).else(0).end()).as('completed'))
        .where('campaign_tests.campaign_id', 'in', campaignIds)
        .where(isCandidatesOwnTest)
        .groupBy('campaign_tests.campaign_id')
        .execute();
      return new Map(rows.map((row) => [row.campaign_id, { completed: Number(row.completed ?? 0), total: Number(row.total) }]));
    },

    async findOpenForUser(userId: number, campaignId: number, now = new Date().toISOString()) {
      const row = (await db.executeQuery(openParticipation(userId, campaignId, now))).rows[0];
      return row && participationOf(row);
    },

    /**
     * Whether the person takes part in a campaign that has ended (its end passed, whatever its status): a write to it
     * is answered CAMPAIGN_CLOSED rather than "not found". Read only on that refusal's path.
     */
    async takesPartInEnded(userId: number, campaignId: number, now = new Date().toISOString()): Promise<boolean> {
      const row = await participationsOf(db)
        .where('participants.user_id', '=', userId)
        .where('campaigns.id', '=', campaignId)
        .where('campaigns.date_end', '<', now)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Answers the last access it wrote. */
    async enter(campaignId: number, userId: number, lang: string | null): Promise<string> {
      const set: { last_access: string; lang?: string } = { last_access: new Date().toISOString() };
      if (lang) set.lang = lang;
      await db.updateTable('participants').set(set).where('campaign_id', '=', campaignId).where('user_id', '=', userId).execute();
      await changed(campaignId, userId);
      return set.last_access;
    },

    /** The person's layout storage, replaced whole. */
    async saveStorage(campaignId: number, userId: number, storage: unknown): Promise<void> {
      await db
        .updateTable('participants')
        .set({ storage: JSON.stringify(storage) })
        .where('campaign_id', '=', campaignId)
        .where('user_id', '=', userId)
        .execute();
      await changed(campaignId, userId);
    },

    /**
     * The person accepts the privacy text the campaign shows now (`version` its SHA-256, `text` it as stored): the
     * text is kept once, the acceptance recorded for the campaign's company, and the participation holds that version
     * (domain/consent.ts). Accepting the text already accepted records nothing more.
     */
    async giveConsent(campaignId: number, companyId: number, userId: number, version: string, text: string): Promise<void> {
      await inTransaction(db, async (trx) => {
        const now = new Date().toISOString();
        const updated = await trx
          .updateTable('participants')
          .set({ privacy_consent_at: now, privacy_consent_version: version })
          .where('campaign_id', '=', campaignId)
          .where('user_id', '=', userId)
          .where((eb) => eb.or([eb('privacy_consent_version', 'is', null), eb('privacy_consent_version', '!=', version)]))
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) return;
        await trx
          .insertInto('privacy_texts')
          .values({ hash: version, text, created_at: now })
          .onConflict((oc) => oc.column('hash').doNothing())
          .execute();
        const { id } = await trx.selectFrom('privacy_texts').select('id').where('hash', '=', version).executeTakeFirstOrThrow();
        await trx
          .insertInto('consent_records')
          .values({ user_id: userId, campaign_id: campaignId, company_id: companyId, privacy_text_id: id, accepted_at: now })
          .execute();
      });
      await changed(campaignId, userId);
    },

    /** When the person first accepted this version of the company's privacy text, in any of its campaigns; null: never. */
    async companyConsentAt(userId: number, companyId: number, version: string): Promise<string | null> {
      const row = await db
        .selectFrom('consent_records')
        .innerJoin('privacy_texts', 'privacy_texts.id', 'consent_records.privacy_text_id')
        .select((eb) => eb.fn.min('consent_records.accepted_at').as('accepted_at'))
        .where('consent_records.user_id', '=', userId)
        .where('consent_records.company_id', '=', companyId)
        .where('privacy_texts.hash', '=', version)
        .executeTakeFirst();
      return row?.accepted_at ?? null;
    },

    /**
     * The participation takes the consent given to the same version in another campaign of the company, with that
     * consent's date. No record is added: the person accepted nothing new.
     */
    async carryConsent(campaignId: number, userId: number, version: string, acceptedAt: string): Promise<void> {
      await db
        .updateTable('participants')
        .set({ privacy_consent_at: acceptedAt, privacy_consent_version: version })
        .where('campaign_id', '=', campaignId)
        .where('user_id', '=', userId)
        .execute();
      await changed(campaignId, userId);
    },

    /** The privacy text the person accepted last in their company, in the language of that campaign's participation. */
    async lastConsent(userId: number, companyId: number) {
      const row = await db
        .selectFrom('consent_records')
        .innerJoin('privacy_texts', 'privacy_texts.id', 'consent_records.privacy_text_id')
        .leftJoin('participants', (join) =>
          join
            .onRef('participants.campaign_id', '=', 'consent_records.campaign_id')
            .onRef('participants.user_id', '=', 'consent_records.user_id'),
        )
        .select(['privacy_texts.text', 'consent_records.accepted_at', 'participants.lang'])
        .where('consent_records.user_id', '=', userId)
        .where('consent_records.company_id', '=', companyId)
        .orderBy('consent_records.accepted_at', 'desc')
        .orderBy('consent_records.id', 'desc')
        .executeTakeFirst();
      return row && { ...row, text: storedText(row.text) };
    },

    /** The campaign's report model and 360 questions (shared through the access cache: plugins/repositories.ts). */
    async contentOf(campaignId: number): Promise<CampaignContent> {
      const row = await db
        .selectFrom('campaigns')
        .select(['model', 'questions360', 'scale360'])
        .where('id', '=', campaignId)
        .executeTakeFirst();
      return campaignContentOf(row);
    },

    async languageNames(): Promise<Map<string, string>> {
      const rows = await db.selectFrom('languages').selectAll().execute();
      return new Map(rows.map((r) => [r.lang, r.name]));
    },
  };
}
export type CampaignsRepository = ReturnType<typeof createCampaignsRepository>;
