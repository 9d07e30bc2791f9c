import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADA, STAFF_ALFA, staffBundle } from '../../../test/staff-fixtures';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { importBundle } from '../../import/import-bundle';
import { createRepositories, type Repositories } from '../create-repositories';

// The staff repositories answer their JSON columns parsed (issue 53): what reads is typed, and a stored value that
// does not read is its column's "nothing there", never a failed request.

let database: TestDatabase;
let repos: Repositories;
let adaId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  expect((await importBundle(database, staffBundle)).ok).toBe(true);
  repos = createRepositories(database.db);
  adaId = (await repos.users.findByEmail(ADA))!.id;
});
afterAll(() => database.destroy());

describe("an API token's scopes", () => {
  const token = (hash: string, scopes: string) => ({
    company_id: STAFF_ALFA,
    name: hash,
    token_hash: hash,
    hint: 'prova_x',
    scopes,
    created_by: adaId,
    created_at: '2026-01-01T00:00:00Z',
    expires_at: '2030-01-01T00:00:00Z',
  });

  it('come parsed, in the list, the token found and the token a secret stands for', async () => {
    const made = await repos.staff.apiTokens.create(token('h-good', '["read-results","manage-people"]'));
    expect(made.scopes).toEqual(['read-results', 'manage-people']);
    expect((await repos.staff.apiTokens.find(STAFF_ALFA, made.id))?.scopes).toEqual(['read-results', 'manage-people']);
    expect((await repos.staff.apiTokens.findByHash('h-good'))?.token.scopes).toEqual(['read-results', 'manage-people']);
  });

  it('read as none when they do not read: the token opens nothing, and the list still answers', async () => {
    for (const [hash, scopes] of [
      ['h-broken', '["read-results"'],
      ['h-unknown', '["everything"]'],
      ['h-object', '{}'],
    ]) {
      const made = await repos.staff.apiTokens.create(token(hash, scopes));
      expect(made.scopes).toEqual([]);
      expect((await repos.staff.apiTokens.findByHash(hash))?.token.scopes).toEqual([]);
    }
    expect((await repos.staff.apiTokens.list(STAFF_ALFA)).map((t) => t.scopes)).toContainEqual([]);
  });
});

describe("a webhook's events", () => {
  const hook = (url: string, events: string) => ({
    company_id: STAFF_ALFA,
    url,
    secret: 'whsec_x',
    events,
    enabled: 1,
    created_by: adaId,
    created_at: '2026-01-01T00:00:00Z',
  });

  it('come parsed, and only the webhooks that take an event hear it', async () => {
    const made = await repos.staff.webhooks.create(hook('https://a.example/hook', '["test.completed","report.ready"]'));
    expect(made.events).toEqual(['test.completed', 'report.ready']);
    expect((await repos.staff.webhooks.find(STAFF_ALFA, made.id))?.events).toEqual(['test.completed', 'report.ready']);
    expect((await repos.staff.webhooks.update(STAFF_ALFA, made.id, { events: '["person.invited"]' }))?.events).toEqual(['person.invited']);
    expect((await repos.staff.webhooks.subscribed(STAFF_ALFA, 'person.invited')).map((w) => w.id)).toEqual([made.id]);
  });

  it('read as none when they do not read: the webhook hears nothing, and the list still answers', async () => {
    const broken = await repos.staff.webhooks.create(hook('https://b.example/hook', 'test.completed'));
    expect(broken.events).toEqual([]);
    expect((await repos.staff.webhooks.list(STAFF_ALFA)).find((w) => w.id === broken.id)?.events).toEqual([]);
    expect((await repos.staff.webhooks.subscribed(STAFF_ALFA, 'test.completed')).map((w) => w.id)).not.toContain(broken.id);
  });
});
