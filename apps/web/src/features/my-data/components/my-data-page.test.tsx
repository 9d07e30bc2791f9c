// @vitest-environment jsdom
import type { MyDataResponse } from '@prova/contract/personal-data';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, fakeApi } from '@/testing/fake-api';
import { renderWithTexts } from '@/testing/render';
import { MyDataPage } from './my-data-page';

afterEach(() => vi.unstubAllGlobals());

const data: MyDataResponse = {
  status: true,
  reportViews: [
    {
      kind: 'downloaded',
      at: '2026-03-02T10:15:00Z',
      campaign: { id: 5, name: 'Selezione analisti' },
      viewer: { firstName: 'Sofia', lastName: 'Neri', role: 'staff' },
    },
    {
      kind: 'opened',
      at: '2026-03-01T09:00:00Z',
      campaign: { id: 5, name: 'Selezione analisti' },
      viewer: { firstName: 'Ester', lastName: 'Riva', role: 'assessor' },
    },
  ],
  consents: [{ campaign: { id: 5, name: 'Selezione analisti' }, version: 2, hash: 'ab'.repeat(32), acceptedAt: '2026-02-01T08:00:00Z' }],
  consentDeclaredByCompany: false,
};

function renderPage(answer: FakeAnswer | (() => FakeAnswer)) {
  const calls = fakeApi({ 'GET /api/me/data': typeof answer === 'function' ? answer : answer });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithTexts(
    <QueryClientProvider client={client}>
      <MyDataPage />
    </QueryClientProvider>,
  );
  return calls;
}

describe('<MyDataPage>', () => {
  it('offers the download of the whole file', () => {
    renderPage({ body: data });
    const link = screen.getByRole('link', { name: 'Scarica i miei dati (zip)' });
    expect(link.getAttribute('href')).toBe('/api/me/data-export');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('lists who opened or downloaded the report, in what role and when', async () => {
    renderPage({ body: data });
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Sofia NeriPersonale dell’azienda', 'Ha scaricato il report', 'Selezione analisti', expect.stringMatching(/^02\.03\.2026 \d\d:15$/)],
      ['Ester RivaValutatore', 'Ha aperto il report', 'Selezione analisti', expect.stringMatching(/^01\.03\.2026 \d\d:00$/)],
    ]);
    expect(
      within(rows[0])
        .getByText(/02\.03\.2026/)
        .getAttribute('datetime'),
    ).toBe('2026-03-02T10:15:00.000Z');
  });

  it('says when nobody else saw the report, and names the consents given', async () => {
    renderPage({ body: { ...data, reportViews: [] } });
    expect(await screen.findByText('Nessuno, oltre a te, ha aperto o scaricato il tuo report.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('listitem').textContent).toMatch(/^Selezione analisti: informativa versione 2, accettata il 01\.02\.2026/);
  });

  it('says the company collected the consent when it did', async () => {
    renderPage({ body: { ...data, consents: [], consentDeclaredByCompany: true } });
    expect(await screen.findByText('Il consenso al trattamento dei dati è stato raccolto dalla tua azienda.')).toBeTruthy();
    expect(screen.queryByText('Non hai ancora accettato alcuna informativa.')).toBeNull();
  });

  it('offers to try again when the list does not load, and the download stays', async () => {
    let fail = true;
    const calls = renderPage(() => (fail ? { status: 500, body: { status: false, code: 'INTERNAL', message: 'no' } } : { body: data }));
    const retry = await screen.findByRole('button', { name: 'Riprova' });
    expect(screen.getByRole('link', { name: 'Scarica i miei dati (zip)' })).toBeTruthy();
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('table')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/me/data')).toHaveLength(2);
  });
});
