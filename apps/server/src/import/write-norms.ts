import type { Bundle } from '@prova/contract/bundle';
import type { Db } from '../db/database';
import { type DialectName, syncIdentity } from '../db/dialect';
import { diffRow, isEmpty } from './diff-row';
import type { ImportCounts } from './import-summary';
import { normCompanies } from './validate-bundle';

const indexed = <T>(items: T[]) => items.map((item, at) => ({ at, item }));

/** The bundle's norms, by id: created, or updated in place where they differ (a re-import writes nothing). */
export async function writeNorms(db: Db, dialect: DialectName, bundle: Bundle, ownCompany: string | undefined, counts: ImportCounts) {
  if (bundle.norms.length === 0) return;
  const companyIds = new Map((await db.selectFrom('companies').select(['id', 'name']).execute()).map((c) => [c.name, c.id]));
  const companyOf = normCompanies({ norms: indexed(bundle.norms), campaigns: indexed(bundle.campaigns) }, ownCompany);
  let created = false;
  for (const norm of bundle.norms) {
    const existing = await db.selectFrom('norms').selectAll().where('id', '=', norm.id).executeTakeFirst();
    const companyId = companyIds.get(companyOf.get(norm.id) ?? '') ?? existing?.company_id;
    if (companyId === undefined) throw new Error(`The company of norm ${norm.id} vanished during the import`);
    const row = {
      company_id: companyId,
      name: JSON.stringify(norm.name),
      test_id: norm.test,
      outcome: norm.outcome,
      mean: norm.table ? null : (norm.mean ?? null),
      sd: norm.table ? null : (norm.sd ?? null),
      norm_table: norm.table ? JSON.stringify(norm.table) : null,
      n: norm.n,
    };
    if (!existing) {
      await db
        .insertInto('norms')
        .values({ id: norm.id, ...row, created_at: new Date().toISOString() })
        .execute();
      created = true;
      counts.created++;
      continue;
    }
    const patch = diffRow(existing, row);
    if (isEmpty(patch)) counts.unchanged++;
    else {
      await db.updateTable('norms').set(patch).where('id', '=', norm.id).execute();
      counts.updated++;
    }
  }
  // Explicit ids: the console's own norms are numbered after them.
  if (created) await syncIdentity(db, dialect, 'norms');
}

/** A campaign's `norms`, where given, replace the ones it had; absent, they are left alone. */
export async function writeCampaignNorms(db: Db, campaigns: Bundle['campaigns']) {
  for (const campaign of campaigns) {
    if (!campaign.norms) continue;
    const wanted = new Set(campaign.norms);
    const had = new Set(
      (await db.selectFrom('campaign_norms').select('norm_id').where('campaign_id', '=', campaign.id).execute()).map((r) => r.norm_id),
    );
    const gone = [...had].filter((id) => !wanted.has(id));
    const added = [...wanted].filter((id) => !had.has(id));
    if (gone.length) await db.deleteFrom('campaign_norms').where('campaign_id', '=', campaign.id).where('norm_id', 'in', gone).execute();
    if (added.length)
      await db
        .insertInto('campaign_norms')
        .values(added.map((norm_id) => ({ campaign_id: campaign.id, norm_id })))
        .execute();
  }
}
