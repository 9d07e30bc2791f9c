// @vitest-environment jsdom
import type { ProgressResponse } from '@prova/contract/staff-campaigns';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, openCampaign, renderConsole, staffPerson } from '../test-support';
import { stubDialogs } from '@/testing/dialogs';
import { CampaignPage } from './campaign-page';

beforeAll(stubDialogs);
afterEach(() => vi.unstubAllGlobals());

const tests = [
  { id: 11, abbreviation: 'NUM', name: 'Ragionamento numerico', assessorTest: false },
  { id: 12, abbreviation: 'STI', name: 'Stili di lavoro', assessorTest: false },
];
const campaign = openCampaign(tests, { invited: 1, finished: 0, started: 1 });
const person = (id: number, firstName: string) => staffPerson(id, firstName, false);
const progress: ProgressResponse = {
  status: true,
  tests,
  total: 2,
  page: 1,
  pageSize: 25,
  counts: { 'not attempted': 2, incomplete: 1, complete: 1 },
  at: '2026-03-02T10:15:00Z',
  participants: [
    {
      user: person(21, 'Anna'),
      cells: [
        { testId: 11, status: 'complete', startedAt: '2026-03-01T09:00:00Z', updatedAt: '2026-03-01T09:30:00Z', previousAttempts: 1 },
        { testId: 12, status: 'incomplete', startedAt: '2026-03-01T10:00:00Z', updatedAt: '2026-03-01T10:05:00Z', previousAttempts: 0 },
      ],
      completed: 1,
      total: 2,
      lastActivity: '2026-03-01T10:05:00Z',
      invitedAt: '2026-02-20T08:00:00Z',
      feedback360: null,
      reportAvailable: true,
      campaignLang: null,
    },
    {
      user: person(22, 'Bruno'),
      cells: [
        { testId: 11, status: 'not attempted', startedAt: null, updatedAt: null, previousAttempts: 0 },
        { testId: 12, status: 'not attempted', startedAt: null, updatedAt: null, previousAttempts: 0 },
      ],
      completed: 0,
      total: 2,
      lastActivity: null,
      invitedAt: null,
      feedback360: null,
      reportAvailable: false,
      campaignLang: null,
    },
  ],
};

function api(overrides: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /api/staff/campaigns/5': { body: campaign },
    'GET /api/staff/campaigns/5/progress': { body: progress },
    ...overrides,
  });
}

