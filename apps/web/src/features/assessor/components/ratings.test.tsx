// @vitest-environment jsdom
import type { User } from '@prova/contract/auth';
import type { Campaign } from '@prova/contract/campaigns';
import type { RatingList, RatingSheet } from '@prova/contract/item-ratings';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, fakeApi } from '@/testing/fake-api';
import { stubDialogs } from '@/testing/dialogs';
import { renderWithTexts } from '@/testing/render';
import { AssessorHome } from './assessor-home';

beforeAll(stubDialogs);
afterEach(() => vi.unstubAllGlobals());

const campaign = { id: 77, name: 'Sviluppo talenti', description: '' } as Campaign;
const user = { firstName: 'Elena', lastName: 'Conti', isAssessor: true } as User;

const list: RatingList = {
  status: true,
  tests: [
    {
      testId: 731,
      name: 'Banca con tema',
      people: [
        { id: 1, firstName: 'Anna', lastName: 'Ferri', state: 'to rate', rated: 0, total: 1 },
        { id: 2, firstName: 'Carlo', lastName: 'Sala', state: 'waiting', rated: 0, total: 1 },
      ],
    },
  ],
};
const ANSWER = 'Ho chiuso <b>io</b> lo stabilimento,\ne ho tenuto le persone.';
const sheet = (over: Partial<RatingSheet> = {}): RatingSheet => ({
  status: true,
  test: { id: 731, name: 'Banca con tema' },
  person: { id: 1, firstName: 'Anna', lastName: 'Ferri' },
  complete: true,
  open: true,
  final: false,
  score: 1,
  items: [{ identifier: 'essay', prompt: 'Racconta una decisione difficile.', response: ANSWER, maxScore: 4, points: null, ratedAt: null }],
  ...over,
});

function renderHome(routes: Record<string, FakeAnswer | ((call: { body: unknown }) => FakeAnswer | Promise<FakeAnswer>)>) {
  const calls = fakeApi({
    'GET /api/usercampaign/77/assessments': { body: { status: true, tests: [], ratingsLocked: false, reopenedUntil: null } },
    'GET /api/ratings/77': { body: list },
    ...routes,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithTexts(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AssessorHome campaign={campaign} user={user} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

async function openAnna() {
  const section = await screen.findByRole('region', { name: 'Banca con tema' });
  const rows = within(section)
    .getAllByRole('listitem')
    .map((li) => li.textContent);
  expect(rows).toEqual([
    'Anna FerriDa valutare · 0 di 1 risposte valutateValuta le risposte',
    'Carlo SalaAttività non ancora consegnataValuta le risposte',
  ]);
  within(section).getByRole('button', { name: 'Valuta le risposte: Anna Ferri' }).focus();
  await userEvent.keyboard('{Enter}');
  return screen.findByRole('dialog', { name: 'Risposte di Anna Ferri · Banca con tema' });
}

describe("the assessor's answers to rate", () => {
  it("lists the people of a QTI test, opens one's answers by keyboard and shows the answer as text, never as HTML", async () => {
    renderHome({ 'GET /api/ratings/77/731/1': { body: sheet() } });
    const dialog = await openAnna();
    expect(await within(dialog).findByText('Racconta una decisione difficile.')).toBeTruthy();
    const answer = within(dialog).getByText((_, el) => el?.classList.contains('rating-item__answer') ?? false);
    expect(answer.textContent).toBe(ANSWER);
    expect(answer.querySelector('b')).toBeNull();
    expect(dialog.querySelector('.rating-dialog__note')?.textContent).toBe(
      "Risultato non definitivo: 1 risposta ancora da valutare. Punteggio dell'attività: 1.",
    );
  });

  it('says "saved" only once the server has the points, and shows the score it answers', async () => {
    let answer!: (value: FakeAnswer) => void;
    const calls = renderHome({
      'GET /api/ratings/77/731/1': { body: sheet() },
      'PUT /api/ratings/77/731/1/essay': () => new Promise<FakeAnswer>((resolve) => (answer = resolve)),
    });
    const dialog = await openAnna();
    const field = await within(dialog).findByRole('textbox', { name: 'Punti' });
    await userEvent.type(field, '2,5{Enter}');
    expect(await within(dialog).findByRole('button', { name: 'Salvataggio…' })).toBeTruthy();
    expect(within(dialog).getByRole('status').textContent).toBe('');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ points: 2.5 }]);

    answer({
      body: {
        status: true,
        final: true,
        score: 3.5,
        item: { ...sheet().items[0], points: 2.5, ratedAt: '2026-03-02T10:00:00Z' },
      },
    });
    expect(await within(dialog).findByText('Punti salvati.')).toBeTruthy();
    expect(within(dialog).getByText(/Tutte le risposte sono valutate: il risultato è definitivo\./).textContent).toContain('3,5');
  });

  it('refuses points outside 0 to the maximum before sending anything', async () => {
    const calls = renderHome({ 'GET /api/ratings/77/731/1': { body: sheet() } });
    const dialog = await openAnna();
    const field = await within(dialog).findByRole('textbox', { name: 'Punti' });
    await userEvent.type(field, '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salva i punti' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Inserisci un numero di punti da 0 a 4.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    expect(within(dialog).getByRole('status').textContent).toBe('');
  });

  it('says the points were not saved when the server refuses, and that the campaign is over when it is', async () => {
    renderHome({
      'GET /api/ratings/77/731/1': { body: sheet() },
      'PUT /api/ratings/77/731/1/essay': { status: 409, body: { status: false, code: 'CAMPAIGN_CLOSED', message: 'over' } },
    });
    const dialog = await openAnna();
    await userEvent.type(await within(dialog).findByRole('textbox', { name: 'Punti' }), '3{Enter}');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'La campagna è terminata: le valutazioni non si possono più modificare.',
    );
    expect(within(dialog).getByRole('status').textContent).toBe('');
  });

  it('offers no points to give before the candidate hands the test in', async () => {
    renderHome({
      'GET /api/ratings/77/731/1': {
        body: sheet({ complete: false, open: true, items: [{ ...sheet().items[0], response: null }] }),
      },
    });
    const dialog = await openAnna();
    expect(await within(dialog).findByText(/Anna Ferri non ha ancora consegnato l'attività/)).toBeTruthy();
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(within(dialog).getByText('Non valutata (massimo 4 punti)')).toBeTruthy();
  });
});
