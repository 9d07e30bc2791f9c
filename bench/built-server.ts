import { readFileSync } from 'node:fs';
import { config } from './config';
import { freePorts } from '@prova/test-support/free-ports';
import { importWithShippedImporter, logLine, SERVER_DIST, ShippedServer, shippedBundles } from '@prova/test-support/shipped-server';
import { profileArgs } from './processes';

/** The server as it ships: `npm run build`'s bundle. */
export const DIST = SERVER_DIST;

/** Imports a bundle through the real importer (which migrates the database first). */
export const importBundleFile = (databaseUrl: string, file: string) => importWithShippedImporter(databaseUrl, file);

/** A running built server (`node dist/server.js`) on a database, in its own process (the project's one launcher, with the bench's settings). */
export class BuiltServer {
  readonly base: string;
  /** PUBLIC_URL: the origin a browser sends, which the same-origin check expects. */
  readonly origin: string;

  private constructor(private readonly server: ShippedServer) {
    this.base = server.url;
    this.origin = server.publicUrl;
  }

  /** Its process id while it runs. */
  get pid(): number | undefined {
    return this.server.pid;
  }

  /** What it printed, a line each. */
  get output(): string[] {
    return this.server.log.map(logLine);
  }

  /**
   * `origin`: another server's PUBLIC_URL, so that this one takes the same requests (the same Origin) as that one.
   * `dist`: another build's folder (`npm run bench:compare`); the bundle resolves its packages from where it lies.
   */
  static async start(databaseUrl: string, dir: string, name: string, origin?: string, dist = DIST): Promise<BuiltServer> {
    const [port, activitiesPort] = await freePorts(2);
    const server = await ShippedServer.create({
      databaseUrl,
      dir,
      dist,
      port,
      activitiesPort,
      publicUrl: origin ?? `http://127.0.0.1:${port}`,
      startTimeoutMs: 60_000,
      env: {
        LOG_LEVEL: config.logLevel,
        // The load comes as from many browsers behind one reverse proxy (127.0.0.1), each candidate with
        // an address of its own in X-Forwarded-For: the per-address limits count per candidate, as in a
        // deployment behind a proxy. Nothing of the product is loosened.
        TRUST_PROXY: '1',
        ...(config.pgPoolMax ? { PG_POOL_MAX: config.pgPoolMax } : {}),
      },
    });
    await server.start({ nodeArgs: profileArgs(name) });
    return new BuiltServer(server);
  }

  /** Starts it again after stop(), on the same ports: the browsers' origin stays the same. */
  async restart(name: string): Promise<void> {
    await this.stop();
    await this.server.start({ nodeArgs: profileArgs(name) });
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
    if (!this.server.alive()) return;
    await new Promise((done) => setTimeout(done, 2000));
    await this.server.stop();
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
  const bundle = readFileSync(shippedBundles(DIST).server, 'utf8');
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
