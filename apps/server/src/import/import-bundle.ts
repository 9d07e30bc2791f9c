import { type BundlePackages, hashesOf } from '../content/bundle-packages';
import { announcingTransaction } from '../db/change-feed';
import type { DatabaseHandle } from '../db/database';
import type { ActivityOrigins } from '../domain/activity-origins';
import { checkBundleScope, type OwnCompany } from './check-bundle-scope';
import { hashNewPasswords } from './hash-new-passwords';
import { inSteps } from './in-steps';
import { emptySummary, type ImportSummary } from './import-summary';
import { validateBundle } from './validate-bundle';
import { writeCampaignMembers } from './write-campaign-members';
import { writeCampaigns } from './write-campaigns';
import { writeCompanies } from './write-companies';
import { writeLanguages } from './write-languages';
import { writeCampaignNorms, writeNorms } from './write-norms';
import { writeTestShares } from './write-test-shares';
import { writeTests } from './write-tests';
import { writeUsers } from './write-users';
import { createContentRepository } from '../repositories/content-repository';

export type ImportResult = { ok: true; summary: ImportSummary; notes: string[] } | { ok: false; problems: string[] };

/** What the staff console adds to an import; the CLI needs none of it. */
export interface ImportOptions {
  /**
   * A console import, by staff of this company: the bundle's scope is checked in the import's transaction
   * (check-bundle-scope.ts), the new tests become the company's, and no test is shared.
   */
  company?: OwnCompany;
  /** Told where the import is: hashing new passwords (`passwords`), then in the one transaction checking (`validating`) and writing (`writing`). */
  onProgress?: (phase: 'passwords' | 'validating' | 'writing', done: number, total: number) => void;
  /** Hashes one password (default: argon2id at once, as many as the thread pool runs). */
  hash?: (password: string) => Promise<string>;
  /** New people's password hashes worked out already (by e-mail): then none is hashed here. */
  passwordHashes?: Map<string, string>;
  /** The origins the server frames (its settings): a test url on another origin is a problem. Default: paths only. */
  activityOrigins?: ActivityOrigins;
  /**
   * The packages the bundle's tests name, prepared from its files (content/bundle-packages.ts): those
   * `ready` are stored in the import's transaction (once by hash), the others must be stored already.
   * Absent: the bundle has no files (a package test is then a problem).
   */
  packages?: BundlePackages;
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
  const passwordHashes =
    options.passwordHashes ??
    (await hashNewPasswords(handle.db, bundle, {
      hash: options.hash,
      onHashed: onProgress && ((done, total) => onProgress('passwords', done, total)),
    }));
  // Done once every server dropped its copies (heard the change back): people, campaigns and tests may all have changed.
  const result = await announcingTransaction(handle.db, handle.changes, async (transaction, changes): Promise<ImportResult> => {
    // In steps, so that the server answers other requests while a large bundle is checked and written.
    const trx = transaction.withPlugin(inSteps());
    // Checked inside the transaction, so the references it finds cannot change before the writes.
    const packages = options.packages;
    const checked = await validateBundle(trx, bundle, {
      activityOrigins: options.activityOrigins,
      onProgress: onProgress && ((done, total) => onProgress('validating', done, total)),
      packages,
      company: options.company?.name,
    });
    if (!checked.ok) return checked;
    const content = createContentRepository(trx);
    const gone = await packagesGone(content, packages);
    if (gone.length) return { ok: false, problems: gone };
    const { bundle: b, matches } = checked;
    const { company } = options;
    const outOfScope = company ? await checkBundleScope(trx, bundle, company) : [];
    if (outOfScope.length) return { ok: false, problems: outOfScope };

    const summary = emptySummary();
    // Progress by list (and campaign) written.
    const steps = 5 + b.campaigns.length;
    let step = 0;
    const wrote = () => onProgress?.('writing', ++step, steps);
    onProgress?.('writing', 0, steps);
    await writeLanguages(trx, b.languages, summary.languages);
    await writeCompanies(trx, handle.dialect, b.companies, matches.companies, summary.companies);
    wrote();
    await writeUsers(trx, handle.dialect, b.users, matches.users, passwordHashes, summary.users);
    wrote();
    for (const pkg of packages?.ready ?? []) {
      if (await content.insertIfAbsent(pkg)) summary.packages.created++;
      else summary.packages.unchanged++;
    }
    await writeTests(trx, b.tests, summary.tests, company?.id, packages?.refs);
    wrote();
    await writeCampaigns(trx, b.campaigns, summary.campaigns);
    wrote();
    for (const campaign of b.campaigns) {
      await writeCampaignMembers(trx, campaign, summary);
      wrote();
    }
    await writeNorms(trx, handle.dialect, b, company?.name, summary.norms);
    await writeCampaignNorms(trx, b.campaigns);
    if (!company) await writeTestShares(trx, b);
    await changes.announce({ kind: 'all' }, trx);
    wrote();
    return { ok: true, summary, notes: [...checked.notes, ...(packages?.notes ?? [])] };
  });
  return result;
}

/** Packages named by reference only (a console upload, confirmed later) that are not stored. */
async function packagesGone(content: ReturnType<typeof createContentRepository>, packages: BundlePackages | undefined) {
  if (!packages) return [];
  const ready = new Set(packages.ready.map((p) => p.hash));
  const wanted = [...packages.refs].filter(([, ref]) => hashesOf(ref).some((h) => !ready.has(h)));
  const stored = await content.storedOf(wanted.flatMap(([, ref]) => hashesOf(ref)));
  return wanted
    .filter(([, ref]) => hashesOf(ref).some((h) => !ready.has(h) && !stored.has(h)))
    .map(([file]) => `${file}: the package is no longer stored: upload the bundle again`);
}
