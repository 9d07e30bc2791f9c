import { chownSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { freePorts } from '@prova/test-support/free-ports';
import { processTreeTime } from './load/process-cpu';
import { runCommand } from './processes';

/**
 * A PostgreSQL server for the run. With BENCH_DATABASE_URL, that one (a role that may create databases);
 * otherwise a throwaway cluster of our own, as scripts/test-postgres.sh makes one but **durable**: that
 * script turns fsync and synchronous_commit off (right for tests, wrong for measuring durable saves), so
 * the cluster here keeps PostgreSQL's defaults (fsync, synchronous_commit and full_page_writes on).
 */
export interface PostgresServer {
  adminUrl: string;
  /** A fresh, empty database of its own on this server. */
  /** A new database, empty, or a copy of `template` (a database's URL; nobody may be connected to it). */
  createDatabase(prefix: string, template?: string): Promise<string>;
  settings(): Promise<{ version: string; fsync: string; synchronousCommit: string }>;
  /** The CPU its processes have spent so far, in ms: a cluster of the run's own only (not BENCH_DATABASE_URL's). */
  cpuTime?: () => number | undefined;
  stop(): Promise<void>;
}

const PG_ROOT = '/usr/lib/postgresql';
const installedVersions = () => (existsSync(PG_ROOT) ? readdirSync(PG_ROOT).filter((v) => existsSync(join(PG_ROOT, v, 'bin/initdb'))) : []);

/** Whether Debian's PostgreSQL server is installed (scripts/ensure-system-deps.sh installs it). */
export const postgresInstalled = () => installedVersions().length > 0;

function binDir(): string {
  const root = PG_ROOT;
  const versions = installedVersions();
  if (versions.length === 0) {
    throw new Error('PostgreSQL is not installed: run `bash scripts/ensure-system-deps.sh` (as root), or set BENCH_DATABASE_URL');
  }
  versions.sort((a, b) => Number(a) - Number(b));
  return join(root, versions[versions.length - 1], 'bin');
}

/** `dir`: an empty folder of its own for a throwaway cluster (the postgres user must reach it: one directly under /tmp). */
export async function startPostgres(adminUrl: string | undefined, dir: string): Promise<PostgresServer> {
  let stopCluster: (() => Promise<void>) | undefined;
  let cpuTime: (() => number | undefined) | undefined;
  if (!adminUrl) {
    const bin = binDir();
    const data = join(dir, 'pgdata');
    mkdirSync(dir, { recursive: true });
    // PostgreSQL refuses to run as root: as root, the cluster belongs to the postgres user.
    const asOwner = (command: string, args: string[]) =>
      process.getuid?.() === 0 ? runCommand('runuser', ['-u', 'postgres', '--', command, ...args]) : runCommand(command, args);
    if (process.getuid?.() === 0) chownSync(dir, Number((await runCommand('id', ['-u', 'postgres'])).trim()), 0);
    const [port] = await freePorts(1);
    await asOwner(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'prova', '--no-sync']);
    await asOwner(join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-l',
      join(dir, 'postgres.log'),
      '-w',
      'start',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`,
    ]);
    adminUrl = `postgres://prova@127.0.0.1:${port}/postgres`;
    // The postmaster's id is the first line of its pid file; the backends and writers are its children.
    const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    cpuTime = () => processTreeTime(postmaster);
    stopCluster = async () => {
      await asOwner(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const admin = adminUrl;
  const created: string[] = [];
  const withAdmin = async <T>(work: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  return {
    adminUrl: admin,
    cpuTime,
    async createDatabase(prefix, template) {
      const name = `${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`;
      const from = template ? ` template "${new URL(template).pathname.slice(1)}"` : '';
      // A template's last connections (the server's, just closed) may take a moment to end.
      for (let attempt = 1; ; attempt++) {
        try {
          await withAdmin((client) => client.query(`create database "${name}"${from}`));
          break;
        } catch (error) {
          if (!template || (error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
          await new Promise((done) => setTimeout(done, 500));
        }
      }
      created.push(name);
      const url = new URL(admin);
      url.pathname = `/${name}`;
      return url.toString();
    },
    settings: () =>
      withAdmin(async (client) => {
        const show = async (name: string) => ((await client.query(`show ${name}`)).rows[0] as Record<string, string>)[name];
        return { version: await show('server_version'), fsync: await show('fsync'), synchronousCommit: await show('synchronous_commit') };
      }),
    async stop() {
      if (stopCluster) return stopCluster();
      await withAdmin(async (client) => {
        for (const name of created) await client.query(`drop database if exists "${name}" with (force)`);
      }).catch(() => undefined);
    },
  };
}
