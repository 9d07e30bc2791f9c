import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { shippedNodeFlags } from '@prova/test-support/shipped-server';
import { createThrowawayPostgres } from '@prova/test-support/throwaway-postgres';

// The fault tests run the server as it ships: the built bundle in a process of its own, which they
// can kill -9 and start again on the same database and port.

// FAULT_SERVER_DIST runs them against another build of the server (a folder beside dist/, so the
// bundle finds the repository as dist/ does): a build with a planted bug shows that the checks catch it.
const DIST = resolve(process.env.FAULT_SERVER_DIST || resolve(import.meta.dirname, '../../dist'));
const run = promisify(execFile);

/** The built server and importer; a clear failure when `npm run build` has not run. */
export function builtServer(): { server: string; importer: string } {
  const server = join(DIST, 'server.js');
  const importer = join(DIST, 'import.js');
  for (const file of [server, importer]) {
    if (!existsSync(file)) {
      throw new Error(`${file} is missing: the fault tests run the built server. Run \`npm run build\` first (npm test does).`);
    }
  }
  return { server, importer };
}

/** A scratch folder, and an empty database of its own: a SQLite file in it, or a throwaway PostgreSQL database with TEST_DATABASE_URL. */
export interface FaultWorld {
  dir: string;
  databaseUrl: string;
  dialect: 'sqlite' | 'postgres';
  destroy(): Promise<void>;
}

export async function createFaultWorld(): Promise<FaultWorld> {
  const dir = mkdtempSync(join(tmpdir(), 'prova-fault-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  const postgres = adminUrl ? await createThrowawayPostgres(adminUrl) : undefined;
  return {
    dir,
    databaseUrl: postgres?.url ?? `sqlite:${join(dir, 'prova.db')}`,
    dialect: postgres ? 'postgres' : 'sqlite',
    async destroy() {
      await postgres?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Imports a bundle through the real importer CLI (which migrates the database first). */
export async function importWithCli(world: FaultWorld, bundle: object): Promise<void> {
  const file = join(world.dir, 'bundle.json');
  writeFileSync(file, JSON.stringify(bundle));
  try {
    await run(process.execPath, [builtServer().importer, file], {
      env: { PATH: process.env.PATH, DATABASE_URL: world.databaseUrl, LOG_LEVEL: 'warn' },
    });
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`import failed: ${e.message}\n${e.stdout ?? ''}${e.stderr ?? ''}`);
  }
}

interface Run {
  child: ChildProcess;
  /** We sent the signal that ends it. */
  ended: boolean;
  closed: Promise<void>;
}

/**
 * The built server as a child process, on fixed ports and one database, started and killed as often
 * as a test likes. Everything every run printed is kept in `log`; a run that ended without being
 * killed is a crash, kept in `crashes`.
 */
export class ServerProcess {
  readonly url: string;
  readonly publicUrl: string;
  readonly log: string[] = [];
  readonly crashes: string[] = [];
  #run: Run | undefined;
  #runs = 0;

  constructor(
    private readonly world: FaultWorld,
    private readonly port: number,
    private readonly activitiesPort: number,
    /** More settings, or other ones (PUBLIC_URL, DEMO, TRUST_PROXY... for instances behind a proxy). */
    private readonly env: Record<string, string> = {},
  ) {
    this.url = `http://127.0.0.1:${port}`;
    this.publicUrl = env.PUBLIC_URL ?? `http://localhost:${port}`;
  }

  /** Starts a run and waits until /api/health answers 200. */
  async start(timeoutMs = 30_000): Promise<void> {
    if (this.#run) throw new Error('the server is already running');
    const number = ++this.#runs;
    const child = spawn(process.execPath, [...shippedNodeFlags(), builtServer().server], {
      cwd: this.world.dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        PORT: String(this.port),
        ACTIVITIES_PORT: String(this.activitiesPort),
        HOST: '127.0.0.1',
        PUBLIC_URL: this.publicUrl,
        DATABASE_URL: this.world.databaseUrl,
        DEMO: '0',
        LOG_LEVEL: 'warn',
        MAIL_DIR: join(this.world.dir, 'mail'),
        ...this.env,
      },
    });
    for (const stream of [child.stdout!, child.stderr!]) {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop()!;
        for (const line of lines) if (line.trim()) this.log.push(`[run ${number}] ${line}`);
      });
      stream.on('end', () => rest.trim() && this.log.push(`[run ${number}] ${rest}`));
    }
    const run: Run = {
      child,
      ended: false,
      closed: new Promise((done) =>
        child.once('close', (code, signal) => {
          if (!run.ended) this.crashes.push(`run ${number} ended by itself (exit code ${code}, signal ${signal})`);
          if (this.#run === run) this.#run = undefined;
          done();
        }),
      ),
    };
    this.#run = run;

    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.#run !== run) throw new Error(`the server stopped while starting:\n${this.log.slice(-30).join('\n')}`);
      const healthy = await fetch(`${this.url}/api/health`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (healthy) return;
      await sleep(25);
    }
    throw new Error(`the server did not answer /api/health within ${timeoutMs} ms:\n${this.log.slice(-30).join('\n')}`);
  }

  /** kill -9, and wait until the process is gone. */
  kill(): Promise<void> {
    return this.#end('SIGKILL');
  }

  /** A clean stop (SIGTERM), for the end of a test; one that does not exit with 0 counts as a crash. */
  async stop(): Promise<void> {
    const child = this.#run?.child;
    await this.#end('SIGTERM');
    if (child && child.exitCode !== 0) this.crashes.push(`SIGTERM ended the server with exit code ${child.exitCode}`);
  }

  async #end(signal: NodeJS.Signals): Promise<void> {
    const run = this.#run;
    if (!run) return;
    run.ended = true;
    run.child.kill(signal);
    if (signal === 'SIGKILL') return run.closed;
    // A clean stop that hangs is a fault of its own: said, then ended the hard way.
    const timer = setTimeout(() => {
      this.crashes.push(`the server did not stop within 10 s of ${signal}`);
      run.child.kill('SIGKILL');
    }, 10_000);
    await run.closed;
    clearTimeout(timer);
  }
}

/**
 * Lines of a server's output that tell of an error: pino entries at level error (50) or fatal (60),
 * and plain text (an uncaught exception's stack, say) that names an error.
 */
export function errorLines(log: string[]): string[] {
  return log.filter((entry) => {
    const line = entry.replace(/^\[run \d+\] /, '');
    try {
      const parsed = JSON.parse(line) as { level?: number };
      return typeof parsed.level === 'number' && parsed.level >= 50;
    } catch {
      return /error|exception|unhandled|fatal/i.test(line);
    }
  });
}

export const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));
