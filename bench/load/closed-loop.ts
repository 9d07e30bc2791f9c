import autocannon from 'autocannon';
import { type LoadResult, Recorder } from './stats';

/** One request as autocannon builds it, and what to do with its answer. */
export interface CannonRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Called with the answer of this very request (status and body). */
  onAnswer?: (status: number, body: string) => void;
}

export interface ClosedLoopOptions {
  base: string;
  connections: number;
  /** Seconds to run; or `amount` requests, whichever is given. */
  seconds?: number;
  amount?: number;
  /** Builds the next request; called once for each request sent. */
  next: () => CannonRequest;
  /** Where the answers go: a recorder shared by several runs pools them (the result is then the runs' so far). */
  recorder?: Recorder;
}

interface Context {
  request?: CannonRequest;
}

/**
 * As many requests as `connections` connections carry, each sending the next as soon as the last was
 * answered (autocannon). Latencies are taken from every answer (autocannon keeps whole milliseconds and
 * no p95), so the percentiles are exact.
 */
export function closedLoop(opts: ClosedLoopOptions): Promise<LoadResult> {
  const recorder = opts.recorder ?? new Recorder();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: opts.base,
        connections: opts.connections,
        ...(opts.amount !== undefined ? { amount: opts.amount } : { duration: opts.seconds ?? 5 }),
        timeout: 10,
        requests: [
          {
            setupRequest: (request, context) => {
              const next = opts.next();
              (context as Context).request = next;
              return { ...request, method: next.method, path: next.path, headers: next.headers, body: next.body };
            },
            onResponse: (status, body, context) => (context as Context).request?.onAnswer?.(status, body),
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        recorder.errors += result.errors - result.timeouts;
        recorder.timeouts += result.timeouts;
        recorder.seconds += result.duration;
        resolve(recorder.result(recorder.seconds));
      },
    );
    instance.on('response', (_client, status, _bytes, ms) => recorder.answer(status, ms));
  });
}
