import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { privacyTextOf, privacyVersionOf } from '../../domain/consent';
import { importBundle } from '../../import/import-bundle';
import { createCampaignsRepository } from '../../repositories/campaigns-repository';
import { storedText } from '../../repositories/json-column-readers';
import { migrateToLatest } from '../database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ through: '0014b-attempt-window' });
});
afterAll(() => database.destroy());

const window = { dateStart: '2026-01-01T00:00:00Z', dateEnd: '2030-01-01T00:00:00Z' };

describe('migration 0014c: consent per company', () => {
  it("gives each consent record its campaign's company, else the person's, and they count in the company's other campaigns", async () => {
    const { db } = database;
    const imported = await importBundle(database, {
      companies: [{ name: 'Uno' }, { name: 'Due' }],
      users: [
        { company: 'Uno', email: 'a@uno.example', firstName: 'A', lastName: 'A' },
        { company: 'Due', email: 'b@due.example', firstName: 'B', lastName: 'B' },
      ],
      campaigns: [
        { id: 10, company: 'Uno', participants: [{ user: 'a@uno.example' }], ...window },
        { id: 11, company: 'Uno', participants: [{ user: 'a@uno.example' }], ...window },
      ],
    });
    expect(imported.ok).toBe(true);
    const id = async (table: 'users' | 'companies', column: 'email' | 'name', value: string) =>
      (await db.selectFrom(table).select('id').where(column, '=', value).executeTakeFirstOrThrow()).id;
    const [a, b, uno, due] = await Promise.all([
      id('users', 'email', 'a@uno.example'),
      id('users', 'email', 'b@due.example'),
      id('companies', 'name', 'Uno'),
      id('companies', 'name', 'Due'),
    ]);
    const version = privacyVersionOf(null);
    const text = await db
      .insertInto('privacy_texts')
      .values({ hash: version, text: privacyTextOf(null), created_at: '2026-02-01T00:00:00.000Z' })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Before 0014c: a accepted in campaign 10; b's record has lost its campaign (erased).
    await db
      .insertInto('consent_records')
      .values([
        { user_id: a, campaign_id: 10, privacy_text_id: text.id, accepted_at: '2026-02-01T00:00:00.000Z' },
        { user_id: b, campaign_id: null, privacy_text_id: text.id, accepted_at: '2026-02-02T00:00:00.000Z' },
      ] as never)
      .execute();

    await migrateToLatest(database);

    const rows = await db.selectFrom('consent_records').select(['user_id', 'company_id']).orderBy('id').execute();
    expect(rows).toEqual([
      { user_id: a, company_id: uno },
      { user_id: b, company_id: due },
    ]);
    const campaigns = createCampaignsRepository(db);
    expect(await campaigns.companyConsentAt(a, uno, version)).toBe('2026-02-01T00:00:00.000Z');
    expect(await campaigns.companyConsentAt(a, due, version)).toBeNull();
    expect(await campaigns.companyConsentAt(a, uno, privacyVersionOf('{"IT_it":"<p>Altro.</p>"}'))).toBeNull();
    expect(await campaigns.lastConsent(b, due)).toMatchObject({ text: storedText(privacyTextOf(null)), lang: null });
  });
});
