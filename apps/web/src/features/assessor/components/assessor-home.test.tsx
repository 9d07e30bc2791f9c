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

const answer = (body: AssessmentsResponse) =>
  fakeApi({
    'GET /api/usercampaign/77/assessments': { body },
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

describe('<AssessorHome>', () => {
  it('lists the people to assess by test, with their state in words and one action each', async () => {
    const calls = answer({
      status: true,
      tests: [
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
      ],
    });
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
});
