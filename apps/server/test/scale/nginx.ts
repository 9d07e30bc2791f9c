import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

// Debian's nginx as the reverse proxy in front of app instances, run as it would be in production but
// unprivileged and in the foreground: its own config, pid, logs and temp files in a scratch folder.

export interface NginxSite {
  /** The port nginx listens on (127.0.0.1). */
  port: number;
  /** The instances' ports, taken in turn (round robin, no stickiness). */
  upstreams: number[];
}

export interface NginxOptions {
  /** The app and the activities: each its own server block, as on their own host names in production. */
  app: NginxSite;
  activities: NginxSite;
  /**
   * The address nginx connects to the instances from (proxy_bind), so that they can believe the
   * X-Forwarded-For of this one proxy only (TRUST_PROXY=<this address>), as behind a proxy on its own host.
   */
  bindAddress: string;
}

/** nginx.conf: the production example of docs/deployment.md without TLS, on test ports. */
export function nginxConfig(dir: string, opts: NginxOptions): string {
  const upstream = (name: string, ports: number[]) =>
    `  upstream ${name} {\n${ports.map((port) => `    server 127.0.0.1:${port};\n`).join('')}    keepalive 16;\n  }`;
  const server = (port: number, upstreamName: string) => `  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://${upstreamName};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      # The host as the browser sent it (with the port: the test's is not 443).
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $http_host;
      proxy_bind ${opts.bindAddress};
      # Which instance answered: the test checks that requests alternate.
      add_header X-Prova-Upstream $upstream_addr always;
    }
  }`;
  return `worker_processes 1;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${join(dir, 'client_body')};
  proxy_temp_path ${join(dir, 'proxy')};
  fastcgi_temp_path ${join(dir, 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'uwsgi')};
  scgi_temp_path ${join(dir, 'scgi')};
  client_max_body_size 2m;
${upstream('prova_app', opts.app.upstreams)}
${upstream('prova_activities', opts.activities.upstreams)}
${server(opts.app.port, 'prova_app')}
${server(opts.activities.port, 'prova_activities')}
}
`;
}

/** The nginx binary: NGINX, else Debian's, else the one on PATH; a clear failure when there is none. */
export function nginxBinary(): string {
  const candidates = [process.env.NGINX, '/usr/sbin/nginx'].filter((c): c is string => !!c);
  const found = candidates.find((c) => existsSync(c));
  if (found) return found;
  try {
    return execFileSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('nginx is missing: run `bash scripts/ensure-system-deps.sh` (npm test does), or set NGINX to its binary');
  }
}

export class Nginx {
  readonly dir = mkdtempSync(join(tmpdir(), 'prova-nginx-'));
  readonly output: string[] = [];
  #child: ChildProcess | undefined;
  #exited: Promise<void> = Promise.resolve();

  constructor(private readonly opts: NginxOptions) {
    // Run as root (CI), nginx's workers drop to an unprivileged user, who must reach its temp folders.
    chmodSync(this.dir, 0o755);
  }

  get url(): string {
    return `http://localhost:${this.opts.app.port}`;
  }

  get errorLog(): string {
    const file = join(this.dir, 'error.log');
    return existsSync(file) ? readFileSync(file, 'utf8') : '';
  }

  /** Starts nginx and waits until it accepts connections (the instances behind it may still be starting). */
  async start(timeoutMs = 10_000): Promise<void> {
    const conf = join(this.dir, 'nginx.conf');
    writeFileSync(conf, nginxConfig(this.dir, this.opts));
    const errorLog = join(this.dir, 'error.log');
    const child = spawn(
      nginxBinary(),
      ['-p', this.dir, '-c', conf, '-e', errorLog, '-g', `daemon off; pid ${join(this.dir, 'nginx.pid')}; error_log ${errorLog} warn;`],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    for (const stream of [child.stdout!, child.stderr!]) {
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => this.output.push(chunk));
    }
    this.#child = child;
    this.#exited = new Promise((done) => child.once('close', () => done()));
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) break;
      if (await accepts(this.opts.app.port)) return;
      await sleep(25);
    }
    throw new Error(`nginx did not start:\n${this.output.join('')}\n${this.errorLog}`);
  }

  /** Lines of its error log at level error or worse (an instance that did not answer, say). */
  errors(): string[] {
    return this.errorLog.split('\n').filter((line) => /\[(error|crit|alert|emerg)\]/.test(line));
  }

  /** A fast shutdown (SIGTERM), then the scratch folder goes. */
  async stop(): Promise<void> {
    this.#child?.kill('SIGTERM');
    await this.#exited;
    rmSync(this.dir, { recursive: true, force: true });
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), done(true)));
    socket.once('error', () => done(false));
  });
}
