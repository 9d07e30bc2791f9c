// @vitest-environment jsdom
import type { AuthoredTestSummary } from '@prova/contract/staff-authoring';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderConsole } from '../test-support';
import { formatDateTime } from './date-time';
import { AuthoredTestsPage } from './authored-tests-page';

afterEach(() => vi.unstubAllGlobals());

const test = (over: Partial<AuthoredTestSummary>): AuthoredTestSummary => ({
  id: 9,
  abbreviation: 'LOGICA',
  title: 'Logica',
  languages: ['IT_it', 'EN_en'],
  items: 12,
  started: false,
  campaignIds: [],
  packageHash: 'b'.repeat(64),
  updatedAt: '2026-11-30T10:15:00Z',
  ...over,
});

describe('<AuthoredTestsPage>', () => {
  it("lists the company's written tests with their languages, items, campaigns, whether started (then a link to its item analysis), and offers a new one", async () => {
    fakeApi({
      'GET /api/staff/authored-tests': {
        body: {
          status: true,
          tests: [test({}), test({ id: 10, title: 'Inglese base', languages: ['EN_en'], items: 3, started: true, campaignIds: [5] })],
        },
      },
      'GET /api/staff/campaigns': {
        body: {
          status: true,
          campaigns: [
            {
              id: 5,
              name: 'Talenti 2027',
              status: 'ACTIVE',
              theme: 'dashboard',
              languages: ['IT_it'],
              dateStart: '2026-01-01T08:00:00Z',
              dateEnd: '2027-12-31T20:00:00Z',
              phase: 'open',
              is360: false,
              counts: { participants: 0, tests: 1, invited: 0, finished: 0, started: 0 },
            },
          ],
        },
      },
    });
    renderConsole(<AuthoredTestsPage />);
    const first = (await screen.findByRole('link', { name: 'Logica' })).closest('li') as HTMLElement;
    expect(screen.getByRole('link', { name: 'Logica' }).getAttribute('href')).toBe('/console/tests/9');
    expect(within(first).getByText('Italiano, Inglese')).toBeTruthy();
    expect(within(first).getByText('12')).toBeTruthy();
    expect(within(first).getByText('Nessuna')).toBeTruthy();
    expect(within(first).getByText('Non ancora iniziato')).toBeTruthy();
    expect(within(first).getByText(formatDateTime('2026-11-30T10:15:00Z'))).toBeTruthy();
    const second = screen.getByRole('link', { name: 'Inglese base' }).closest('li') as HTMLElement;
    expect(await within(second).findByText('Talenti 2027')).toBeTruthy();
    expect(within(second).getByText('Già iniziato: non più modificabile')).toBeTruthy();
    // Only a test someone has started has attempts to analyse.
    expect(within(second).getByRole('link', { name: 'Analisi degli item di Inglese base' }).getAttribute('href')).toBe(
      '/console/tests/10/analysis',
    );
    expect(within(first).queryByRole('link', { name: /Analisi degli item/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Nuovo test' }).getAttribute('href')).toBe('/console/tests/new');
  });
});