describe('<CampaignPage>', () => {
  it('shows each participant by test in words, with invitation, history and last activity', async () => {
    api();
    renderConsole(<CampaignPage campaignId={5} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Talenti 2027' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Avanzamento dei partecipanti per attività' });
    const anna = within(table).getByRole('row', { name: /Anna Rossi/ });
    expect(anna.textContent).toContain('Completata');
    expect(anna.textContent).toContain('In corso');
    expect(anna.textContent).toContain('1 tentativo precedente');
    expect(anna.textContent).toMatch(/20\.02\.2026 \d\d:00/);
    const bruno = within(table).getByRole('row', { name: /Bruno Rossi/ });
    expect(bruno.textContent).toContain('Non invitato/a');
    expect(bruno.textContent).toContain('Mai');
    // Nothing to reset for Bruno: no reset action on his row.
    expect(within(bruno).queryByRole('button', { name: /Azzera/ })).toBeNull();
    // Nor a report with nothing in it yet (the server says which): only Anna's is offered, Bruno's row says why not.
    expect(within(anna).getByRole('button', { name: /report PDF/i })).toBeTruthy();
    expect(anna.textContent).not.toContain('Report non ancora disponibile');
    expect(within(bruno).queryByRole('button', { name: /report PDF/i })).toBeNull();
    expect(bruno.textContent).toContain('Report non ancora disponibile');
    expect(screen.getByText(/^Il report PDF si scarica per chi ha già qualcosa da mostrare/)).toBeTruthy();
    // What the counts count.
    expect(screen.getByText(/^Contano i candidati, non i valutatori.*Ha iniziato chi ha aperto almeno un'attività/)).toBeTruthy();
    // The campaign's count and the filtered one (announced as filters change).
    expect(screen.getAllByText('2 partecipanti').map((el) => el.getAttribute('aria-live'))).toEqual([null, 'polite']);
  });

  it('says what a 360 campaign counts as started and finished: the raters who answered, and who gave every evaluation', async () => {
    const is360 = { ...campaign, campaign: { ...campaign.campaign, is360: true } };
    api({ 'GET /api/staff/campaigns/5': { body: is360 }, 'GET /api/staff/campaigns/5/agreement': { status: 404, body: {} } });
    renderConsole(<CampaignPage campaignId={5} />);
    expect(await screen.findByText('1 ha iniziato')).toBeTruthy();
    expect(screen.getByText(/In una campagna 360 ha iniziato chi ha risposto ad almeno una valutazione/)).toBeTruthy();
  });

  it('asks the server again with the search and filters, from the first page', async () => {
    const calls = api();
    renderConsole(<CampaignPage campaignId={5} />);
    await screen.findByRole('table');
    await userEvent.type(screen.getByLabelText('Cerca per nome o email'), 'anna');
    await userEvent.selectOptions(screen.getByLabelText('Stato'), 'complete');
    await userEvent.selectOptions(screen.getByLabelText('Attività'), '11');
    await vi.waitFor(() => {
      const last = calls.filter((c) => c.path.startsWith('/api/staff/campaigns/5/progress')).at(-1)!;
      const query = new URLSearchParams(last.path.split('?')[1]);
      expect(Object.fromEntries(query)).toEqual({ q: 'anna', status: 'complete', testId: '11', sort: 'name', page: '1', pageSize: '25' });
    });
  });

  it('resets a test with a reason; a refusal keeps the dialog and what was typed', async () => {
    let refuse = true;
    const calls = api({
      'POST /api/staff/campaigns/5/participants/21/tests/11/reset': () =>
        refuse
          ? { status: 409, body: { status: false, code: 'CONFLICT', message: 'Nothing to reset' } }
          : {
              body: {
                status: true,
                cell: { testId: 11, status: 'not attempted', startedAt: null, updatedAt: null, previousAttempts: 2 },
                archived: { attempts: 1, outcomes: 1 },
              },
            },
    });
    renderConsole(<CampaignPage campaignId={5} />);
    await userEvent.click(await screen.findByRole('button', { name: "Azzera un'attività di Anna Rossi" }));
    const dialog = screen.getByRole('dialog', { name: "Azzera un'attività di Anna Rossi" });
    const choice = within(dialog).getByLabelText('Attività da azzerare');
    expect(
      within(choice)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Ragionamento numerico (Completata)', 'Stili di lavoro (In corso)']);
    await userEvent.type(within(dialog).getByLabelText('Motivo (facoltativo)'), 'Connessione caduta');
    await userEvent.click(within(dialog).getByRole('button', { name: "Azzera l'attività" }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', "In questa attività non c'è nulla da azzerare.");
    expect((within(dialog).getByLabelText('Motivo (facoltativo)') as HTMLTextAreaElement).value).toBe('Connessione caduta');

    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: "Azzera l'attività" }));
    await vi.waitFor(() => expect(dialog.hasAttribute('open')).toBe(false));
    const resets = calls.filter((c) => c.path.endsWith('/reset'));
    expect(resets.map((c) => c.body)).toEqual([{ reason: 'Connessione caduta' }, { reason: 'Connessione caduta' }]);
  });

  it('invites everyone not invited yet, or the people ticked, and says when', async () => {
    const calls = api({
      'POST /api/staff/campaigns/5/invitations': ({ body }) => ({
        body: {
          status: true,
          invited: ((body as { userIds?: number[] }).userIds ?? [22]).map((userId) => ({
            userId,
            invitedAt: '2026-03-02T10:20:00Z',
            setPasswordLink: true,
          })),
          skipped: [],
        },
      }),
    });
    renderConsole(<CampaignPage campaignId={5} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Invita chi non è ancora invitato (1)' }));
    const dialog = screen.getByRole('dialog', { name: 'Invitare 1 persona?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Invia gli inviti' }));
    expect(await screen.findByText(/^Invito inviato a 1 persona il 02\.03\.2026 \d\d:20\.$/)).toBeTruthy();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Seleziona Anna Rossi' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Seleziona Bruno Rossi' }));
    await userEvent.click(screen.getByRole('button', { name: 'Invita i 2 partecipanti selezionati' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Invitare 2 persone selezionate?' })).getByRole('button', { name: 'Invia gli inviti' }),
    );
    expect(await screen.findByText(/^Invito inviato a 2 persone/)).toBeTruthy();
    expect(calls.filter((c) => c.path.endsWith('/invitations')).map((c) => c.body)).toEqual([{}, { userIds: [21, 22] }]);
    // The selection is spent.
    expect((screen.getByRole('checkbox', { name: 'Seleziona Anna Rossi' }) as HTMLInputElement).checked).toBe(false);
  });
});
