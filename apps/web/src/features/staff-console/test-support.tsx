import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { renderWithTexts } from '@/testing/render';
import './console-texts';

// For the console's component tests: the fake API, and a render with what the pages need around them
// (texts, react-query, a router).

// The one fake of the API for component tests lives in src/testing; the console's tests take it from here.
export { fakeApi, type FakeCall } from '@/testing/fake-api';

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
