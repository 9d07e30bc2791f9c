// @vitest-environment jsdom
import type { ProgressResponse } from '@prova/contract/staff-campaigns';
import type { StaffResponses } from '@prova/contract/staff-responses';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, openCampaign, renderConsole, staffPerson } from '../test-support';
import { stubDialogs } from '@/testing/dialogs';
import { CampaignPage } from './campaign-page';

beforeAll(stubDialogs);
afterEach(() => vi.unstubAllGlobals());

const tests = [
  { id: 11, abbreviation: 'QTI', name: 'Banca di domande', assessorTest: false, packageKind: 'qti' as const },
  { id: 12, abbreviation: 'WEB', name: 'Attività web', assessorTest: false },
];
const campaign = openCampaign(tests, { invited: 0, finished: 1, started: 1 });
const person = (id: number, firstName: string) => staffPerson(id, firstName);
const cell = (testId: number, status: 'complete' | 'not attempted') => ({
  testId,
  status,
  startedAt: status === 'complete' ? '2026-03-01T09:00:00Z' : null,
  updatedAt: status === 'complete' ? '2026-03-01T09:30:00Z' : null,
  previousAttempts: 0,
});
const row = (id: number, firstName: string, status: 'complete' | 'not attempted') => ({
  user: person(id, firstName),
  cells: [cell(11, status), cell(12, status)],
  completed: status === 'complete' ? 2 : 0,
  total: 2,
  lastActivity: null,
  invitedAt: null,
  feedback360: null,
  reportAvailable: true,
  campaignLang: null,
});
const progress: ProgressResponse = {
  status: true,
  tests,
  total: 2,
  page: 1,
  pageSize: 25,
  counts: { 'not attempted': 2, incomplete: 0, complete: 2 },
  at: '2026-03-02T10:15:00Z',
  participants: [row(21, 'Anna', 'complete'), row(22, 'Bruno', 'not attempted')],
};
const variable = (response: StaffResponses['items'][number]['responses'][number]['response'], correct: typeof response, extra = {}) => ({
  identifier: 'RESPONSE',
  cardinality: Array.isArray(correct) ? ('ordered' as const) : ('single' as const),
  baseType: 'identifier',
  response,
  correct,
  mapping: [],
  ...extra,
});
const scored: StaffResponses = {
  test: { id: 11, title: 'Banca di domande' },
  status: 'complete',
  scored: true,
  items: [
    { identifier: 'rivers', title: 'Fiumi', section: 'Parole', score: 1, flagged: false, responses: [variable('C', 'C')] },
    {
      identifier: 'capital',
      title: 'Capitale',
      section: 'Parole',
      score: 0.5,
      flagged: true,
      responses: [variable('adam', 'Amsterdam', { baseType: 'string', mapping: [{ key: 'Adam', points: 0.5 }] })],
    },
    {
      identifier: 'planets',
      title: 'Pianeti',
      section: 'Ordine',
      score: 0,
      flagged: false,
      responses: [variable(null, ['MERCURY', 'VENUS'])],
    },
  ],
  outcomes: [
    { questionId: 'SCORE', value: 1.5 },
    { questionId: 'PASSED', value: false },
  ],
};

function api(responses: { status?: number; body: unknown } = { body: scored }) {
  return fakeApi({
    'GET /api/staff/campaigns/5': { body: campaign },
    'GET /api/staff/campaigns/5/progress': { body: progress },
    'GET /api/staff/campaigns/5/participants/21/tests/11/responses': responses,
  });
}

