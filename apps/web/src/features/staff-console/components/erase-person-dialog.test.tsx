// @vitest-environment jsdom
import type { Person } from '@prova/contract/staff-people';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderConsole } from '../test-support';
import { stubDialogs } from '@/testing/dialogs';
import { PeoplePage } from './people-page';

beforeAll(stubDialogs);
afterEach(() => vi.unstubAllGlobals());

const person = (patch: Partial<Person>): Person => ({
  id: 31,
  companyId: 7,
  email: 'marta.villa@example.com',
  firstName: 'Marta',
  lastName: 'Villa',
  gender: null,
  lang: null,
  role: 'user',
  hasSSO: false,
  hasPassword: true,
  active: true,
  deactivatedAt: null,
  createdAt: '2026-01-01T00:00:00Z',
  campaignIds: [5],
  ...patch,
});
const me = person({ id: 1, email: 'sara@example.com', firstName: 'Sara', lastName: 'Staff', role: 'admin' });
const list = (people: Person[]) => ({ body: { status: true, people, total: people.length, page: 1, pageSize: 25 } });
const company = (erasureKeepsResults: boolean) => ({
  body: {
    status: true,
    company: {
      id: 7,
      companyId: 7,
      name: 'Lanificio',
      logo: null,
      ssoSlug: null,
      timeZone: 'Europe/Rome',
      counts: { people: 2, campaigns: 1 },
      erasureKeepsResults,
      retentionMonths: null,
    },
  },
});
const receipt = { body: { status: true, erasure: { id: 'r3c31pt', at: '2026-12-02T10:00:00Z', keptResults: true, rows: { users: 1 } } } };

describe('<ErasePersonDialog> on the people page', () => {
  it('names the person, says the company setting, and enables the button only once their name or e-mail is typed', async () => {
    let people = [me, person({})];
    const calls = fakeApi({
      'GET /api/people': () => list(people),
      'GET /api/staff/current-company': company(true),
      'POST /api/staff/people/31/erase': () => {
        people = [me];
        return receipt;
      },
    });
    renderConsole(<PeoplePage currentUserId={1} />);
    // Nobody erases themselves: no button on one's own row.
    expect(screen.queryByRole('button', { name: 'Cancella i dati di Sara Staff' })).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancella i dati di Marta Villa' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancellare i dati personali di Marta Villa?' });
    expect(await within(dialog).findByText('Impostazione dell’azienda: i risultati restano anonimi.')).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: 'Cancella i dati' }) as HTMLButtonElement;
    const field = within(dialog).getByLabelText('Per confermare scrivi nome e cognome (Marta Villa) o l’email');
    expect(confirm.disabled).toBe(true);
    await userEvent.type(field, 'Marta');
    expect(confirm.disabled).toBe(true);
    await userEvent.type(field, '  villa');
    expect(confirm.disabled).toBe(false);
    await userEvent.clear(field);
    await userEvent.paste('MARTA.villa@example.com');
    expect(confirm.disabled).toBe(false);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.click(confirm);
    await vi.waitFor(() => expect(dialog.hasAttribute('open')).toBe(false));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ confirm: 'MARTA.villa@example.com' }]);
    await vi.waitFor(() => expect(screen.queryByRole('row', { name: /Marta Villa/ })).toBeNull());
  });

  it('says when the results go too, and why the server refused, keeping the dialog open', async () => {
    fakeApi({
      'GET /api/people': list([me, person({})]),
      'GET /api/staff/current-company': company(false),
      'POST /api/staff/people/31/erase': { status: 409, body: { status: false, code: 'CONFLICT', message: 'erased already' } },
    });
    renderConsole(<PeoplePage currentUserId={1} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancella i dati di Marta Villa' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancellare i dati personali di Marta Villa?' });
    expect(await within(dialog).findByText('Impostazione dell’azienda: anche i risultati vengono rimossi.')).toBeTruthy();
    within(dialog).getByRole('textbox').focus();
    await userEvent.paste('Marta Villa');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancella i dati' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Questa persona non può essere cancellata: forse lo è già, o sei tu.',
    );
    expect(dialog.hasAttribute('open')).toBe(true);
  });
});
