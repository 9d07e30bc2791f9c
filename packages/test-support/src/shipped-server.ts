import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { freePorts } from './free-ports';

// The one way tests, browser specs and the bench start the server as it ships: the built bundle
// (`node <its V8 flags> apps/server/dist/server.js`) in a process of its own, on a database of the
// caller's, waited for until /api/health answers 200, and started, killed or stopped as often as the
// caller likes on the same ports. Packages never import apps: the bundle is found by its path.

const REPO = resolve(import.meta.dirname, '../../..');
/** The server's package: its start script says how the server ships (`node <V8 flags> dist/server.js`). */
const SERVER_PACKAGE = join(REPO, 'apps/server/package.json');
/** `npm run build`'s output for the server: its bundle and the importer's. */
export const SERVER_DIST = join(REPO, 'apps/server/dist');

/** The V8 flags the server ships with, those of its package's start script: `node` gets them before the bundle. */
export function shippedNodeFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync(SERVER_PACKAGE, 'utf8')) as { scripts: { start: string } };
  return scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));
}

/**
 * Where the built server and importer are in `dist` (default apps/server/dist; another build's folder beside it,
 * a build with a planted bug, say: the bundle resolves its packages from where it lies), built or not.
 */
export function shippedBundles(dist = SERVER_DIST): { server: string; importer: string } {
  return { server: join(dist, 'server.js'), importer: join(dist, 'import.js') };
}

/** The built server and importer in `dist` (see shippedBundles); a clear failure without a build. */
export function shippedBuild(dist = SERVER_DIST): { server: string; importer: string } {
  const { server, importer } = shippedBundles(dist);
  for (const file of [server, importer]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: this runs the built server. Run \`npm run build\` first (npm test does).`);
  }
  return { server, importer };
}

/** The shell command that starts the build as it ships, for a runner that takes a command (Playwright's webServer). */
export function shippedServerCommand(): string {
  return ['node', ...shippedNodeFlags(), JSON.stringify(shippedBundles().server)].join(' ');
}

const run = promisify(execFile);

/**
 * Imports a bundle file through the built importer CLI (which migrates the database first). `env`: the
 * server's settings the importer also reads (ACTIVITY_ORIGINS, say). Throws with the importer's output.
 */
export async function importWithShippedImporter(databaseUrl: string, file: string, env: Record<string, string> = {}, dist?: string) {
  try {
    await run(process.execPath, [shippedBuild(dist).importer, file], {
      env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', ...env },
    });
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`import failed: ${e.message}\n${e.stdout ?? ''}${e.stderr ?? ''}`);
  }
}

export interface ShippedServerOptions {
  databaseUrl: string;
  /** Where the server listens (default a free port), the same for every start. */
  port?: number;
  /** Where its activities origin listens (default a free port), the same for every start. */
  activitiesPort?: number;
  /** PUBLIC_URL, the origin browsers use and writes are checked against; default the server's own port on localhost. */
  publicUrl?: string;
  /** The process's working folder, where MAIL_DIR is unless `env` says otherwise; default a fresh temporary folder. */
  dir?: string;
  /** More settings, or other ones (SMTP_URL, TRUST_PROXY, DEMO...); nothing else of the caller's environment is passed on but PATH. */
  env?: Record<string, string>;
  /** Another build of the server (see shippedBuild). */
  dist?: string;
  /** How long a start may take before it fails; default 30 s. */
  startTimeoutMs?: number;
}

interface Run {
  child: ChildProcess;
  /** We sent the signal that ends it. */
  ended: boolean;
  closed: Promise<void>;
}

/**
 * The built server as a child process. Everything every run printed is kept in `log`, a line per entry
 * prefixed `[run <n>] `; a run that ended without being asked to (or a clean stop that did not exit with 0,
 * or hung) is a crash, kept in `crashes`.
 */
export class ShippedServer {
  /** Where the server itself listens (not PUBLIC_URL, which may be a proxy in front of it). */
  readonly url: string;
  readonly publicUrl: string;
  readonly port: number;
  readonly activitiesPort: number;
  readonly dir: string;
  readonly log: string[] = [];
  readonly crashes: string[] = [];
  #run: Run | undefined;
  #runs = 0;

