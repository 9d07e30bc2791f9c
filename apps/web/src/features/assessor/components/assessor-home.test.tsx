// @vitest-environment jsdom
import type { AssessmentsResponse } from '@prova/contract/assessments';
import type { User } from '@prova/contract/auth';
import type { Campaign } from '@prova/contract/campaigns';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { renderWithTexts } from '@/testing/render';
import { AssessorHome } from './assessor-home';

const campaign = { id: 77, name: 'Sviluppo talenti', description: '<p>Campagna di <strong>sviluppo</strong>.</p>' } as Campaign;
const user = { firstName: 'Elena', lastName: 'Conti', isAssessor: true } as User;

const answer = (body: Omit<AssessmentsResponse, 'ratingsLocked' | 'reopenedUntil'> & Partial<AssessmentsResponse>) =>
  fakeApi({
    'GET /api/usercampaign/77/assessments': { body: { ratingsLocked: false, reopenedUntil: null, ...body } },
    // No QTI test with answers to rate here (ratings.test.tsx has them).
    'GET /api/ratings/77': { body: { status: true, tests: [] } },
  });

function renderHome() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithTexts(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AssessorHome campaign={campaign} user={user} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

/** One grid test with a person in each state. */
const interview: AssessmentsResponse['tests'] = [
  {
    testId: 201,
    name: 'Colloquio comportamentale',
    abbreviation: 'COL',
    description: '',
    criteria: 2,
    people: [
      { id: 1, firstName: 'Giulia', lastName: 'Ferri', state: 'not started', rated: 0 },
      { id: 2, firstName: 'Marco', lastName: 'Sala', state: 'in progress', rated: 1 },
      { id: 3, firstName: 'Luca', lastName: 'Moretti', state: 'rated', rated: 2 },
    ],
  },
];

describe('<AssessorHome>', () => {
  it('lists the people to assess by test, with their state in words and one action each', async () => {
    const calls = answer({ status: true, tests: interview });
    renderHome();
    const section = await screen.findByRole('region', { name: 'Colloquio comportamentale' });
    expect(calls.map((call) => call.path)).toEqual(['/api/usercampaign/77/assessments', '/api/ratings/77']);
    const rows = within(section)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows).toEqual([
      'Giulia FerriDa valutare · 0 di 2 criteriValuta',
      'Marco SalaValutazione in corso · 1 di 2 criteriContinua',
      'Luca MorettiValutazione completata · 2 di 2 criteriRivedi',
    ]);
    expect(screen.getByRole('button', { name: 'Valuta: Giulia Ferri' })).toBeTruthy();
    expect(screen.getByText('1 valutazione completata su 3')).toBeTruthy();
    // The campaign's rich text is rendered, not shown as tags; no candidate counters.
    expect(screen.getByText('sviluppo').tagName).toBe('STRONG');
    expect(document.body.textContent).not.toContain('<p>');
    expect(document.body.textContent).not.toContain('Hai completato');
  });

  it('says so when there is nobody to assess', async () => {
    answer({ status: true, tests: [] });
    renderHome();
    expect(await screen.findByText('In questa campagna non hai persone da valutare.')).toBeTruthy();
  });

  it('says when the campaign is closed, and offers every grid to read again only', async () => {
    answer({ status: true, tests: interview, ratingsLocked: true });
    renderHome();
    expect(
      await screen.findByText('La campagna è chiusa: le valutazioni e le note si possono rileggere ma non più modificare.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rivedi: Giulia Ferri' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Valuta: Giulia Ferri' })).toBeNull();
  });

  it('says until when staff reopened the ratings, which are taken meanwhile', async () => {
    answer({ status: true, tests: interview, reopenedUntil: '2026-12-03T18:30:00+01:00' });
    renderHome();
    expect(await screen.findByText(/^Le valutazioni sono riaperte fino al 03\.12\.2026 \d\d:30\.$/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Valuta: Giulia Ferri' })).toBeTruthy();
    expect(screen.queryByText(/La campagna è chiusa/)).toBeNull();
  });
});
