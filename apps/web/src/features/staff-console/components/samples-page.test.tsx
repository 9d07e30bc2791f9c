// @vitest-environment jsdom
import type { StaffSample } from '@prova/contract/staff-samples';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubDialogs } from '@/testing/dialogs';
import { fakeApi, openCampaign, renderConsole, staffPerson } from '../test-support';
import { SamplesPage } from './samples-page';

beforeAll(stubDialogs);
afterEach(() => vi.unstubAllGlobals());

const ref = (id: number, firstName: string) => ({ id, firstName, lastName: 'Rossi', email: `${firstName.toLowerCase()}@example.com` });
const sample = (id: number, assessed: string, rated = false): StaffSample => ({
  id,
  campaignId: 5,
  testId: 8,
  testName: 'Colloquio',
  assessor: ref(3, 'Elio'),
  assessed: ref(10 + id, assessed),
  rated,
});
const campaign = openCampaign([{ id: 8, abbreviation: 'INT', name: 'Colloquio', assessorTest: true }], {
  invited: 0,
  started: 0,
  finished: 0,
});
const people = [{ ...staffPerson(3, 'Elio'), role: 'Assessor' }, staffPerson(11, 'Carla'), staffPerson(12, 'Dario')].map((p) => ({
  ...p,
  companyId: 7,
  gender: null,
  hasSSO: false,
  deactivatedAt: null,
  createdAt: '2026-01-01T00:00:00Z',
  campaignIds: [5],
}));
const base = {
  'GET /api/staff/campaigns': { body: { status: true, campaigns: [campaign.campaign] } },
  'GET /api/staff/campaigns/5': { body: campaign },
  'GET /api/people': { body: { status: true, people, total: people.length, page: 1, pageSize: 200 } },
};

describe('<SamplesPage>', () => {
  it('filters by campaign and test, and assigns an assessor to a participant', async () => {
    const calls = fakeApi({
      ...base,
      'GET /api/samples': { body: { status: true, samples: [sample(1, 'Carla', true)] } },
      'POST /api/samples': { body: { status: true, sample: sample(2, 'Dario') } },
    });
    renderConsole(<SamplesPage />);
    const carla = await screen.findByRole('row', { name: /Carla Rossi/ });
    expect(within(carla).getByText('Già date')).toBeTruthy();
    expect(screen.getByText('Scegli una campagna per assegnare un valutatore.')).toBeTruthy();
    await userEvent.selectOptions(await screen.findByLabelText('Campagna'), 'Talenti 2027');
    const filters = screen.getByRole('search', { name: 'Filtri dei valutatori' });
    await userEvent.selectOptions(await within(filters).findByRole('combobox', { name: 'Test' }), 'Colloquio');
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/api/samples?campaignId=5&testId=8')).toBe(true));
    const form = screen.getByRole('region', { name: 'Assegna un valutatore' });
    await userEvent.selectOptions(await within(form).findByRole('combobox', { name: 'Valutatore/trice' }), 'Elio Rossi');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Persona valutata' }), 'Dario Rossi');
    await userEvent.click(within(form).getByRole('button', { name: 'Assegna' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ campaignId: 5, testId: 8, assessorId: 3, assessedId: 12 });
  });

  it('deletes the ticked assignments after a dialog naming the count; one with ratings is refused', async () => {
    const calls = fakeApi({
      ...base,
      'GET /api/samples': { body: { status: true, samples: [sample(1, 'Carla', true), sample(2, 'Dario')] } },
      'DELETE /api/samples/selection': { status: 409, body: { status: false, code: 'IN_USE', message: 'rated' } },
    });
    renderConsole(<SamplesPage />);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Seleziona Elio Rossi valuta Carla Rossi' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Seleziona Elio Rossi valuta Dario Rossi' }));
    await userEvent.click(screen.getByRole('button', { name: 'Elimina i selezionati (2)' }));
    const dialog = screen.getByRole('dialog', { name: 'Eliminare 2 assegnazioni?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Elimina' }));
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(/in uso/);
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ ids: [1, 2] });
  });
});
