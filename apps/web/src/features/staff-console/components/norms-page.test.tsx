// @vitest-environment jsdom
import type { StaffNorm } from '@prova/contract/norms';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, openCampaign, renderConsole } from '../test-support';
import { NormsPage } from './norms-page';

const campaigns = [5, 6].map((id) => ({
  ...openCampaign([], { invited: 0, finished: 0, started: 0 }).campaign,
  id,
  name: `Campagna ${id}`,
}));
const campaign5 = openCampaign([{ id: 401, abbreviation: 'NRM', name: 'Normato', assessorTest: false }], {
  invited: 0,
  finished: 0,
  started: 0,
});
const saved: StaffNorm = {
  id: 9,
  name: 'Candidati 2026',
  testId: 401,
  testName: 'Normato',
  outcome: 'score',
  n: 35,
  mean: 18,
  sd: 10.247,
  table: null,
  campaignIds: [],
};

afterEach(() => vi.unstubAllGlobals());

function server(norms: StaffNorm[], preview: { status?: number; body: unknown }) {
  return fakeApi({
    'GET /api/staff/norms': { body: { status: true, norms } },
    'GET /api/staff/campaigns': { body: { status: true, campaigns } },
    'GET /api/staff/campaigns/5': { body: campaign5 },
    'POST /api/staff/norms/preview': preview,
    'POST /api/staff/norms': { body: { status: true, norm: saved } },
    'PUT /api/staff/campaigns/6/norms': { body: { status: true, norms: [{ ...saved, campaignIds: [6] }] } },
  });
}

async function fillForm() {
  await userEvent.type(await screen.findByLabelText('Nome del gruppo (Italiano)'), 'Candidati 2026');
  await userEvent.click(screen.getByRole('checkbox', { name: 'Campagna 5' }));
  const test = screen.getByLabelText('Test');
  await waitFor(() => expect(within(test).getByRole('option', { name: 'Normato (NRM)' })).toBeTruthy());
  await userEvent.selectOptions(test, '401');
  await userEvent.type(screen.getByLabelText('Risultato (outcome)'), 'score');
}

describe('<NormsPage>', () => {
  it('shows n, mean and sd before saving, then saves the norm', async () => {
    const calls = server([], { body: { status: true, norm: { n: 35, mean: 18, sd: 10.247 } } });
    renderConsole(<NormsPage />);
    await fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Calcola' }));
    const status = await screen.findByRole('status');
    expect(within(status).getByText('35')).toBeTruthy();
    expect(within(status).getByText('18')).toBeTruthy();
    expect(within(status).getByText('10,25')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/staff/norms')).toEqual([]);
    await userEvent.click(within(status).getByRole('button', { name: 'Salva il gruppo' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/staff/norms')).toBe(true));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/staff/norms')?.body).toEqual({
      name: { IT_it: 'Candidati 2026' },
      test: 401,
      outcome: 'score',
      campaigns: [5],
    });
  });

  it('names the group in each language, each field marked with its language', async () => {
    const calls = server([], { body: { status: true, norm: { n: 35, mean: 18, sd: 10.247 } } });
    renderConsole(<NormsPage />);
    const names = await screen.findByRole('group', { name: 'Nome del gruppo' });
    expect(
      within(names)
        .getAllByRole('textbox')
        .map((field) => field.getAttribute('lang')),
    ).toEqual(['it', 'en', 'es']);
    await fillForm();
    await userEvent.type(within(names).getByLabelText('Nome del gruppo (Inglese)'), '2026 applicants');
    await userEvent.type(within(names).getByLabelText('Nome del gruppo (Spagnolo)'), 'Candidatos 2026');
    await userEvent.click(screen.getByRole('button', { name: 'Calcola' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Salva il gruppo' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path === '/api/staff/norms')?.body).toMatchObject({
        name: { IT_it: 'Candidati 2026', EN_en: '2026 applicants', ES_es: 'Candidatos 2026' },
      }),
    );
  });

  it('asks for a name in at least one language before asking the server', async () => {
    const calls = server([], { body: { status: true, norm: { n: 35, mean: 18, sd: 10.247 } } });
    renderConsole(<NormsPage />);
    await userEvent.type(await screen.findByLabelText('Nome del gruppo (Inglese)'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Calcola' }));
    expect(await screen.findByText('Expected the norm group’s name')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('says why the server refuses too few results, at the campaigns', async () => {
    server([], {
      status: 422,
      body: {
        status: false,
        code: 'VALIDATION',
        message: 'x',
        errors: [{ path: 'body.campaigns', message: 'only 9 completed results for this outcome: a norm needs at least 30' }],
      },
    });
    renderConsole(<NormsPage />);
    await fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Calcola' }));
    expect(await screen.findByText('only 9 completed results for this outcome: a norm needs at least 30')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Salva il gruppo' })).toBeNull();
  });

  it('chooses a saved norm for a campaign', async () => {
    const calls = server([saved], { body: {} });
    renderConsole(<NormsPage />);
    const item = (await screen.findByRole('heading', { name: 'Candidati 2026' })).closest('li')!;
    await userEvent.selectOptions(within(item).getByLabelText('Campagna per «Candidati 2026»'), '6');
    await userEvent.click(within(item).getByRole('button', { name: 'Usa nella campagna' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ norms: [9] }));
    expect(await within(item).findByText('Campagna 6')).toBeTruthy();
  });
});
