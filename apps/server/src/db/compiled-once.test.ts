import {
  type DatabaseIntrospector,
  type DialectAdapter,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { compiledByShape, compiledOnce } from './compiled-once';
import type { Database } from './schema';

// Queries built and compiled once, their values put in at each call (compiled-once.ts): the same statement as
// Kysely's own, on both databases' compilers.

/** A Kysely that only compiles: a dialect's adapter, introspector and compiler, no database. */
const compilerOnly = (
  Adapter: new () => DialectAdapter,
  Introspector: new (db: Kysely<unknown>) => DatabaseIntrospector,
  Compiler: new () => QueryCompiler,
) =>
  new Kysely<Database>({
    dialect: {
      createAdapter: () => new Adapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new Introspector(db),
      createQueryCompiler: () => new Compiler(),
    },
  });
const compilers = {
  sqlite: compilerOnly(SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler),
  postgres: compilerOnly(PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler),
};

describe.each(Object.entries(compilers))('compiledOnce on %s', (_, db) => {
  const openCampaigns = (userId: number, now: string) =>
    db
      .selectFrom('participants')
      .innerJoin('campaigns', 'campaigns.id', 'participants.campaign_id')
      .selectAll('campaigns')
      .where('participants.user_id', '=', userId)
      .where('campaigns.date_start', '<=', now)
      .where((eb) => eb.or([eb('campaigns.date_end', '>=', now), eb('campaigns.status', 'in', ['COMPLETED', 'REPORT'])]))
      .limit(20);

  it("gives Kysely's own statement for every set of values, though the query is built once", () => {
    let builds = 0;
    const query = compiledOnce((userId: number, now: string) => {
      builds += 1;
      return openCampaigns(userId, now);
    });
    for (const [userId, now] of [
      [7, '2026-11-26T10:00:00.000Z'],
      [12, '2027-01-01T00:00:00.000Z'],
      [7, '2026-11-26T10:00:01.000Z'],
    ] as const) {
      const expected = openCampaigns(userId, now).compile();
      const compiled = query(userId, now);
      expect(compiled.sql).toBe(expected.sql);
      expect(compiled.parameters).toEqual(expected.parameters);
    }
    expect(builds).toBe(1);
  });

  it('takes null and numbers in any place, and keeps the constants of the query', () => {
    const insert = compiledOnce((id: string, campaignId: number | null) =>
      db.insertInto('sessions').values({ id, user_id: 3, campaign_id: campaignId, via_sso: 0, created_at: 'a', expires_at: 'b' }),
    );
    expect(insert('s1', null).parameters).toEqual(['s1', 3, null, 0, 'a', 'b']);
    expect(insert('s2', 41).parameters).toEqual(['s2', 3, 41, 0, 'a', 'b']);
  });

  it('puts an array in as one parameter, as it came', () => {
    const anyOf = compiledOnce((ids: readonly number[]) =>
      db
        .selectFrom('users')
        .select('id')
        .where(sql<boolean>`id = any(${ids})`),
    );
    expect(anyOf([1, 2, 3]).parameters).toEqual([[1, 2, 3]]);
    expect(anyOf([]).parameters).toEqual([[]]);
    expect(anyOf([9]).sql).toBe(
      db
        .selectFrom('users')
        .select('id')
        .where(sql<boolean>`id = any(${[9]})`)
        .compile().sql,
    );
  });

  it('refuses, at its first call, a builder that changes a value or leaves one out', () => {
    const pattern = compiledOnce((name: string) => db.selectFrom('users').selectAll().where('first_name', 'like', `%${name}%`));
    expect(() => pattern('Anna')).toThrow(/changed/);
    const unused = compiledOnce((userId: number, _campaignId: number) => db.selectFrom('users').selectAll().where('id', '=', userId));
    expect(() => unused(1, 2)).toThrow(/1 of 2 values are not parameters/);
  });

  it('builds a query once per shape (the number of rows), each with its own statement', () => {
    const builds: number[] = [];
    const insert = compiledByShape((rows: number) => (at: string, ...ids: string[]) => {
      builds.push(rows);
      return db
        .insertInto('sessions')
        .values(Array.from({ length: rows }, (_, i) => ({ id: ids[i], user_id: 3, via_sso: 0, created_at: at, expires_at: at })));
    });
    const kysely = (at: string, ids: string[]) =>
      db
        .insertInto('sessions')
        .values(ids.map((id) => ({ id, user_id: 3, via_sso: 0, created_at: at, expires_at: at })))
        .compile();
    for (const ids of [['a'], ['b', 'c'], ['d'], ['e', 'f']]) {
      const compiled = insert(ids.length)('2026-11-27', ...ids);
      const expected = kysely('2026-11-27', ids);
      expect(compiled.sql).toBe(expected.sql);
      expect(compiled.parameters).toEqual(expected.parameters);
    }
    expect(builds).toEqual([1, 2]);
  });
});
