import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { createContentRepository } from '../../repositories/content-repository';
import { migrateToLatest } from '../database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ through: '0010e-claimed-work' });
});
afterAll(() => database.destroy());

describe('migration 0011f: content packages', () => {
  it("keeps the tests there were (with no package), and stores a package's files byte for byte, once by hash", async () => {
    const { db } = database;
    await db
      .insertInto('tests')
      .values({
        id: 1,
        abbreviation: 'OLD',
        name: '{}',
        description: '{}',
        instructions: '{}',
        url: '/activities/old/',
        repeatable: 0,
        legacy: 0,
        json_data: '{}',
      } as never)
      .execute();
    await migrateToLatest(database);

    expect(await db.selectFrom('tests').select(['id', 'url', 'package_hash']).execute()).toEqual([
      { id: 1, url: '/activities/old/', package_hash: null },
    ]);
    const content = createContentRepository(db);
    const every = Uint8Array.from({ length: 256 }, (_, i) => i);
    const pkg = {
      hash: 'a'.repeat(64),
      kind: 'scorm',
      delivery: '{"kind":"scorm"}',
      scoring: null,
      size: 1234,
      files: [
        { path: 'index.html', mediaType: 'text/html; charset=utf-8', bytes: new TextEncoder().encode('<p>ciao</p>') },
        { path: 'media/every-byte.bin', mediaType: 'application/octet-stream', bytes: every },
      ],
    };
    expect(await content.insertIfAbsent(pkg)).toBe(true);
    expect(await content.insertIfAbsent({ ...pkg, delivery: '{"kind":"other"}' })).toBe(false);
    expect(await db.selectFrom('content_packages').select(['hash', 'delivery']).execute()).toEqual([
      { hash: pkg.hash, delivery: pkg.delivery },
    ]);
    expect(await content.delivery(pkg.hash)).toBe(pkg.delivery);
    const file = await content.file(pkg.hash, 'media/every-byte.bin');
    expect(file?.mediaType).toBe('application/octet-stream');
    expect(Uint8Array.from(file!.bytes)).toEqual(every);
    expect(await content.file(pkg.hash, 'missing')).toBeNull();
    expect(await content.storedOf([pkg.hash, 'b'.repeat(64)])).toEqual(new Set([pkg.hash]));
    // A staff job's notes: a column of their own.
    expect(await db.selectFrom('staff_jobs').select('notes').execute()).toEqual([]);
  });
});