  private constructor(
    private readonly opts: ShippedServerOptions,
    ports: { port: number; activitiesPort: number },
  ) {
    this.port = ports.port;
    this.activitiesPort = ports.activitiesPort;
    this.url = `http://127.0.0.1:${this.port}`;
    this.publicUrl = opts.publicUrl ?? opts.env?.PUBLIC_URL ?? `http://localhost:${this.port}`;
    this.dir = opts.dir ?? mkdtempSync(join(tmpdir(), 'prova-server-'));
  }

  /** The server, not started yet: its ports are taken now and kept. */
  static async create(opts: ShippedServerOptions): Promise<ShippedServer> {
    shippedBuild(opts.dist); // "run npm run build" before anything else
    const [port, activitiesPort] = await freePorts(2);
    return new ShippedServer(opts, { port: opts.port ?? port, activitiesPort: opts.activitiesPort ?? activitiesPort });
  }

  /** The server, started (see start()). */
  static async start(opts: ShippedServerOptions): Promise<ShippedServer> {
    const server = await ShippedServer.create(opts);
    await server.start();
    return server;
  }

  /** The running process's id. */
  get pid(): number | undefined {
    return this.#run?.child.pid;
  }

  /** True while a run is going. */
  alive(): boolean {
    return this.#run !== undefined;
  }

  /** The last lines the server printed, for failure messages. */
  output(lines = 30): string {
    return this.log.slice(-lines).join('\n');
  }

  /**
   * Starts a run and waits until /api/health answers 200; fails with the output if the process ends first or
   * takes too long. `nodeArgs`: node arguments of this run before the shipped flags (a profiler's, say).
   */
  async start({ nodeArgs = [] }: { nodeArgs?: string[] } = {}): Promise<void> {
    const timeoutMs = this.opts.startTimeoutMs ?? 30_000;
    if (this.#run) throw new Error('the server is already running');
    const number = ++this.#runs;
    const { server } = shippedBuild(this.opts.dist);
    const child = spawn(process.execPath, [...nodeArgs, ...shippedNodeFlags(), server], {
      cwd: this.dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        PORT: String(this.port),
        ACTIVITIES_PORT: String(this.activitiesPort),
        HOST: '127.0.0.1',
        PUBLIC_URL: this.publicUrl,
        DATABASE_URL: this.opts.databaseUrl,
        DEMO: '0',
        LOG_LEVEL: 'warn',
        MAIL_DIR: join(this.dir, 'mail'),
        ...this.opts.env,
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
    for (;;) {
      if (this.#run !== run) throw new Error(`the server on ${this.opts.databaseUrl} stopped while starting:\n${this.output()}`);
      const healthy = await fetch(`${this.url}/api/health`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (healthy) return;
      if (Date.now() > deadline) {
        await this.#end('SIGKILL');
        throw new Error(`the server on ${this.opts.databaseUrl} did not answer /api/health within ${timeoutMs} ms:\n${this.output()}`);
      }
      await new Promise((done) => setTimeout(done, 25));
    }
  }

  /** kill -9, and wait until the process is gone. */
  kill(): Promise<void> {
    return this.#end('SIGKILL');
  }

  /** A clean stop (SIGTERM: the server closes its connections and its database); one that does not exit with 0 counts as a crash. */
  async stop(): Promise<void> {
    const child = this.#run?.child;
    await this.#end('SIGTERM');
    if (child && child.exitCode !== 0) this.crashes.push(`SIGTERM ended the server with exit code ${child.exitCode}`);
  }

  /** Stops it and starts it again on the same ports and database: the browsers' origin stays the same. */
  async restart(run: { nodeArgs?: string[] } = {}): Promise<void> {
    await this.stop();
    await this.start(run);
  }

  /** The log's entries that tell of an error (see errorLines). */
  errors(): string[] {
    return errorLines(this.log);
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

/** A log entry without its `[run <n>] ` prefix. */
export const logLine = (entry: string) => entry.replace(/^\[run \d+\] /, '');

/**
 * Entries of a server's log that tell of an error: pino entries at level error (50) or fatal (60),
 * and plain text (an uncaught exception's stack, say) that names an error.
 */
export function errorLines(log: string[]): string[] {
  return log.filter((entry) => {
    const line = logLine(entry);
    try {
      const parsed = JSON.parse(line) as { level?: number };
      return typeof parsed.level === 'number' && parsed.level >= 50;
    } catch {
      return /error|exception|unhandled|fatal/i.test(line);
    }
  });
}
