import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { renderWithTexts } from '@/testing/render';
import './console-texts';

// For the console's component tests: a fake API answering by method and path, and a render with
// what the pages need around them (texts, react-query, a router).

export interface FakeCall {
  method: string;
  path: string;
  /** JSON bodies parsed; a file (a Blob) as it was sent. */
  body: unknown;
  contentType?: string;
}

type Handler = (call: FakeCall) => { status?: number; body: unknown };

/** Answers `METHOD /api/path` (query string apart) from `routes`; anything else is a 404. Returns the calls made. */
export function fakeApi(routes: Record<string, Handler | { status?: number; body: unknown }>) {
  const calls: FakeCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const method = init.method ?? 'GET';
      const body = init.body instanceof Blob ? init.body : init.body ? JSON.parse(String(init.body)) : undefined;
      const contentType = (init.headers as Record<string, string> | undefined)?.['Content-Type'];
      const call = { method, path: `${url.pathname}${url.search}`, body, contentType };
      calls.push(call);
      const route = routes[`${method} ${url.pathname}`];
      const answer =
        typeof route === 'function'
          ? route(call)
          : (route ?? { status: 404, body: { status: false, code: 'NOT_FOUND', message: 'Not found' } });
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

export function renderConsole(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithTexts(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/** jsdom has no <dialog> methods: open and close as the browser does (call in beforeAll). */
export function stubDialogs() {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}
