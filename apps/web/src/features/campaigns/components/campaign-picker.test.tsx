// @vitest-environment jsdom
import type { CampaignListItem } from '@prova/contract/campaigns';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTexts } from '@/testing/render';
import { CampaignPicker } from './campaign-picker';

// One state per campaign, the server's: a campaign staff closed reads 'Conclusa' whatever its end date says, with no
// deadline and no 'Nuova!'; one not open yet says when it opens.

const item = (over: Partial<CampaignListItem>): CampaignListItem => ({
  id: 1,
  name: 'Aperta',
  theme: 'dashboard',
  languages: [{ lang: 'IT_it', name: 'Italiano' }],
  dateStart: '2026-01-01T08:00:00Z',
  dateEnd: '2027-06-30T20:00:00Z',
  phase: 'open',
  user: { lang: null, accessDate: null },
  status: 'ACTIVE',
  is360: false,
  progress: null,
  reportAvailable: false,
  ...over,
});

const campaigns = [
  item({ id: 1, name: 'Aperta' }),
  // Closed by staff long before its end date.
  item({ id: 2, name: 'Chiusa', status: 'COMPLETED', phase: 'ended', reportAvailable: true }),
  item({
    id: 3,
    name: 'Scaduta',
    phase: 'ended',
    dateEnd: '2026-03-31T20:00:00Z',
    user: { lang: 'IT_it', accessDate: '2026-03-01T10:00:00Z' },
  }),
  item({ id: 4, name: 'Futura', phase: 'upcoming', dateStart: '2027-01-10T08:00:00Z' }),
];
const card = (name: string) => screen.getByRole('heading', { name }).closest('li') as HTMLElement;

describe('<CampaignPicker>', () => {
  it("shows each campaign's phase as the server gives it, and only the dates that still mean something", () => {
    renderWithTexts(<CampaignPicker campaigns={campaigns} onEnter={() => {}} />);
    expect(within(card('Aperta')).getByText('In corso')).toBeTruthy();
    expect(within(card('Aperta')).getByText('Scade il 30/06/2027')).toBeTruthy();
    expect(within(card('Aperta')).getByText('Nuova!')).toBeTruthy();

    const closed = card('Chiusa');
    expect(within(closed).getByText('Conclusa')).toBeTruthy();
    expect(within(closed).getByText('Report disponibile')).toBeTruthy();
    expect(closed.textContent).not.toContain('Scade il');
    expect(closed.textContent, 'nothing new about a campaign that is over').not.toContain('Nuova!');

    expect(within(card('Scaduta')).getByText('Conclusa')).toBeTruthy();
    expect(within(card('Scaduta')).getByText('Conclusa il 31/03/2026')).toBeTruthy();

    expect(within(card('Futura')).getByText('Non ancora aperta')).toBeTruthy();
    expect(within(card('Futura')).getByText('Si apre il 10/01/2027')).toBeTruthy();
  });
});
