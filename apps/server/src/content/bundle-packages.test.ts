import { contentFixture, filesOf, zipOf } from '@prova/test-support/content-files';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { importBundle } from '../import/import-bundle';
import { prepareBundlePackages } from './bundle-packages';
import { readBundleZip } from './bundle-source';

// The importer's path of packages on the database (SQLite, or PostgreSQL with TEST_DATABASE_URL).
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const scormTest = (id: number, file: string) => ({ id, abbreviation: `P${id}`, name: `Pacchetto ${id}`, package: { type: 'scorm', file } });
async function importZip(bundle: object, files: Record<string, Uint8Array>) {
  const zip = await zipOf(new Map([['bundle.json', Buffer.from(JSON.stringify(bundle))], ...Object.entries(files)]));
  const source = await readBundleZip(zip, 'bundle.zip');
  if (!source.ok) throw new Error(source.problems.join('\n'));
  const packages = await prepareBundlePackages(source.bundle, source.files);
  return { packages, result: await importBundle(database, source.bundle, { packages }) };
}
const count = async (table: 'content_packages' | 'content_package_files') =>
  Number(
    (
      await database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('packages through the importer', () => {
  it('stores a package once: named by two tests, and imported again', async () => {
    const course = await zipOf(filesOf(contentFixture('scorm-manifest-12')));
    const bundle = { version: 2, tests: [scormTest(1, 'a/course.zip'), scormTest(2, 'a/course.zip'), scormTest(3, 'b/copy.zip')] };
    const first = await importZip(bundle, { 'a/course.zip': course, 'b/copy.zip': course });
    expect(first.result).toMatchObject({ ok: true, summary: { packages: { created: 1, unchanged: 0 }, tests: { created: 3 } } });
    expect([await count('content_packages'), await count('content_package_files')]).toEqual([1, 3]);
    const hash = first.packages.refs.get('a/course.zip')!.hash;
    const rows = await database.db.selectFrom('tests').select(['id', 'package_hash']).where('id', 'in', [1, 2, 3]).orderBy('id').execute();
    expect(rows).toEqual([1, 2, 3].map((id) => ({ id, package_hash: hash })));

    const second = await importZip({ version: 2, tests: [scormTest(4, 'again.zip')] }, { 'again.zip': course });
    expect(second.result).toMatchObject({ ok: true, summary: { packages: { created: 0, unchanged: 1 } } });
    expect([await count('content_packages'), await count('content_package_files')]).toEqual([1, 3]);
  });

  it("reads a QTI package's file and names it in the QTI reader's problems", async () => {
    const before = await count('content_packages');
    const bank = await zipOf(new Map([['imsmanifest.xml', Buffer.from('<manifest/>')]]));
    const { result } = await importZip(
      { version: 2, tests: [{ id: 9, abbreviation: 'QTI', name: 'Banca', package: { type: 'qti', file: 'items/bank.zip' } }] },
      { 'items/bank.zip': bank },
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    // Whatever the reader says of it, its problems are the package's, prefixed by where the bundle names it.
    expect(result.problems.length).toBeGreaterThan(0);
    for (const problem of result.problems) expect(problem).toMatch(/^tests\[0\]\.package\.file: items\/bank\.zip: \S/);
    expect(await count('content_packages')).toBe(before);
  });

  it('refuses a file named as both kinds of package', async () => {
    const course = await zipOf(filesOf(contentFixture('scorm-manifest-12')));
    const { result } = await importZip(
      { version: 2, tests: [scormTest(11, 'c.zip'), { id: 12, abbreviation: 'Q2', name: 'Q', package: { type: 'qti', file: 'c.zip' } }] },
      { 'c.zip': course },
    );
    expect(result).toEqual({ ok: false, problems: ['tests[1].package.type: "c.zip" is a scorm package in tests[0]'] });
  });
});
