import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A PostgreSQL database of its own for one test file, dropped (connections and all) at the end. */
export interface ThrowawayPostgres {
  url: string;
  drop(): Promise<void>;
}

/**
 * Creates a uniquely named database through `adminUrl` (a postgres:// URL of a role that may create
 * databases). Migrating it is the caller's business: this package never imports the apps.
 */
export async function createThrowawayPostgres(adminUrl: string): Promise<ThrowawayPostgres> {
  const name = `prova_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withAdmin(adminUrl, async (client) => {
        await connectionsGone(client, name);
        await client.query(`drop database if exists "${name}" with (force)`);
      }),
  };
}

/**
 * Waits (up to 2 s) for the database's connections to close. A pool's end() answers before its connections have
 * gone, and `with (force)` would terminate them meanwhile: their owners would report a lost connection.
 */
async function connectionsGone(client: pg.Client, name: string): Promise<void> {
  const deadline = Date.now() + 2_000;
  while (Date.now() < deadline) {
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
