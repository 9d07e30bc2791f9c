import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { freePort } from './free-ports';

/** What the receiver got: each attempt, whether its signature held, what it answered. */
export interface ReceivedAttempt {
  at: number;
  status: number;
  refused: string | null;
  attempt: number;
  event: { id: string; type: string; companyId: number; data: Record<string, unknown> } | null;
  delivery: string | null;
}

export interface WebhookReceiver {
  url: string;
  port: number;
  /** The webhook's signing secret, once the server made it. */
  setSecret(secret: string): Promise<void>;
  received(): Promise<ReceivedAttempt[]>;
  /** Waits until an attempt matches (polling the receiver), or throws after `timeoutMs`. */
  waitFor(match: (a: ReceivedAttempt) => boolean, timeoutMs?: number): Promise<ReceivedAttempt>;
  close(): Promise<void>;
}

/**
 * A webhook receiver in a process of its own (webhook-receiver-process.mjs) on 127.0.0.1: it verifies signatures and
 * their time window, and answers 500 to the first `failFirst` attempts of each event, 200 after.
 */
export async function startWebhookReceiver(opts: { port?: number; failFirst?: number; secret?: string } = {}): Promise<WebhookReceiver> {
  const port = opts.port ?? (await freePort());
  const child: ChildProcess = spawn(process.execPath, [resolve(import.meta.dirname, 'webhook-receiver-process.mjs')], {
    env: { PATH: process.env.PATH, PORT: String(port), FAIL_FIRST: String(opts.failFirst ?? 2), SECRET: opts.secret ?? '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((done, fail) => {
    child.once('exit', (code) => fail(new Error(`webhook receiver exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) done();
    });
  });
  const base = `http://127.0.0.1:${port}`;
  const received = async () => (await (await fetch(`${base}/received`)).json()) as ReceivedAttempt[];
  return {
    url: `${base}/hook`,
    port,
    async setSecret(secret) {
      await fetch(`${base}/secret`, { method: 'POST', body: secret });
    },
    received,
    async waitFor(match, timeoutMs = 15_000) {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const found = (await received()).find(match);
        if (found) return found;
        if (Date.now() > end)
          throw new Error(`the webhook receiver got no such attempt in ${timeoutMs} ms: ${JSON.stringify(await received())}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
