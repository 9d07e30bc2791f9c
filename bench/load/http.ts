import { type Agent, request as httpRequest } from 'node:http';

export interface Answer {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
  ms: number;
}

/** One request, as a browser with its own connection (`agent`) sends it; rejects on a connection error or time-out. */
export function call(
  agent: Agent,
  base: string,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  body: string | undefined,
  timeoutMs: number,
): Promise<Answer> {
  const url = new URL(base);
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            headers: res.headers,
            ms: performance.now() - start,
          }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}