describe("a participant's responses in a QTI test", () => {
  it('opens from the QTI cell by keyboard and lists every item with the response, the key and the score', async () => {
    const calls = api();
    renderConsole(<CampaignPage campaignId={5} />);
    const table = await screen.findByRole('table', { name: 'Avanzamento dei partecipanti per attività' });
    // Only a QTI test someone has begun has responses to read; a web app's cell has none.
    expect(
      within(table)
        .getAllByRole('button', { name: /^Risposte di/ })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Risposte di Anna Rossi in «Banca di domande»']);
    within(table).getByRole('button', { name: 'Risposte di Anna Rossi in «Banca di domande»' }).focus();
    await userEvent.keyboard('{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Risposte di Anna Rossi · Banca di domande' });
    expect(calls.map((c) => c.path)).toContain('/api/staff/campaigns/5/participants/21/tests/11/responses');
    const items = await within(dialog).findAllByRole('listitem');
    const cards = items.filter((li) => li.querySelector('h3'));
    expect(cards.map((li) => within(li).getByRole('heading', { level: 3 }).textContent)).toEqual(['1. Fiumi', '2. Capitale', '3. Pianeti']);
    expect(cards[0].textContent).toContain('Punteggio: 1');
    expect(cards[1].textContent).toMatch(/Risposta\s*adam/);
    expect(cards[1].textContent).toMatch(/Risposta corretta\s*Amsterdam/);
    expect(cards[1].textContent).toContain('Segnata da rivedere');
    expect(cards[1].textContent).toContain('Adam: 0,5 punti');
    expect(cards[1].textContent).toContain('Punteggio: 0,5');
    expect(cards[2].textContent).toContain('Nessuna risposta');
    expect(cards[2].textContent).toContain("MERCURY, VENUS (in quest'ordine)");
    expect(dialog.textContent).toMatch(/SCORE\s*1,5/);
    expect(dialog.textContent).toMatch(/PASSED\s*No/);

    within(dialog).getByRole('button', { name: 'Chiudi' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says when the test is not scored yet', async () => {
    api({
      body: { ...scored, status: 'incomplete', scored: false, outcomes: [], items: scored.items.map((i) => ({ ...i, score: null })) },
    });
    renderConsole(<CampaignPage campaignId={5} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Risposte di Anna Rossi in «Banca di domande»' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText("Non ancora valutata: i punteggi arrivano quando l'attività è completata.")).toBeTruthy();
    expect(dialog.textContent).toContain('Punteggio: non ancora calcolato');
  });

  it('says when the responses cannot be loaded', async () => {
    api({ status: 500, body: { status: false, code: 'INTERNAL', message: 'x' } });
    renderConsole(<CampaignPage campaignId={5} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Risposte di Anna Rossi in «Banca di domande»' }));
    expect(await screen.findByText('Non è stato possibile caricare le risposte.')).toBeTruthy();
  });

  it('marks an essay an assessor still has to rate, and says the result is not final until then', async () => {
    const essay = {
      identifier: 'essay',
      title: 'Una decisione',
      section: 'Scrittura',
      score: 0,
      flagged: false,
      responses: [variable('Ho chiuso uno stabilimento.', null, { baseType: 'string' })],
    };
    api({
      body: { ...scored, final: false, items: [...scored.items, { ...essay, rating: { maxScore: 4, points: null, ratedAt: null } }] },
    });
    renderConsole(<CampaignPage campaignId={5} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Risposte di Anna Rossi in «Banca di domande»' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText('Risultato non definitivo: alcune risposte sono ancora da valutare da parte di un valutatore.'),
    ).toBeTruthy();
    expect(within(dialog).getByText('Da valutare da un valutatore (massimo 4 punti)')).toBeTruthy();
    // Only the essay is one an assessor rates.
    expect(within(dialog).getAllByText(/valutatore/)).toHaveLength(2);
  });

  it('shows the points an assessor gave, and no warning once every rated item is rated', async () => {
    const essay = { identifier: 'essay', title: 'Una decisione', section: 'Scrittura', score: 2.5, flagged: false, responses: [] };
    api({ body: { ...scored, final: true, items: [{ ...essay, rating: { maxScore: 4, points: 2.5, ratedAt: '2026-03-02T10:00:00Z' } }] } });
    renderConsole(<CampaignPage campaignId={5} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Risposte di Anna Rossi in «Banca di domande»' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Valutata da un valutatore: 2,5 punti su 4')).toBeTruthy();
    expect(dialog.textContent).not.toContain('non definitivo');
  });

  it("shows the test's percentile and sten against each norm group of the campaign, with its name, size and what it means", async () => {
    const norm = { testId: 11, testName: 'Banca di domande', n: 850, sten: 7, band: null };
    api({
      body: {
        ...scored,
        norms: [
          { ...norm, normId: 1, outcome: 'SCORE', name: 'Diplomati 2025', percentile: 73 },
          { ...norm, normId: 2, outcome: 'THETA', name: 'Laureati', n: 1, percentile: 60, sten: 6, band: { low: 41, high: 77 } },
        ],
      },
    });
    renderConsole(<CampaignPage campaignId={5} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Risposte di Anna Rossi in «Banca di domande»' }));
    const dialog = await screen.findByRole('dialog');
    const section = await within(dialog).findByRole('region', { name: 'Rispetto ai gruppi di riferimento della campagna' });
    const [score, theta] = within(section).getAllByRole('listitem');
    expect(score.textContent).toMatch(/«Diplomati 2025» \(850 persone\) · SCORE/);
    expect(score.textContent).toMatch(/Percentile\s*73/);
    expect(score.textContent).toMatch(/Sten \(1-10\)\s*7/);
    expect(score.textContent).toContain('Il risultato è pari o superiore a quello del 73% del gruppo «Diplomati 2025».');
    // An estimate with its SE is a range, not a point.
    expect(theta.textContent).toMatch(/«Laureati» \(1 persona\) · THETA/);
    expect(theta.textContent).toContain('tra 41 e 77 (stima 60), data la precisione della misura');
    expect(theta.textContent).toMatch(/Sten \(1-10\)\s*6/);
    expect(theta.textContent).toContain('il risultato sta tra il percentile 41 e il percentile 77 del gruppo «Laureati»');
  });

  it("lists an adaptive test's items in the order given, each with the estimate after it, and the one the candidate is on", async () => {
    const given = (identifier: string, title: string, response: string, score: number, theta: number, se: number) => ({
      identifier,
      title,
      section: '',
      score,
      flagged: false,
      responses: [variable(response, 'B')],
      estimate: { theta, se },
    });
    api({
      body: {
        ...scored,
        status: 'incomplete',
        scored: false,
        outcomes: [],
        adaptive: true,
        items: [
          given('q17', 'Somma 17', 'B', 1, 0.61, 0.82),
          given('q04', 'Somma 4', 'C', 0, 0.1234, 0.7),
          {
            identifier: 'q22',
            title: 'Somma 22',
            section: '',
            score: null,
            flagged: false,
            current: true,
            responses: [variable(null, 'B')],
          },
        ],
      },
    });
    renderConsole(<CampaignPage campaignId={5} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Risposte di Anna Rossi in «Banca di domande»' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/^Test adattivo: le domande nell'ordine in cui sono state date/)).toBeTruthy();
    const cards = within(dialog)
      .getAllByRole('listitem')
      .filter((li) => li.querySelector('h3'));
    expect(cards.map((li) => within(li).getByRole('heading', { level: 3 }).textContent)).toEqual([
      '1. Somma 17',
      '2. Somma 4',
      '3. Somma 22',
    ]);
    expect(cards[0].textContent).toContain('Punteggio: 1');
    expect(cards[0].textContent).toContain('Stima dopo questa risposta: θ 0,61 (errore standard 0,82)');
    expect(cards[1].textContent).toMatch(/Risposta\s*C/);
    expect(cards[1].textContent).toContain('θ 0,12 (errore standard 0,70)');
    expect(cards[2].textContent).toContain('La domanda su cui si trova ora: non ancora risposta.');
    expect(cards[2].textContent).not.toContain('Stima');
    expect(cards[2].textContent).not.toContain('Punteggio');
  });

  it('says when an adaptive test has given no item yet', async () => {
    api({ body: { ...scored, status: 'not attempted', scored: false, outcomes: [], adaptive: true, items: [] } });
    renderConsole(<CampaignPage campaignId={5} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Risposte di Anna Rossi in «Banca di domande»' }));
    expect(await screen.findByText('Test adattivo: nessuna domanda è stata ancora data.')).toBeTruthy();
  });

  it('shows no norm section when the campaign reports against none', async () => {
    api({ body: { ...scored, norms: [] } });
    renderConsole(<CampaignPage campaignId={5} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Risposte di Anna Rossi in «Banca di domande»' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('1. Fiumi');
    expect(within(dialog).queryByRole('region')).toBeNull();
  });
});
