// @vitest-environment jsdom
import type { Company } from '@prova/contract/staff-companies';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Notifications } from '@/components/ui/notifications/notifications';
import { dismissNotification } from '@/components/ui/notifications/notifications-store';
import { fakeApi, renderConsole } from '../test-support';
import { CompaniesPage } from './companies-page';
import { CompanySsoForm } from './company-sso-form';
import { AppointStaffForm } from './company-staff-section';
import { ConsoleNav } from './console-nav';

const company = (id: number, name: string, more: Partial<Company> = {}): Company => ({
  id,
  companyId: id,
  name,
  logo: null,
  ssoSlug: null,
  timeZone: 'Europe/Rome',
  erasureKeepsResults: true,
  retentionMonths: null,
  counts: { people: 0, campaigns: 0 },
  ...more,
});
const platform = company(1, 'Piattaforma', { counts: { people: 1, campaigns: 0 } });
const lanificio = company(7, 'Lanificio', { ssoSlug: 'lanificio', counts: { people: 12, campaigns: 3 } });

afterEach(() => {
  vi.unstubAllGlobals();
  dismissNotification();
});

/** The page with the toasts it raises. */
const show = (ui: ReactElement) =>
  renderConsole(
    <>
      {ui}
      <Notifications />
    </>,
  );

