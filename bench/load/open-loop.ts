import { Agent, request as httpRequest } from 'node:http';
import { type LoadResult, Recorder } from './stats';

/** One request of an open-loop run. */
export interface PacedRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Called with the answer, and its latency in ms. */
  onAnswer?: (status: number, body: string, ms: number) => void;
}

export interface OpenLoopOptions {
  base: string;
  /** Requests per second, sent evenly (not in bursts). */
  rate: number;
  seconds: number;
  /** Most connections open at once; a request that finds them all busy waits, and its wait counts. */
  connections: number;
  next: () => PacedRequest;
  /** Seconds before an unanswered request counts as a timeout. */
  timeoutSeconds?: number;
}

/**
 * A fixed rate of requests, whatever the server's pace (an open loop, as many independent browsers
 * are): request i is sent at i/rate seconds, and its latency is counted from then, so time spent waiting
 * for a free connection is part of it (no coordinated omission). autocannon's own rate limit sends each
 * connection's share in a burst at the start of every second, which measures bursts, not a rate.
 * (Counted from the moment it is handed over, not from when it was due: a timer of this process that
 * fires late is not the server's time.)
 */
export async function openLoop(opts: OpenLoopOptions): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: opts.connections });
  const recorder = new Recorder();
  const url = new URL(opts.base);
  const timeoutMs = (opts.timeoutSeconds ?? 10) * 1000;
  const total = Math.round(opts.rate * opts.seconds);
  const interval = 1000 / opts.rate;
  const start = performance.now();
  const pending = new Set<Promise<void>>();
  const spans: { at: number; ms: number }[] = [];
  let sent = 0;

  const send = () => {
    const next = opts.next();
    const sentAt = performance.now();
    const done = new Promise<void>((resolve) => {
      let settled = false;
      const finish = (record: () => void) => {
        if (settled) return;
        settled = true;
        record();
        resolve();
      };
      const req = httpRequest(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method: next.method,
          path: next.path,
          headers: next.body === undefined ? next.headers : { ...next.headers, 'content-length': Buffer.byteLength(next.body) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            finish(() => {
              const status = res.statusCode ?? 0;
              const ms = performance.now() - sentAt;
              recorder.answer(status, ms);
              spans.push({ at: performance.timeOrigin + sentAt, ms });
              next.onAnswer?.(status, Buffer.concat(chunks).toString('utf8'), ms);
            }),
          );
          res.on('error', () => finish(() => (recorder.errors += 1)));
        },
      );
      req.setTimeout(timeoutMs, () => {
        finish(() => (recorder.timeouts += 1));
        req.destroy();
      });
      req.on('error', () => finish(() => (recorder.errors += 1)));
      req.end(next.body);
    });
    pending.add(done);
    void done.then(() => pending.delete(done));
  };

  while (sent < total) {
    const now = performance.now();
    const due = Math.min(total, Math.floor((now - start) / interval) + 1);
    for (; sent < due; sent++) send();
    await new Promise((resolve) => setTimeout(resolve, Math.max(1, Math.floor(interval))));
  }
  await Promise.all(pending);
  agent.destroy();
  return { ...recorder.result(opts.seconds), spans };
}
