// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderConsole } from '../test-support';
import { CompanyPage } from './company-page';

const company = {
  id: 7,
  companyId: 7,
  name: 'Lanificio',
  logo: null,
  ssoSlug: null,
  timeZone: 'Europe/Rome',
  counts: { people: 12, campaigns: 3 },
  erasureKeepsResults: true,
  retentionMonths: null,
};

afterEach(() => vi.unstubAllGlobals());

describe('<CompanyPage>', () => {
  it('says "No valid company name" at the field for a blank name, and sends nothing', async () => {
    const calls = fakeApi({ 'GET /api/staff/current-company': { body: { status: true, company } } });
    renderConsole(<CompanyPage />);
    const name = await screen.findByLabelText("Nome dell'azienda");
    expect(screen.getByText('12')).toBeTruthy();
    await userEvent.clear(name);
    await userEvent.type(name, '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('No valid company name')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toContain(screen.getByText('No valid company name').id);
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('renames the company; a name another company has stays typed, with the reason', async () => {
    let taken = true;
    const calls = fakeApi({
      'GET /api/staff/current-company': { body: { status: true, company } },
      'PUT /api/companies/7': ({ body }) =>
        taken
          ? { status: 409, body: { status: false, code: 'CONFLICT', message: 'taken' } }
          : { body: { status: true, company: { ...company, name: (body as { name: string }).name } } },
    });
    const onRenamed = vi.fn();
    renderConsole(<CompanyPage onRenamed={onRenamed} />);
    const name = await screen.findByLabelText("Nome dell'azienda");
    await userEvent.clear(name);
    await userEvent.type(name, 'Acme');
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText("Un'altra azienda ha già questo nome.")).toBeTruthy();
    expect((name as HTMLInputElement).value).toBe('Acme');
    expect(onRenamed).not.toHaveBeenCalled();

    taken = false;
    await userEvent.clear(name);
    await userEvent.type(name, '  Lanificio Bassi ');
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    await vi.waitFor(() => expect(onRenamed).toHaveBeenCalled());
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ name: 'Lanificio Bassi', timeZone: 'Europe/Rome' });
  });

  it("sets the company's time zone, the one its exports write dates in", async () => {
    const calls = fakeApi({
      'GET /api/staff/current-company': { body: { status: true, company } },
      'PUT /api/companies/7': ({ body }) => ({ body: { status: true, company: { ...company, ...(body as object) } } }),
    });
    renderConsole(<CompanyPage />);
    const zone = await screen.findByRole('combobox', { name: 'Fuso orario' });
    expect((zone as HTMLSelectElement).value).toBe('Europe/Rome');
    expect(zone.getAttribute('aria-describedby')).toBeTruthy();
    await userEvent.selectOptions(zone, 'America/New_York');
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ name: 'Lanificio', timeZone: 'America/New_York' }),
    );
    expect(await screen.findByText('America/New_York')).toBeTruthy();
  });

  it('sets what an erasure keeps and the retention period, and lists who retention erases within the month', async () => {
    const calls = fakeApi({
      'GET /api/staff/current-company': { body: { status: true, company } },
      'GET /api/staff/retention': {
        body: {
          status: true,
          due: [
            {
              userId: 4,
              firstName: 'Vera',
              lastName: 'Vecchi',
              email: 'vera@example.com',
              eraseOn: '2026-07-31T10:00:00.000Z',
              notifiedAt: '2026-07-05T03:00:00.000Z',
            },
          ],
        },
      },
      'PUT /api/companies/7': ({ body }) => ({ body: { status: true, company: { ...company, ...(body as object) } } }),
    });
    renderConsole(<CompanyPage />);
    expect((await screen.findByText(/Vera Vecchi \(vera@example.com\)/)).textContent).toContain('avviso inviato');
    const months = screen.getByLabelText('Conservazione dopo la fine di una campagna (mesi)');
    await userEvent.type(months, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Salva le impostazioni dei dati' }));
    expect(await screen.findByText('Scrivi un numero di mesi da 1 a 240, o lascia vuoto.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    await userEvent.clear(months);
    await userEvent.type(months, '24');
    await userEvent.selectOptions(screen.getByLabelText('Alla cancellazione di una persona, i suoi risultati'), 'remove');
    await userEvent.click(screen.getByRole('button', { name: 'Salva le impostazioni dei dati' }));
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
        { name: 'Lanificio', erasureKeepsResults: false, retentionMonths: 24 },
      ]),
    );
  });
});
