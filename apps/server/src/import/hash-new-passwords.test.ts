import { verify } from '@node-rs/argon2';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import exampleBundle from './fixtures/example-bundle.json';
import { hashNewPasswords } from './hash-new-passwords';
import { importBundle } from './import-bundle';

let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database.destroy();
});

describe('hashNewPasswords', () => {
  it('hashes, before any write, only the passwords of people the database does not hold yet', async () => {
    expect((await importBundle(database, exampleBundle)).ok).toBe(true);
    const bundle = structuredClone(exampleBundle) as { users: Array<Record<string, unknown>> };
    bundle.users[1].password = 'Diversa2027';
    bundle.users.push({ company: bundle.users[0].company, email: 'nuovo@lanificio.example', password: 'Nuovo2026!' });
    bundle.users.push({ company: bundle.users[0].company, email: 'senza@lanificio.example' });

    const hashes = await hashNewPasswords(database.db, bundle);
    expect([...hashes.keys()]).toEqual(['nuovo@lanificio.example']);
    expect(await verify(hashes.get('nuovo@lanificio.example')!, 'Nuovo2026!')).toBe(true);
  });

  it('hashes nothing for a document that is not a valid bundle (the import reports it)', async () => {
    expect((await hashNewPasswords(database.db, { users: [{ email: 'x@y.example', password: 'Nuovo2026!' }] })).size).toBe(0);
  });
});
