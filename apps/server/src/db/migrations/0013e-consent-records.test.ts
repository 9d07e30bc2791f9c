import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { hasConsent, privacyVersionOf } from '../../domain/consent';
import { DEFAULT_PRIVACY_AGREEMENT_HTML } from '../../domain/default-privacy-agreement';
import { importBundle } from '../../import/import-bundle';
import { consentRecords } from './0013e-consent-records';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const campaign = (id: number, privacyAgreement?: object) => ({
  id,
  company: 'Uno',
  dateStart: '2026-01-01T00:00:00Z',
  dateEnd: '2030-01-01T00:00:00Z',
  ...(privacyAgreement ? { privacyAgreement } : {}),
  participants: [{ user: 'a@uno.example' }, { user: 'b@uno.example' }],
});

describe('migration 0013e: consent records', () => {
  it('records the consents given before it with the text their campaign has, and they still count', async () => {
    const { db } = database;
    const imported = await importBundle(database, {
      companies: [{ name: 'Uno' }],
      users: ['a@uno.example', 'b@uno.example'].map((email) => ({ company: 'Uno', email, firstName: 'A', lastName: 'B' })),
      campaigns: [campaign(10, { IT_it: '<p>Testo di Uno.</p>' }), campaign(20)],
    });
    expect(imported.ok).toBe(true);
    const a = (await db.selectFrom('users').select('id').where('email', '=', 'a@uno.example').executeTakeFirstOrThrow()).id;
    // A deployment before consent records: a's consents only as a date, b has given none.
    await db.schema.dropTable('report_views').execute();
    await db.schema.dropTable('consent_records').execute();
    await db.schema.dropTable('privacy_texts').execute();
    await db.schema.alterTable('participants').dropColumn('privacy_consent_version').execute();
    await db.updateTable('participants').set({ privacy_consent_at: '2026-02-01T00:00:00.000Z' }).where('user_id', '=', a).execute();

    await consentRecords(database.dialect).up(db as never);

    const records = await db
      .selectFrom('consent_records')
      .innerJoin('privacy_texts', 'privacy_texts.id', 'consent_records.privacy_text_id')
      .select(['consent_records.user_id', 'consent_records.campaign_id', 'consent_records.accepted_at', 'privacy_texts.text'])
      .orderBy('consent_records.campaign_id')
      .execute();
    expect(records.map((r) => [r.user_id, r.campaign_id, r.accepted_at, JSON.parse(r.text).IT_it])).toEqual([
      [a, 10, '2026-02-01T00:00:00.000Z', '<p>Testo di Uno.</p>'],
      [a, 20, '2026-02-01T00:00:00.000Z', DEFAULT_PRIVACY_AGREEMENT_HTML],
    ]);
    const rows = await db
      .selectFrom('participants')
      .innerJoin('campaigns', 'campaigns.id', 'participants.campaign_id')
      .select(['participants.user_id', 'privacy_consent_at', 'privacy_consent_version', 'privacy_agreement'])
      .execute();
    for (const row of rows) {
      expect(hasConsent(row, { privacy: 0 })).toBe(row.user_id === a);
      if (row.user_id === a) expect(row.privacy_consent_version).toBe(privacyVersionOf(row.privacy_agreement));
    }
  });
});
