// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, openCampaign, renderConsole } from '../test-support';
import { CampaignAssessments } from './campaign-assessments';

afterEach(() => vi.unstubAllGlobals());

const { campaign } = openCampaign([], { invited: 0, finished: 0, started: 0 });
const closed = { ...campaign, status: 'REPORT' as const, phase: 'ended' as const, ratingsLocked: true };

describe('<CampaignAssessments>', () => {
  it('says the ratings stay open while the campaign runs, and offers no reopening', () => {
    renderConsole(<CampaignAssessments campaign={campaign} />);
    expect(screen.getByText('Le valutazioni restano aperte finché la campagna è in corso.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Riapri le valutazioni' })).toBeNull();
  });

  it('says why they are locked, refuses hours out of range before sending, and reopens them for the hours and reason given', async () => {
    const calls = fakeApi({
      'POST /api/staff/campaigns/5/assessments/reopen': { body: { status: true, assessmentsOpenUntil: '2027-01-01T10:00:00Z' } },
    });
    renderConsole(<CampaignAssessments campaign={closed} />);
    expect(screen.getByText(/Le valutazioni sono chiuse: la campagna è terminata o i suoi report sono pubblicati/)).toBeTruthy();
    const hours = screen.getByLabelText('Per quante ore riaprirle');
    await userEvent.clear(hours);
    await userEvent.type(hours, '200');
    await userEvent.click(screen.getByRole('button', { name: 'Riapri le valutazioni' }));
    expect(await screen.findByText('Inserisci un numero intero di ore da 1 a 168.')).toBeTruthy();
    expect(hours.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.clear(hours);
    await userEvent.type(hours, '4');
    await userEvent.type(screen.getByLabelText('Motivo (resta nel registro delle attività)'), 'Nota dimenticata');
    await userEvent.click(screen.getByRole('button', { name: 'Riapri le valutazioni' }));
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ hours: 4, reason: 'Nota dimenticata' }]),
    );
  });

  it("says only the company's admin may reopen them when the server refuses", async () => {
    fakeApi({
      'POST /api/staff/campaigns/5/assessments/reopen': { status: 403, body: { status: false, code: 'FORBIDDEN', message: 'no' } },
    });
    renderConsole(<CampaignAssessments campaign={closed} />);
    await userEvent.click(screen.getByRole('button', { name: 'Riapri le valutazioni' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Solo l’amministratore dell’azienda può riaprire le valutazioni.');
  });

  it('says until when they are reopened', () => {
    renderConsole(<CampaignAssessments campaign={{ ...closed, ratingsLocked: false, assessmentsOpenUntil: '2027-01-01T10:00:00Z' }} />);
    expect(screen.getByText(/^Valutazioni riaperte fino (al |all')\d\d\.\d\d\.2027 \d\d:\d\d: poi si richiudono da sole\.$/)).toBeTruthy();
  });
});
