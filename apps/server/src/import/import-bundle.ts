import type { Bundle } from '@prova/contract/bundle';
import { announcingTransaction } from '../db/change-feed';
import type { DatabaseHandle, Db } from '../db/database';
import type { ActivityOrigins } from '../domain/activity-origins';
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

/** What the staff console adds to an import; the CLI needs none of it. */
export interface ImportOptions {
  /** More problems to list, checked in the import's transaction after the bundle's own checks (a staff member's scope). */
  check?: (trx: Db, bundle: Bundle) => Promise<string[]>;
  /** Runs in the transaction after the writes. */
  afterWrite?: (trx: Db, bundle: Bundle) => Promise<void>;
  /** Told where the import is: hashing new passwords (`passwords`), then the one transaction (`writing`). */
  onProgress?: (phase: 'passwords' | 'writing', done: number, total: number) => void;
  /** Hashes one password (default: argon2id at once, as many as the thread pool runs). */
  hash?: (password: string) => Promise<string>;
  /** The origins the server frames (its settings): a test url on another origin is a problem. Default: paths only. */
  activityOrigins?: ActivityOrigins;
}

/**
 * Imports a bundle (docs/bundle-format.md) in one transaction: all of it, or nothing with every
 * problem listed as `path: message`. Records are updated in place; what candidates produced and
 * chose for themselves is kept.
 *
 * Localized texts are stored as JSON of the normalized object: a plain string becomes `{"IT_it": "..."}`.
 */
export async function importBundle(handle: DatabaseHandle, bundle: unknown, options: ImportOptions = {}): Promise<ImportResult> {
  const { onProgress } = options;
  const passwordHashes = await hashNewPasswords(handle.db, bundle, {
    hash: options.hash,
    onHashed: onProgress && ((done, total) => onProgress('passwords', done, total)),
  });
  onProgress?.('writing', 0, 1);
  // Done once every server dropped its copies (heard the change back): people, campaigns and tests may all have changed.
  const result = await announcingTransaction(handle.db, handle.changes, async (trx, changes): Promise<ImportResult> => {
    // Checked inside the transaction, so the references it finds cannot change before the writes.
    const checked = await validateBundle(trx, bundle, options.activityOrigins);
    if (!checked.ok) return checked;
    const { bundle: b, matches } = checked;
    const extra = options.check ? await options.check(trx, b) : [];
    if (extra.length) return { ok: false, problems: extra };

    const summary = emptySummary();
    await writeLanguages(trx, b.languages, summary.languages);
    await writeCompanies(trx, handle.dialect, b.companies, matches.companies, summary.companies);
    await writeUsers(trx, handle.dialect, b.users, matches.users, passwordHashes, summary.users);
    await writeTests(trx, b.tests, summary.tests);
    await writeCampaigns(trx, b.campaigns, summary.campaigns);
    for (const campaign of b.campaigns) await writeCampaignMembers(trx, campaign, summary);
    await options.afterWrite?.(trx, b);
    await changes.announce({ kind: 'all' }, trx);
    return { ok: true, summary };
  });
  if (result.ok) onProgress?.('writing', 1, 1);
  return result;
}
