import type { StaffCampaignResponse } from '@prova/contract/staff-campaigns';
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

type CampaignCounts = StaffCampaignResponse['campaign']['counts'];

/** Campaign 5, "Talenti 2027", open in Italian, with these tests and counts. */
export function openCampaign(
  tests: StaffCampaignResponse['tests'],
  counts: Omit<CampaignCounts, 'participants' | 'tests'>,
): StaffCampaignResponse {
  return {
    status: true,
    campaign: {
      id: 5,
      name: 'Talenti 2027',
      status: 'ACTIVE',
      theme: 'dashboard',
      languages: ['IT_it'],
      dateStart: '2026-01-01T08:00:00Z',
      dateEnd: '2027-12-31T20:00:00Z',
      phase: 'open',
      is360: false,
      retentionMonths: null,
      ratingsLocked: false,
      assessmentsOpenUntil: null,
      counts: { participants: 2, tests: tests.length, ...counts },
    },
    tests,
  };
}

/** A candidate of the company as the console lists them. */
export const staffPerson = (id: number, firstName: string, hasPassword = true) => ({
  id,
  firstName,
  lastName: 'Rossi',
  email: `${firstName.toLowerCase()}@example.com`,
  role: 'user' as const,
  lang: 'IT_it' as const,
  active: true,
  hasPassword,
});
