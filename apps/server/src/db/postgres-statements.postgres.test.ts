import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { type DatabaseHandle, openDatabase } from './database';
import { NAMED_AFTER } from './postgres-statements';

// One connection, so that the session whose prepared statements are read is the one that ran the queries.
describe('named statements on PostgreSQL', () => {
  let database: TestDatabase;
  let server: DatabaseHandle;
  beforeEach(async () => {
    database = await createTestDatabase();
    await sql`create table notes (id int primary key, body text)`.execute(database.db);
    await sql`insert into notes values (1, 'one'), (2, 'two')`.execute(database.db);
    server = await openDatabase(database.url, { poolMax: 1 });
  });
  afterEach(async () => {
    await server.close();
    await database.destroy();
  });

  const note = (db: Kysely<any>, id: number) => sql<Record<string, unknown>>`select * from notes where id = ${id}`.execute(db);
  const prepared = async () =>
    (
      await sql<{ statement: string; runs: number }>`select statement, (generic_plans + custom_plans)::int as runs
        from pg_prepared_statements order by statement`.execute(server.db)
    ).rows;

  it('run a query sent again and again as one statement prepared on the connection, and leave the rare ones unnamed', async () => {
    for (let i = 0; i < NAMED_AFTER + 4; i++) expect((await note(server.db, 1 + (i % 2))).rows).toHaveLength(1);
    await sql`select body from notes where id = ${1}`.execute(server.db);
    expect(await prepared()).toEqual([{ statement: 'select * from notes where id = $1', runs: 5 }]);
  });

  it('answer with the table as it is now after another process changed it under a named statement', async () => {
    for (let i = 0; i < NAMED_AFTER + 1; i++) await note(server.db, 1);
    // As another instance's migration would.
    await sql`alter table notes add column seen boolean not null default false`.execute(database.db);
    expect((await note(server.db, 1)).rows).toEqual([{ id: 1, body: 'one', seen: false }]);
    expect((await note(server.db, 2)).rows).toEqual([{ id: 2, body: 'two', seen: false }]);
  });

  it('prepare a statement again when the session lost it', async () => {
    for (let i = 0; i < NAMED_AFTER + 1; i++) await note(server.db, 1);
    await sql`deallocate all`.execute(server.db);
    expect((await note(server.db, 2)).rows).toEqual([{ id: 2, body: 'two' }]);
    await note(server.db, 1);
    expect(await prepared()).toEqual([{ statement: 'select * from notes where id = $1', runs: 1 }]);
  });

  it('keep serving transactions while another process adds a column under a named statement', async () => {
    for (let i = 0; i < NAMED_AFTER + 1; i++) await note(server.db, 1);
    await sql`alter table notes add column seen boolean not null default false`.execute(database.db);
    const rows = await server.db.transaction().execute(async (trx) => (await note(trx, 2)).rows);
    expect(rows).toEqual([{ id: 2, body: 'two', seen: false }]);
  });

  it("fail only the transaction that meets a named statement whose column's type changed, and serve the next one", async () => {
    const body = (db: Kysely<any>, id: number) => sql<{ body: string }>`select body from notes where id = ${id}`.execute(db);
    for (let i = 0; i < NAMED_AFTER + 1; i++) await body(server.db, 1);
    await sql`alter table notes alter column body type varchar(20)`.execute(database.db);
    await expect(server.db.transaction().execute((trx) => body(trx, 1))).rejects.toMatchObject({ code: '0A000' });
    expect(await server.db.transaction().execute(async (trx) => (await body(trx, 2)).rows)).toEqual([{ body: 'two' }]);
  });
});
