import { request as httpRequest } from 'node:http';

// A browser's requests, from a loopback address of its choosing: a client at 127.0.0.2 is another
// caller than one at 127.0.0.1, as two people behind two different addresses are.

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json<T = Record<string, unknown>>(): T;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  /** The address the request leaves from (default 127.0.0.1). */
  from?: string;
}

export function send(url: string, opts: RequestOptions = {}): Promise<Answer> {
  const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise((done, fail) => {
    const req = httpRequest(
      url,
      {
        method: opts.method ?? 'GET',
        localAddress: opts.from ?? '127.0.0.1',
        agent: false,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...opts.headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          done({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text,
            json: <T>() => JSON.parse(text) as T,
          }),
        );
        res.on('error', fail);
      },
    );
    req.on('error', fail);
    req.end(body);
  });
}

/** The session cookie a sign-in answer sets, as `name=value` for the next requests. */
export function sessionCookie(answer: Answer): string {
  const cookies = [answer.headers['set-cookie'] ?? []].flat();
  const cookie = cookies.find((c) => /^(__Host-)?prova_session=/.test(c));
  if (!cookie) throw new Error(`no session cookie in the answer (${answer.status} ${answer.text.slice(0, 200)})`);
  return cookie.split(';')[0];
}
