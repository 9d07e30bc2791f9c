import { vi } from 'vitest';

// The one fake of the API for component tests: fetch answers by method and path, as the server's routes
// do, and keeps the calls made. A call no route names is a 404, so a page that asks for something
// unexpected shows it. Undo with vi.unstubAllGlobals() (or vitest's unstubGlobals).

export interface FakeCall {
  method: string;
  /** The path with its query string. */
  path: string;
  /** The JSON body sent, parsed; any other body (a FormData or a file, say) as it was sent. */
  body: unknown;
  /** The Content-Type the call was sent with, if it named one. */
  contentType?: string;
}

export interface FakeAnswer {
  status?: number;
  body: unknown;
  /** More headers of the answer (Retry-After, say). */
  headers?: Record<string, string>;
}

/** Answers a call now, or later (a promise the test resolves when it likes). */
export type FakeHandler = (call: FakeCall) => FakeAnswer | Promise<FakeAnswer>;

const notFound: FakeAnswer = { status: 404, body: { status: false, code: 'NOT_FOUND', message: 'Not found' } };

function bodyOf(body: RequestInit['body']): unknown {
  if (body == null) return undefined;
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/**
 * Answers `METHOD /api/path` (the query string apart) from `routes`: an answer, or a handler given the call.
 * Returns the calls made, in order.
 */
export function fakeApi(routes: Record<string, FakeHandler | FakeAnswer>): FakeCall[] {
  const calls: FakeCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init.method ?? 'GET';
      const contentType = new Headers(init.headers).get('content-type') ?? undefined;
      const call: FakeCall = { method, path: `${url.pathname}${url.search}`, body: bodyOf(init.body), contentType };
      calls.push(call);
      const route = routes[`${method} ${url.pathname}`];
      const answer = typeof route === 'function' ? await route(call) : (route ?? notFound);
      return new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json', ...answer.headers },
      });
    }),
  );
  return calls;
}
