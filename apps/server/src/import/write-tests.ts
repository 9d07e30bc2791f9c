import { playerUrl } from '@prova/contract/content';
import type { AdaptiveSettings } from '@prova/contract/adaptive';
import type { AdaptiveBank, PackageRefs } from '../content/bundle-packages';
import { cleanHtmlField } from './clean-html';
import type { Bundle } from '@prova/contract/bundle';
import type { Db } from '../db/database';
import { diffRow, isEmpty } from './diff-row';
import type { ImportCounts } from './import-summary';

/**
 * Writes the bundle's tests. A test's `owner` sets who owns it; a new test without one is owned by
 * `newTestsOwner` (a console import: the uploader's company), else by nobody (the operator's library).
 */
export async function writeTests(
  db: Db,
  tests: Bundle['tests'],
  counts: ImportCounts,
  newTestsOwner?: number,
  packages: PackageRefs = new Map(),
): Promise<void> {
  const owners = await companyIds(db, [...new Set(tests.flatMap((t) => (t.owner === undefined ? [] : [t.owner])))]);
  for (const test of tests) {
    const owner = test.owner === undefined ? undefined : owners.get(test.owner);
    // Validation made sure that every package test's file has its stored package.
    const stored = test.package ? packages.get(test.package.file) : undefined;
    // An adaptive test plays its package's adaptive variant (no items served); its settings and bank stay server-side.
    const hash = test.adaptive ? stored?.adaptive?.hash : stored?.hash;
    const url = stored && hash ? playerUrl(stored.kind, hash) : (test.url ?? '');
    const row = {
      ...toTestRow({ ...test, url, jsonData: withPackageTimeLimit(test.jsonData, stored?.maxTimeSeconds) }),
      package_hash: hash ?? null,
      package_kind: stored?.kind ?? null,
      ...(owner === undefined ? {} : { owner_company_id: owner }),
    };
    const existing = await db.selectFrom('tests').selectAll().where('id', '=', test.id).executeTakeFirst();
    const adaptiveChanged = await writeAdaptive(
      db,
      test.id,
      test.adaptive && stored?.adaptive ? { ...stored.adaptive, settings: test.adaptive } : null,
    );
    if (!existing) {
      await db
        .insertInto('tests')
        .values({ id: test.id, owner_company_id: newTestsOwner ?? null, ...row })
        .execute();
      counts.created++;
      continue;
    }
    const patch = diffRow(existing, row);
    if (isEmpty(patch) && !adaptiveChanged) counts.unchanged++;
    else {
      if (!isEmpty(patch)) await db.updateTable('tests').set(patch).where('id', '=', test.id).execute();
      counts.updated++;
    }
  }
}

/** Keeps a test's adaptive settings and bank as the bundle gives them (none: not adaptive); true when that changed anything. */
async function writeAdaptive(
  db: Db,
  testId: number,
  adaptive: { hash: string; bank: AdaptiveBank; settings: AdaptiveSettings } | null,
): Promise<boolean> {
  const existing = await db.selectFrom('adaptive_tests').selectAll().where('test_id', '=', testId).executeTakeFirst();
  if (!adaptive) {
    if (existing) await db.deleteFrom('adaptive_tests').where('test_id', '=', testId).execute();
    return existing !== undefined;
  }
  const row = { package_hash: adaptive.hash, settings: JSON.stringify(adaptive.settings), bank: JSON.stringify(adaptive.bank) };
  if (!existing)
    await db
      .insertInto('adaptive_tests')
      .values({ test_id: testId, ...row })
      .execute();
  else if (existing.package_hash !== row.package_hash || existing.settings !== row.settings || existing.bank !== row.bank)
    await db.updateTable('adaptive_tests').set(row).where('test_id', '=', testId).execute();
  else return false;
  return true;
}

/**
 * A QTI test's own time limit becomes the platform's timer (the server's clock, extra time included), unless
 * the bundle sets the test's duration itself: a limit only the browser kept could be undone by a reload.
 */
export function withPackageTimeLimit(jsonData: Bundle['tests'][number]['jsonData'], maxTimeSeconds: number | null | undefined) {
  if (!maxTimeSeconds || jsonData.duration !== undefined) return jsonData;
  return { ...jsonData, hasTimer: true, duration: Math.ceil(maxTimeSeconds / 60) };
}

async function companyIds(db: Db, names: string[]): Promise<Map<string, number>> {
  if (names.length === 0) return new Map();
  const rows = await db.selectFrom('companies').select(['id', 'name']).where('name', 'in', names).execute();
  return new Map(rows.map((c) => [c.name, c.id]));
}

/** A bundle's test as its row (texts cleaned of unsafe HTML): the importer's and the staff API's. */
export function toTestRow(
  test: Omit<Bundle['tests'][number], 'id' | 'owner' | 'sharedWith' | 'url' | 'package' | 'adaptive'> & { url: string },
) {
  return {
    abbreviation: test.abbreviation,
    name: JSON.stringify(test.name),
    description: JSON.stringify(cleanHtmlField(test.description)),
    instructions: JSON.stringify(cleanHtmlField(test.instructions)),
    url: test.url,
    img: test.img ?? null,
    label: test.label ?? null,
    repeatable: test.repeatable ? 1 : 0,
    legacy: test.legacy ? 1 : 0,
    json_data: JSON.stringify(test.jsonData),
    theme: test.theme ? JSON.stringify(cleanTheme(test.theme)) : null,
    labels360: test.labels360
      ? JSON.stringify(
          test.labels360.map((l) => ({
            ...l,
            details_360: cleanHtmlField(l.details_360),
            details_auto: cleanHtmlField(l.details_auto),
            details_etero: cleanHtmlField(l.details_etero),
          })),
        )
      : null,
    algorithm: test.algorithm ?? null,
  };
}

/** The agenda preview's e-mail body is HTML too. */
function cleanTheme(theme: NonNullable<Bundle['tests'][number]['theme']>) {
  const preview = theme.preview;
  return preview?.content === undefined ? theme : { ...theme, preview: { ...preview, content: cleanHtmlField(preview.content) } };
}
