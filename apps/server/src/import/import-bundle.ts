import type { DatabaseHandle } from '../db/database';
import { hashNewPasswords } from './hash-new-passwords';
import { emptySummary, type ImportSummary } from './import-summary';
import { validateBundle } from './validate-bundle';
import { writeCampaignMembers } from './write-campaign-members';
import { writeCampaigns } from './write-campaigns';
import { writeCompanies } from './write-companies';
import { writeLanguages } from './write-languages';
import { writeTests } from './write-tests';
import { writeUsers } from './write-users';

export type ImportResult = { ok: true; summary: ImportSummary } | { ok: false; problems: string[] };

/**
 * Imports a bundle (docs/bundle-format.md) in one transaction: all of it, or nothing with every
 * problem listed as `path: message`. Records are updated in place; what candidates produced and
 * chose for themselves is kept.
 *
 * Localized texts are stored as JSON of the normalized object: a plain string becomes `{"IT_it": "..."}`.
 */
export async function importBundle(handle: DatabaseHandle, bundle: unknown): Promise<ImportResult> {
  const passwordHashes = await hashNewPasswords(handle.db, bundle);
  return handle.db.transaction().execute(async (trx): Promise<ImportResult> => {
    // Checked inside the transaction, so the references it finds cannot change before the writes.
    const checked = await validateBundle(trx, bundle);
    if (!checked.ok) return checked;
    const { bundle: b, matches } = checked;

    const summary = emptySummary();
    await writeLanguages(trx, b.languages, summary.languages);
    await writeCompanies(trx, handle.dialect, b.companies, matches.companies, summary.companies);
    await writeUsers(trx, handle.dialect, b.users, matches.users, passwordHashes, summary.users);
    await writeTests(trx, b.tests, summary.tests);
    await writeCampaigns(trx, b.campaigns, summary.campaigns);
    for (const campaign of b.campaigns) await writeCampaignMembers(trx, campaign, summary);
    return { ok: true, summary };
  });
}
