// @vitest-environment jsdom
import type { Campaign } from '@prova/contract/campaigns';
import type { PersonalReportResponse, ReportPageContent } from '@prova/contract/reports';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { renderWithTexts } from '@/testing/render';
import { ReportPage } from './report-page';

const campaign = { id: 70, name: 'Percorso', noReportText: '' } as Campaign;

const personal: PersonalReportResponse = {
  status: true,
  result: {
    person: { id: 5, firstName: 'Anna', lastName: 'Rossi' },
    campaign: { id: 70, name: 'Percorso' },
    results360: null,
    rep: {
      areas: [
        { id: 1, name: 'Pensiero', value: 4.5, feedback: 'Ottimo metodo.', inProfile: true },
        { id: 6, name: 'Motivazione', value: 5, feedback: '', inProfile: false },
      ],
      skills: [
        { id: 10, areaId: 1, name: 'Analisi', value: 4.5 },
        { id: 11, areaId: 1, name: 'Sintesi', value: 2 },
        { id: 60, areaId: 6, name: 'Energia', value: 5 },
      ],
      markers: [
        { id: 110, skillId: 11, name: 'Riassume', value: 2, feedback: 'Riassume a fatica.', devSuggestion: 'Scrivi tre righe.---Rileggi.' },
      ],
      tasks: [{ id: 1, markerId: 110, name: 'Sintesi', abbreviation: 'SIN' }],
      tests: [{ id: 101, taskId: 1, name: 'Prova di sintesi' }],
    },
  },
};

/** Answers the page's one report call as the server would. */
const server = (page: ReportPageContent | { status: number; body: unknown }) =>
  fakeApi({ 'GET /api/report/70/page': 'kind' in page ? { body: { status: true, page } } : page });

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithTexts(
    <QueryClientProvider client={client}>
      <ReportPage campaign={campaign} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('ReportPage', () => {
  it('says there is no report when the server has none to show', async () => {
    const calls = server({ kind: 'none' });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Nessun report disponibile' })).toBeTruthy();
    expect(screen.getByText('La pagina di report non è ancora attiva. Ti avviseremo quando sarà disponibile.')).toBeTruthy();
    expect(calls.map((call) => call.path)).toEqual(['/api/report/70/page']);
  });

  it('says the report could not be loaded, with a retry, when the server fails (not that there is none)', async () => {
    const calls = server({ status: 500, body: { status: false, code: 'INTERNAL', message: 'x' } });
    renderPage();
    const retry = await screen.findByRole('button', { name: 'Riprova' });
    expect(screen.queryByRole('heading', { name: 'Nessun report disponibile' })).toBeNull();
    const asked = calls.length;
    await userEvent.click(retry);
    await waitFor(() => expect(calls.length).toBe(asked + 1));
  });

  it('offers the document the server names', async () => {
    server({ kind: 'document', document: { id: 9, name: 'Il tuo report', kind: 'individual', visibleToAssessorsOnly: false } });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Il report è pronto per il download' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Il tuo report' }).getAttribute('href')).toBe('/api/reports/9/run/70');
  });

  it('shows the individual report in one request: download, star, point of attention, markers that open', async () => {
    const calls = server({ kind: 'individual', report: personal.result });
    renderPage();
    const report = await screen.findByRole('article', { name: 'Report individuale' });
    expect(within(report).getByRole('link', { name: 'Scarica il report' }).getAttribute('href')).toBe(
      '/api/report/70/individual/hr/5/download',
    );
    // Energia is the highest, but its area is out of the profile: no star, not in the summary.
    expect(within(report).getAllByRole('img', { name: 'Punto di forza' })).toHaveLength(1);
    const summary = within(report).getByRole('region', { name: 'Il tuo profilo' });
    expect(summary.textContent).toContain('4,50 su 5 · Presidio ottimo');
    expect(summary.textContent).not.toContain('Motivazione');
    // The radar: one axis per area of the profile.
    expect(
      [...summary.querySelectorAll('figure .report-chart__drawing--wide svg .report-chart__axes text')].map((label) => label.textContent),
    ).toEqual(['Pensiero']);
    const attention = within(report).getByRole('note', { name: 'Punto di attenzione' });
    expect(
      within(attention)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Scrivi tre righe.', 'Rileggi.']);

    const toggle = within(report).getByRole('button', { name: /Indicatori.*Sintesi/ });
    const evaluation = screen.getByText('Riassume a fatica.');
    expect(evaluation.closest('[hidden]')).not.toBeNull();
    await userEvent.click(toggle);
    await userEvent.click(within(report).getByRole('button', { name: 'Riassume' }));
    expect(evaluation.closest('[hidden]')).toBeNull();
    expect(screen.getByText('Prova di sintesi', { exact: false })).toBeTruthy();
    expect(calls.map((call) => call.path)).toEqual(['/api/report/70/page']);
  });
});