describe('<CompaniesPage>', () => {
  it('lists every company with the current one marked, and makes another one current', async () => {
    let current = platform;
    const calls = fakeApi({
      'GET /api/companies': { body: { status: true, companies: [lanificio, platform] } },
      'GET /api/staff/current-company': () => ({ body: { status: true, company: current } }),
      'PUT /api/staff/current-company': () => {
        current = lanificio;
        return { body: { status: true, company: lanificio } };
      },
    });
    show(<CompaniesPage />);
    const row = (await screen.findByRole('rowheader', { name: /Piattaforma/ })).closest('tr')!;
    expect(within(row).getByText('Corrente')).toBeTruthy();
    const other = screen.getByRole('rowheader', { name: 'Lanificio' }).closest('tr')!;
    expect(within(other).getByText('/sso/lanificio')).toBeTruthy();
    expect(within(other).getByRole('link', { name: 'Gestisci Lanificio' }).getAttribute('href')).toBe('/console/companies/7');
    await userEvent.click(within(other).getByRole('button', { name: 'Lavora su Lanificio' }));
    expect(await screen.findByText('Ora lavori su Lanificio.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ path: '/api/staff/current-company', body: { companyId: 7 } });
    await vi.waitFor(() => expect(within(screen.getByRole('rowheader', { name: /Lanificio/ })).getByText('Corrente')).toBeTruthy());
  });

  it("creates a company, and says 'No valid company name' at the field for a blank one without sending it", async () => {
    const calls = fakeApi({
      'GET /api/companies': { body: { status: true, companies: [platform] } },
      'GET /api/staff/current-company': { body: { status: true, company: platform } },
      'POST /api/companies': ({ body }) => ({ body: { status: true, company: company(9, (body as { name: string }).name) } }),
    });
    show(<CompaniesPage />);
    const name = await screen.findByLabelText('Nome della nuova azienda');
    await userEvent.type(name, '   ');
    await userEvent.click(screen.getByRole('button', { name: "Crea l'azienda" }));
    expect(await screen.findByText('No valid company name')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await userEvent.clear(name);
    await userEvent.type(name, ' Nuova Cliente ');
    await userEvent.click(screen.getByRole('button', { name: "Crea l'azienda" }));
    expect(await screen.findByText('Azienda Nuova Cliente creata.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Nuova Cliente' });
  });
});

describe('<ConsoleNav>', () => {
  it('gives the operator the companies and the switcher; switching drops what the console read of the previous company', async () => {
    let current = platform;
    const calls = fakeApi({
      'GET /api/companies': { body: { status: true, companies: [lanificio, platform] } },
      'GET /api/staff/current-company': () => ({ body: { status: true, company: current } }),
      'PUT /api/staff/current-company': () => {
        current = lanificio;
        return { body: { status: true, company: lanificio } };
      },
    });
    show(<ConsoleNav operator />);
    expect(screen.getByRole('link', { name: 'Aziende' })).toBeTruthy();
    const switcher = (await screen.findByLabelText('Azienda su cui lavori')) as HTMLSelectElement;
    await vi.waitFor(() => expect(switcher.value).toBe('1'));
    await userEvent.selectOptions(switcher, 'Lanificio');
    expect(await screen.findByText('Ora lavori su Lanificio.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ companyId: 7 });
    await vi.waitFor(() => expect(switcher.value).toBe('7'));
  });

  it('gives a company admin neither the companies nor a switcher, and asks for no list', () => {
    const calls = fakeApi({});
    show(<ConsoleNav />);
    expect(screen.queryByRole('link', { name: 'Aziende' })).toBeNull();
    expect(screen.queryByLabelText('Azienda su cui lavori')).toBeNull();
    expect(calls).toEqual([]);
  });
});

describe('<CompanySsoForm>', () => {
  const fill = async (fields: Record<string, string>) => {
    for (const [label, value] of Object.entries(fields)) {
      const input = screen.getByLabelText(label);
      await userEvent.clear(input);
      await userEvent.type(input, value);
    }
  };

  it('tests the connection and says what is wrong, then that it works', async () => {
    const checks = [
      {
        ok: false,
        problem: 'DISCOVERY_HTTP_ERROR',
        found: null,
        httpStatus: 404,
        detail: null,
        discoveryUrl: 'https://idp.example/x/.well-known/openid-configuration',
      },
      {
        ok: false,
        problem: 'CLIENT_REJECTED',
        found: null,
        httpStatus: 401,
        detail: 'invalid client credentials',
        discoveryUrl: 'https://idp.example/.well-known/openid-configuration',
      },
      {
        ok: true,
        problem: null,
        found: null,
        httpStatus: null,
        detail: null,
        discoveryUrl: 'https://idp.example/.well-known/openid-configuration',
      },
    ];
    const calls = fakeApi({ 'POST /api/companies/7/sso/test': () => ({ body: { status: true, check: checks.shift() } }) });
    show(<CompanySsoForm companyId={7} sso={null} />);
    await fill({ 'Identificativo (slug)': 'lanificio', 'Indirizzo del provider (issuer)': 'https://idp.example/x', 'Client ID': 'prova' });
    const test = screen.getByRole('button', { name: 'Prova la connessione' });
    await userEvent.click(test);
    expect(
      await screen.findByText(
        /Il provider risponde con un errore HTTP 404 all'indirizzo https:\/\/idp.example\/x\/.well-known\/openid-configuration/,
      ),
    ).toBeTruthy();
    await userEvent.click(test);
    expect(await screen.findByText(/Il provider non riconosce il client ID o il client secret/)).toBeTruthy();
    expect(screen.getByText('Dettagli: invalid client credentials')).toBeTruthy();
    await userEvent.click(test);
    expect(await screen.findByText('Connessione riuscita: il provider risponde e riconosce il client.')).toBeTruthy();
    // An empty secret is left out: the server keeps (or tests with) the one it has.
    expect(calls[0].body).toEqual({ slug: 'lanificio', issuer: 'https://idp.example/x', clientId: 'prova', emailClaim: 'email' });
  });

  it('checks the fields before sending, and saves; a slug another company has stays typed, with the reason', async () => {
    let taken = true;
    const calls = fakeApi({
      'PUT /api/companies/7/sso': ({ body }) =>
        taken
          ? { status: 409, body: { status: false, code: 'CONFLICT', message: 'taken' } }
          : { body: { status: true, sso: { ...(body as object), hasSecret: true, redirectUri: 'http://x/cb' } } },
    });
    show(<CompanySsoForm companyId={7} sso={null} />);
    await fill({ 'Identificativo (slug)': 'Con Spazi', 'Indirizzo del provider (issuer)': 'idp', 'Client ID': 'prova' });
    await userEvent.click(screen.getByRole('button', { name: "Salva l'SSO" }));
    expect(await screen.findByText('Expected a slug of lowercase letters, digits and dashes')).toBeTruthy();
    expect(screen.getByText('Expected the issuer URL (https://...)')).toBeTruthy();
    expect(calls).toEqual([]);
    await fill({ 'Identificativo (slug)': 'acme', 'Indirizzo del provider (issuer)': 'https://idp.example', 'Client secret': 's3cret' });
    await userEvent.click(screen.getByRole('button', { name: "Salva l'SSO" }));
    expect(await screen.findByText("Un'altra azienda usa già questo identificativo.")).toBeTruthy();
    taken = false;
    await userEvent.click(screen.getByRole('button', { name: "Salva l'SSO" }));
    expect(await screen.findByText('SSO salvato.')).toBeTruthy();
    expect(calls.at(-1)?.body).toEqual({
      slug: 'acme',
      issuer: 'https://idp.example',
      clientId: 'prova',
      clientSecret: 's3cret',
      emailClaim: 'email',
    });
  });
});

describe('<AppointStaffForm>', () => {
  it('appoints an admin, and says so when the person is of another company', async () => {
    let conflict = true;
    const calls = fakeApi({
      'POST /api/companies/7/staff': ({ body }) =>
        conflict
          ? { status: 409, body: { status: false, code: 'CONFLICT', message: 'other company' } }
          : {
              body: {
                status: true,
                invitation: 'set-password',
                person: {
                  id: 50,
                  companyId: 7,
                  email: (body as { email: string }).email,
                  firstName: 'Dora',
                  lastName: '',
                  gender: null,
                  lang: null,
                  role: 'superassessor',
                  hasSSO: false,
                  hasPassword: false,
                  active: true,
                  deactivatedAt: null,
                  createdAt: '2026-12-02T10:00:00Z',
                  campaignIds: [],
                },
              },
            },
    });
    show(<AppointStaffForm companyId={7} />);
    await userEvent.type(screen.getByLabelText('E-mail'), 'dora@lanificio.example');
    await userEvent.type(screen.getByLabelText('Nome'), 'Dora');
    await userEvent.selectOptions(screen.getByLabelText('Ruolo'), 'Supervisore');
    await userEvent.click(screen.getByRole('button', { name: "Nomina e invia l'invito" }));
    expect(await screen.findByText("Questa persona è di un'altra azienda (o è l'operatore).")).toBeTruthy();
    conflict = false;
    await userEvent.click(screen.getByRole('button', { name: "Nomina e invia l'invito" }));
    expect(await screen.findByText("dora@lanificio.example è nello staff: l'e-mail con le istruzioni per entrare è partita.")).toBeTruthy();
    expect(calls.at(-1)?.body).toEqual({
      email: 'dora@lanificio.example',
      firstName: 'Dora',
      lastName: '',
      role: 'superassessor',
      lang: null,
      hasSSO: false,
    });
  });
});
