import type { Kysely } from 'kysely';
import { privacyTextOf, privacyVersionOf } from '../../domain/consent';
import { autoId, type DialectName } from '../dialect';

/**
 * Personal data (issue 52). `privacy_texts`: each privacy text a person accepted, once by its SHA-256 (its id is the
 * version number people are shown). `consent_records`: who accepted which text, in which campaign, when; the
 * participation keeps the version of its latest (`participants.privacy_consent_version`), which must be the
 * campaign's text of now (domain/consent.ts). `report_views`: who other than the person opened or downloaded their
 * report, when. Consents given before this migration are recorded with the text their campaign has now.
 */
export function consentRecords(dialect: DialectName) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('participants').addColumn('privacy_consent_version', 'text').execute();
      await db.schema
        .createTable('privacy_texts')
        .addColumn('id', 'integer', autoId(dialect))
        .addColumn('hash', 'text', (c) => c.notNull().unique())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('consent_records')
        .addColumn('id', 'integer', autoId(dialect))
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('campaign_id', 'integer')
        .addColumn('privacy_text_id', 'integer', (c) => c.notNull().references('privacy_texts.id'))
        .addColumn('accepted_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('consent_records_user').on('consent_records').columns(['user_id', 'accepted_at']).execute();
      await db.schema
        .createTable('report_views')
        .addColumn('id', 'integer', autoId(dialect))
        .addColumn('viewer_id', 'integer', (c) => c.notNull())
        .addColumn('subject_user_id', 'integer', (c) => c.notNull())
        .addColumn('campaign_id', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('report_views_subject').on('report_views').columns(['subject_user_id', 'at']).execute();
      await db.schema.createIndex('report_views_viewer').on('report_views').column('viewer_id').execute();

      const consented = await db
        .selectFrom('participants')
        .innerJoin('campaigns', 'campaigns.id', 'participants.campaign_id')
        .select(['participants.campaign_id', 'participants.user_id', 'participants.privacy_consent_at', 'campaigns.privacy_agreement'])
        .where('participants.privacy_consent_at', 'is not', null)
        .execute();
      const textIds = new Map<string, number>();
      for (const row of consented) {
        const hash = privacyVersionOf(row.privacy_agreement);
        let textId = textIds.get(hash);
        if (textId === undefined) {
          const inserted = await db
            .insertInto('privacy_texts')
            .values({ hash, text: privacyTextOf(row.privacy_agreement), created_at: row.privacy_consent_at })
            .returning('id')
            .executeTakeFirstOrThrow();
          textId = Number(inserted.id);
          textIds.set(hash, textId);
        }
        await db
          .insertInto('consent_records')
          .values({ user_id: row.user_id, campaign_id: row.campaign_id, privacy_text_id: textId, accepted_at: row.privacy_consent_at })
          .execute();
        await db
          .updateTable('participants')
          .set({ privacy_consent_version: hash })
          .where('campaign_id', '=', row.campaign_id)
          .where('user_id', '=', row.user_id)
          .execute();
      }
    },
  };
}
