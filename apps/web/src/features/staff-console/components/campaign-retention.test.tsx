// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, openCampaign, renderConsole } from '../test-support';
import { CampaignRetention } from './campaign-retention';

afterEach(() => vi.unstubAllGlobals());

const { campaign } = openCampaign([], { invited: 0, finished: 0, started: 0 });

describe('<CampaignRetention>', () => {
  it("sets the campaign's own period, refuses one out of range, and empty gives the company's back", async () => {
    const calls = fakeApi({ 'PUT /api/staff/campaigns/5/retention': ({ body }) => ({ body: { status: true, ...(body as object) } }) });
    renderConsole(<CampaignRetention campaign={{ ...campaign, retentionMonths: 12 }} />);
    const field = screen.getByLabelText('Mesi dopo la fine della campagna') as HTMLInputElement;
    expect(field.value).toBe('12');
    await userEvent.clear(field);
    await userEvent.type(field, '300');
    await userEvent.click(screen.getByRole('button', { name: 'Salva la conservazione' }));
    expect(await screen.findByText('Scrivi un numero di mesi da 1 a 240, o lascia vuoto.')).toBeTruthy();
    await userEvent.clear(field);
    await userEvent.click(screen.getByRole('button', { name: 'Salva la conservazione' }));
    await vi.waitFor(() => expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ retentionMonths: null }]));
  });
});
