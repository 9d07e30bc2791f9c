import type { Bundle } from '@prova/contract/bundle';
import type { Db } from '../db/database';
import type { BundleMatches } from './validate-bundle';

export type ImportPlan = Record<'languages' | 'companies' | 'users' | 'tests' | 'campaigns' | 'norms', { create: number; update: number }>;

/** What a valid bundle will do, list by list: records it creates and records it updates (or leaves as they are). */
export async function planImport(db: Db, bundle: Bundle, matches: BundleMatches): Promise<ImportPlan> {
  const existing = async (table: 'tests' | 'campaigns' | 'norms', ids: number[]) => {
    const found = new Set<number>();
    for (let i = 0; i < ids.length; i += 500)
      for (const row of await db
        .selectFrom(table)
        .select('id')
        .where('id', 'in', ids.slice(i, i + 500))
        .execute())
        found.add(row.id);
    return found;
  };
  const tests = await existing(
    'tests',
    bundle.tests.map((t) => t.id),
  );
  const campaigns = await existing(
    'campaigns',
    bundle.campaigns.map((c) => c.id),
  );
  // Norms are matched by id, as the importer writes them (write-norms.ts).
  const norms = await existing(
    'norms',
    bundle.norms.map((n) => n.id),
  );
  const languages = new Set((await db.selectFrom('languages').select('lang').execute()).map((l) => l.lang));
  const split = (flags: boolean[]) => ({ create: flags.filter((f) => !f).length, update: flags.filter(Boolean).length });
  return {
    languages: split(bundle.languages.map((l) => languages.has(l.lang))),
    companies: split(matches.companies.map((m) => m !== null)),
    users: split(matches.users.map((m) => m !== null)),
    tests: split(bundle.tests.map((t) => tests.has(t.id))),
    campaigns: split(bundle.campaigns.map((c) => campaigns.has(c.id))),
    norms: split(bundle.norms.map((n) => norms.has(n.id))),
  };
}
