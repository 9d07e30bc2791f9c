// @vitest-environment jsdom
import type { User } from '@prova/contract/auth';
import type { Campaign } from '@prova/contract/campaigns';
import type { PersonalReportResponse, ReportConfigResponse, ReportDocument } from '@prova/contract/reports';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { renderWithTexts } from '@/testing/render';
import { ReportPage } from './report-page';

const campaign = { id: 70, name: 'Percorso', noReportText: '' } as Campaign;
const user = { id: 5, firstName: 'Anna', lastName: 'Rossi' } as User;

const config = (downloadAllowed: boolean): ReportConfigResponse => ({
  status: true,
  report: { individualConf: { individual: { canAssessedDownload: true } } },
  downloadAllowed,
});
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

/** Answers each report call of the page as the server would. */
function server(answers: {
  config: ReportConfigResponse;
  documents?: ReportDocument[];
  personal?: PersonalReportResponse | { status: number; body: unknown };
}) {
  const { personal: answer } = answers;
  return fakeApi({
    'GET /api/report/70/config': { body: answers.config },
    'GET /api/reports': { body: { status: true, reports: answers.documents ?? [] } },
    'GET /api/report/70/individual/personal/5': answer && 'body' in answer ? answer : { body: answer },
  });
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithTexts(
    <QueryClientProvider client={client}>
      <ReportPage campaign={campaign} user={user} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('ReportPage', () => {
  it('says there is no report, without asking for it, while downloads are closed', async () => {
    const calls = server({ config: config(false) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Nessun report disponibile' })).toBeTruthy();
    expect(screen.getByText('La pagina di report non è ancora attiva. Ti avviseremo quando sarà disponibile.')).toBeTruthy();
    expect(calls.map((call) => call.path)).toEqual(['/api/report/70/config']);
  });

  it('says there is no report when the server answers that it is not available yet (409)', async () => {
    server({
      config: config(true),
      personal: { status: 409, body: { status: false, code: 'REPORT_NOT_AVAILABLE', message: 'The report is not available yet' } },
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Nessun report disponibile' })).toBeTruthy();
  });

  it('says the report could not be loaded, with a retry, when the server fails (not that there is none)', async () => {
    const calls = server({ config: config(true), personal: { status: 500, body: { status: false, code: 'INTERNAL', message: 'x' } } });
    renderPage();
    const retry = await screen.findByRole('button', { name: 'Riprova' });
    expect(screen.queryByRole('heading', { name: 'Nessun report disponibile' })).toBeNull();
    const asked = calls.length;
    await userEvent.click(retry);
    await waitFor(() => expect(calls.length).toBe(asked + 1));
  });

  it('offers the first document not kept for assessors', async () => {
    server({
      config: config(true),
      documents: [
        { id: 8, name: 'Solo valutatori', kind: 'individual', visibleToAssessorsOnly: true },
        { id: 9, name: 'Il tuo report', kind: 'individual', visibleToAssessorsOnly: false },
      ],
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Il report è pronto per il download' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Il tuo report' }).getAttribute('href')).toBe('/api/reports/9/run/70');
  });

  it('shows the individual report: download, star, point of attention, markers that open', async () => {
    server({ config: config(true), personal });
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
    expect([...summary.querySelectorAll('figure svg .report-chart__axes text')].map((label) => label.textContent)).toEqual(['Pensiero']);
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
  });
});
