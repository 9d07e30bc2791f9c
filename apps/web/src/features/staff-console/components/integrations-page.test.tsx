// @vitest-environment jsdom
import type { ApiToken, Webhook, WebhookDelivery } from '@prova/contract/integrations';
import { screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderConsole } from '../test-support';
import { IntegrationsPage } from './integrations-page';

afterEach(() => vi.unstubAllGlobals());
const userEvent = userEventLib.setup({ delay: null });

const token: ApiToken = {
  id: 3,
  name: 'ATS',
  scopes: ['read-results'],
  hint: 'prova_AbCd',
  createdAt: '2026-12-01T10:00:00Z',
  createdBy: 'ada@alfa.example',
  expiresAt: '2027-03-01T10:00:00Z',
  lastUsedAt: null,
  revokedAt: null,
};
const hook: Webhook = {
  id: 7,
  url: 'https://hr.example/hooks/prova',
  events: ['campaign.finished'],
  enabled: true,
  failureCount: 0,
  disabledAt: null,
  createdAt: '2026-12-01T10:00:00Z',
};
const delivery: WebhookDelivery = {
  id: 11,
  event: 'campaign.finished',
  eventId: 'evt_1',
  state: 'delivered',
  attempts: 3,
  nextAttemptAt: null,
  lastStatus: 200,
  lastAnswer: 'ok',
  deliveredAt: '2026-12-01T10:00:07Z',
  createdAt: '2026-12-01T10:00:00Z',
  payload: '{}',
};

function server(webhooks: Webhook[] = [hook]) {
  return fakeApi({
    'GET /api/staff/tokens': { body: { status: true, tokens: [token] } },
    'POST /api/staff/tokens': {
      status: 201,
      body: { status: true, token: { ...token, id: 4, name: 'HR' }, secret: 'prova_secret-shown-once' },
    },
    'DELETE /api/staff/tokens/3': { body: { status: true, token: { ...token, revokedAt: '2026-12-02T10:00:00Z' } } },
    'GET /api/staff/webhooks': { body: { status: true, webhooks } },
    'POST /api/staff/webhooks': { status: 201, body: { status: true, webhook: hook, secret: 'whsec_shown-once' } },
    'GET /api/staff/webhooks/7/deliveries': { body: { status: true, deliveries: [delivery] } },
    'POST /api/staff/webhooks/7/deliveries/11/resend': { status: 202, body: { status: true, delivery: { ...delivery, state: 'pending' } } },
    'PUT /api/staff/webhooks/7': { body: { status: true, webhook: { ...hook, enabled: true, disabledAt: null } } },
  });
}

describe('<IntegrationsPage>', () => {
  it('creates a token with its scopes and expiry, and shows it once with a copy button', { timeout: 20_000 }, async () => {
    const calls = server();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderConsole(<IntegrationsPage />);
    expect(await screen.findByText('ATS')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Crea la chiave' }));
    expect(await screen.findByText('Choose at least one scope')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Nome'), 'HR');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Gestire le persone' }));
    await userEvent.click(screen.getByRole('button', { name: 'Crea la chiave' }));
    expect((await screen.findByTestId('secret')).textContent).toBe('prova_secret-shown-once');
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/staff/tokens')?.body).toEqual({
      name: 'HR',
      scopes: ['manage-people'],
      expiresInDays: 90,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Copia' }));
    expect(writeText).toHaveBeenCalledWith('prova_secret-shown-once');
    await userEvent.click(screen.getByRole('button', { name: 'Fatto' }));
    expect(screen.queryByTestId('secret')).toBeNull();
  });

  it('revokes a token', async () => {
    const calls = server();
    renderConsole(<IntegrationsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Revoca ATS' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/staff/tokens/3')).toBe(true));
  });

  it('lists a webhook with its delivery log and sends a delivery again', async () => {
    const calls = server();
    renderConsole(<IntegrationsPage />);
    const log = await screen.findByRole('region', { name: 'Registro degli invii' });
    const row = (await within(log).findAllByRole('row'))[1];
    expect(row.textContent).toContain('Campagna terminata da un partecipante');
    expect(within(row).getByText('Consegnato')).toBeTruthy();
    expect(within(row).getByText('200')).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: 'Invia di nuovo' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === '/api/staff/webhooks/7/deliveries/11/resend')).toBe(true),
    );
  });

  it('says a webhook was turned off after failing, and turns it on again', async () => {
    const calls = server([{ ...hook, enabled: false, failureCount: 15, disabledAt: '2026-12-02T09:00:00Z' }]);
    renderConsole(<IntegrationsPage />);
    expect((await screen.findByRole('alert')).textContent).toContain('15 tentativi falliti di fila');
    await userEvent.click(screen.getByRole('button', { name: 'Riattiva' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ enabled: true }));
  });

  it('adds a webhook and shows its signing secret once', async () => {
    const calls = server([]);
    renderConsole(<IntegrationsPage />);
    await userEvent.type(await screen.findByLabelText('Indirizzo (URL)'), 'https://hr.example/hooks/prova');
    await userEvent.click(screen.getByRole('button', { name: 'Aggiungi il webhook' }));
    expect((await screen.findByTestId('secret')).textContent).toBe('whsec_shown-once');
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/staff/webhooks')?.body).toEqual({
      url: 'https://hr.example/hooks/prova',
      events: ['test.completed', 'campaign.finished', 'report.ready', 'person.invited'],
    });
  });

  it("says a URL into the server's own network is refused, at the URL's field", async () => {
    fakeApi({
      'GET /api/staff/tokens': { body: { status: true, tokens: [] } },
      'GET /api/staff/webhooks': { body: { status: true, webhooks: [] } },
      'POST /api/staff/webhooks': {
        status: 422,
        body: {
          status: false,
          code: 'VALIDATION',
          message: 'x',
          errors: [{ path: 'body.url', code: 'PRIVATE_ADDRESS', message: '10.0.0.1 is a loopback, private or link-local address' }],
        },
      },
    });
    renderConsole(<IntegrationsPage />);
    const field = await screen.findByLabelText('Indirizzo (URL)');
    await userEvent.type(field, 'http://10.0.0.1/hook');
    await userEvent.click(screen.getByRole('button', { name: 'Aggiungi il webhook' }));
    const said = await screen.findByText(/^Questo indirizzo porta alla rete interna del server/);
    expect(field.getAttribute('aria-describedby')).toContain(said.id);
    expect(screen.queryByText(/link-local/)).toBeNull();
  });
});
