import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { config } from './config';
import { freePorts } from '@prova/test-support/free-ports';
import { shippedNodeFlags } from '@prova/test-support/shipped-server';
import { collectOutput, profileArgs, runCommand } from './processes';

/** The server as it ships: `npm run build`'s bundle. */
export const DIST = resolve(import.meta.dirname, '../dist');

/** Imports a bundle through the real importer (which migrates the database first). */
export async function importBundleFile(databaseUrl: string, file: string): Promise<void> {
  await runCommand(process.execPath, [join(DIST, 'import.js'), file], {
    PATH: process.env.PATH,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
  });
}

/** A running built server (`node dist/server.js`) on a database, in its own process. */
export class BuiltServer {
  readonly base: string;
  /** PUBLIC_URL: the origin a browser sends, which the same-origin check expects. */
  readonly origin: string;
  readonly output: string[] = [];
  #child: ChildProcess | undefined;

  private constructor(
    readonly databaseUrl: string,
    private readonly dir: string,
    private readonly port: number,
    private readonly activitiesPort: number,
    origin: string | undefined,
    private readonly dist: string,
  ) {
    this.base = `http://127.0.0.1:${port}`;
    this.origin = origin ?? this.base;
  }

  /** Its process id while it runs. */
  get pid(): number | undefined {
    return this.#child?.pid;
  }

  /**
   * `origin`: another server's PUBLIC_URL, so that this one takes the same requests (the same Origin) as that one.
   * `dist`: another build's folder (`npm run bench:compare`); the bundle resolves its packages from where it lies.
   */
  static async start(databaseUrl: string, dir: string, name: string, origin?: string, dist = DIST): Promise<BuiltServer> {
    const [port, activitiesPort] = await freePorts(2);
    const server = new BuiltServer(databaseUrl, dir, port, activitiesPort, origin, dist);
    await server.run(name);
    return server;
  }

  /** Starts it again after stop(), on the same ports: the browsers' origin stays the same. */
  async restart(name: string): Promise<void> {
    await this.stop();
    await this.run(name);
  }

  private async run(name: string): Promise<void> {
    const child = spawn(process.execPath, [...profileArgs(name), ...shippedNodeFlags(), join(this.dist, 'server.js')], {
      cwd: this.dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        PORT: String(this.port),
        ACTIVITIES_PORT: String(this.activitiesPort),
        HOST: '127.0.0.1',
        PUBLIC_URL: this.origin,
        DATABASE_URL: this.databaseUrl,
        DEMO: '0',
        LOG_LEVEL: config.logLevel,
        MAIL_DIR: join(this.dir, 'mail'),
        // The load comes as from many browsers behind one reverse proxy (127.0.0.1), each candidate with
        // an address of its own in X-Forwarded-For: the per-address limits count per candidate, as in a
        // deployment behind a proxy. Nothing of the product is loosened.
        TRUST_PROXY: '1',
        ...(config.pgPoolMax ? { PG_POOL_MAX: config.pgPoolMax } : {}),
      },
    });
    this.#child = child;
    collectOutput(child, this.output);
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server ended at start (exit code ${child.exitCode}):\n${this.output.join('\n')}`);
      try {
        const response = await fetch(`${this.base}/api/health`);
        if (response.status === 200) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`the server did not answer /api/health within 60 s:\n${this.output.join('\n')}`);
      await new Promise((done) => setTimeout(done, 100));
    }
  }

  /** Lines the server logged at level error or fatal, and anything it printed that is not a log entry. */
  problems(): string[] {
    return this.output.filter((line) => {
      try {
        const entry = JSON.parse(line) as { level?: number };
        return (entry.level ?? 0) >= 50;
      } catch {
        return true;
      }
    });
  }

  /**
   * SIGTERM (the server closes its connections and its database), then waits for its end. First a pause:
   * a load that stops leaves requests on their way whose connections it closed, which the server is still
   * answering (and would meet a closed database).
   */
  async stop(): Promise<void> {
    const child = this.#child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise((done) => setTimeout(done, 2000));
    const exit = once(child, 'exit');
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exit;
    clearTimeout(timer);
  }
}

/**
 * How durable the built server's commits are, as far as the bundle says (the server does not report it):
 * the `synchronous` modes its SQLite connections set (FULL or EXTRA: a commit survives a power cut; NORMAL
 * in WAL mode: a crash of the process only, unless the server syncs the log itself after its commits, an
 * `fdatasyncSync`), and whether it turns PostgreSQL's synchronous_commit off. The server may commit what need
 * not survive a power cut without a sync, so SQLite counts as durable when a connection commits with FULL or
 * EXTRA or the log is synced: a static reading of the build, not a proof (the
 * fault runs, docs/testing.md, kill the process; nothing here cuts the power). On PostgreSQL likewise, one
 * `set synchronous_commit = off` is the connection of the limits' counts (src/db/dialect.ts; a test checks
 * that no other connection has it); any other way of turning it off counts as not durable.
 */
export function serverDurability(): {
  sqliteSynchronous: string;
  sqliteDurable: boolean;
  postgresAsync: boolean;
  postgresCountsUnsynced: boolean;
} {
  const bundle = readFileSync(join(DIST, 'server.js'), 'utf8');
  const modes = [...new Set([...bundle.matchAll(/synchronous\s*=\s*(\w+)/gi)].map((m) => m[1].toUpperCase()))];
  const syncsLog = /\bfdatasyncSync\(/.test(bundle);
  const turnedOff = [...bundle.matchAll(/synchronous_commit\s*(=|to)\s*'?(off|local)/gi)].length;
  const countsConnection = /["'`]set synchronous_commit = off["'`]/.test(bundle);
  return {
    sqliteSynchronous: (modes.join(' and ') || 'the default (FULL)') + (syncsLog ? ', the log synced after durable commits' : ''),
    sqliteDurable: modes.length === 0 || syncsLog || modes.some((m) => m === 'FULL' || m === 'EXTRA' || m === '2' || m === '3'),
    postgresAsync: turnedOff > (countsConnection ? 1 : 0),
    postgresCountsUnsynced: countsConnection,
  };
}
