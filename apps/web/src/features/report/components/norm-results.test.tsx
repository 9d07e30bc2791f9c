// @vitest-environment jsdom
import type { Campaign } from '@prova/contract/campaigns';
import type { ReportPageContent } from '@prova/contract/reports';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { renderWithTexts } from '@/testing/render';
import { ReportPage } from './report-page';

const campaign = { id: 71, name: 'Selezione', noReportText: '' } as Campaign;

const page: ReportPageContent = {
  kind: 'individual',
  report: {
    person: { id: 5, firstName: 'Lea', lastName: 'Norma' },
    campaign: { id: 71, name: 'Selezione' },
    results360: null,
    rep: { areas: [], skills: [], markers: [], tasks: [], tests: [] },
    norms: [
      { normId: 81, testId: 301, testName: 'Numerico', outcome: 'score', name: 'Laureati', n: 850, percentile: 88, sten: 8, band: null },
      {
        normId: 82,
        testId: 302,
        testName: 'Adattivo',
        outcome: 'THETA',
        name: 'Popolazione',
        n: 1200,
        percentile: 58,
        sten: 6,
        band: { low: 46, high: 82 },
      },
    ],
  },
};

afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  fakeApi({ 'GET /api/report/71/page': { body: { status: true, page } } });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithTexts(
    <QueryClientProvider client={client}>
      <ReportPage campaign={campaign} />
    </QueryClientProvider>,
  );
}

describe('the report’s norm groups', () => {
  it('shows the percentile, sten, group and a plain sentence for each normed outcome', async () => {
    renderPage();
    const section = (await screen.findByRole('heading', { name: 'Confronto con un gruppo di riferimento' })).closest('section')!;
    const numeric = within(section).getByRole('heading', { name: 'Numerico' }).closest('li')!;
    expect(within(numeric).getByText('88° percentile')).toBeTruthy();
    expect(within(numeric).getByText('«Laureati» (850 persone)')).toBeTruthy();
    expect(within(numeric).getByText('8')).toBeTruthy();
    expect(
      within(numeric).getByText(
        "Il tuo risultato è pari o superiore a quello dell'88% del gruppo di riferimento «Laureati» (850 persone).",
      ),
    ).toBeTruthy();
  });

  it('shows an estimate with its SE as a percentile range, not a point', async () => {
    renderPage();
    const adaptive = (await screen.findByRole('heading', { name: 'Adattivo' })).closest('li')!;
    // Italian elides before a number read with a vowel: l'82° (ottantaduesimo), as the server's PDF does.
    expect(within(adaptive).getByText("tra il 46° e l'82° percentile")).toBeTruthy();
    expect(
      within(adaptive).getByText(
        "Tenendo conto della precisione della misura, il tuo risultato si colloca tra il 46° e l'82° percentile del gruppo di riferimento «Popolazione» (1200 persone).",
      ),
    ).toBeTruthy();
    expect(within(adaptive).queryByText(/58/)).toBeNull();
  });
});
