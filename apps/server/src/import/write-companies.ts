import type { Bundle } from '@prova/contract/bundle';
import type { Db } from '../db/database';
import { type DialectName, syncIdentity } from '../db/dialect';
import { diffRow, isEmpty } from './diff-row';
import type { ImportCounts } from './import-summary';

export async function writeCompanies(
  db: Db,
  dialect: DialectName,
  companies: Bundle['companies'],
  matches: (number | null)[],
  counts: ImportCounts,
): Promise<void> {
  const created: { id?: number; row: ReturnType<typeof toRow> }[] = [];
  for (const [at, company] of companies.entries()) {
    const row = toRow(company);
    const matchId = matches[at];
    if (matchId === null) {
      created.push({ id: company.id, row });
      continue;
    }
    const existing = await db.selectFrom('companies').selectAll().where('id', '=', matchId).executeTakeFirstOrThrow();
    const patch = diffRow(existing, row);
    if (isEmpty(patch)) counts.unchanged++;
    else {
      await db.updateTable('companies').set(patch).where('id', '=', matchId).execute();
      counts.updated++;
    }
  }
  // Explicit ids first, then move the identity past them, then let the database number the rest.
  const withId = created.filter((c) => c.id !== undefined);
  for (const c of withId)
    await db
      .insertInto('companies')
      .values({ id: c.id, ...c.row })
      .execute();
  if (withId.length) await syncIdentity(db, dialect, 'companies');
  for (const c of created.filter((c) => c.id === undefined)) await db.insertInto('companies').values(c.row).execute();
  counts.created += created.length;
}

function toRow(company: Bundle['companies'][number]) {
  return {
    name: company.name,
    logo: company.logo ?? null,
    sso_slug: company.sso?.slug ?? null,
    sso: company.sso ? JSON.stringify(company.sso) : null,
  };
}
