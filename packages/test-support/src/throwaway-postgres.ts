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
    drop: () => withAdmin(adminUrl, (client) => client.query(`drop database if exists "${name}" with (force)`)).then(() => undefined),
  };
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
