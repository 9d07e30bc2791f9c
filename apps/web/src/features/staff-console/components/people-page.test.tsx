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
  hasPassword: false,
  active: true,
  deactivatedAt: null,
  createdAt: '2026-01-01T00:00:00Z',
  campaignIds: [5],
  ...patch,
});
const me = person({ id: 1, email: 'sara@example.com', firstName: 'Sara', lastName: 'Staff', role: 'admin', hasPassword: true });
const list = (people: Person[]) => ({ body: { status: true, people, total: people.length, page: 1, pageSize: 25 } });

describe('<PeoplePage>', () => {
  it('lists people with their role, language and state; staff cannot deactivate themselves', async () => {
    const calls = fakeApi({ 'GET /api/people': list([me, person({})]) });
    renderConsole(<PeoplePage currentUserId={1} />);
    const marta = await screen.findByRole('row', { name: /Marta Villa/ });
    expect(marta.textContent).toContain('Candidato/a');
    expect(marta.textContent).toContain('Password non ancora scelta');
    expect(within(marta).getByRole('button', { name: 'Disattiva Marta Villa' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Disattiva Sara Staff' })).toBeNull();
    expect(calls[0].path).toBe('/api/people?active=yes&page=1&pageSize=25');
  });

  it("downloads a person's data export at their request, under the server's file name", async () => {
    const calls = fakeApi({
      'GET /api/people': list([me, person({})]),
      'GET /api/people/31/data-export': {
        body: 'zip',
        headers: {
          'content-disposition': 'attachment; filename="prova-dati-personali-31.zip"; filename*=UTF-8\'\'prova-dati-personali-31.zip',
        },
      },
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:data'), revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderConsole(<PeoplePage currentUserId={1} />);
    const marta = await screen.findByRole('row', { name: /Marta Villa/ });
    await userEvent.click(within(marta).getByRole('button', { name: 'Scarica i dati personali di Marta Villa' }));
    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('prova-dati-personali-31.zip');
    expect(calls.some((c) => c.path === '/api/people/31/data-export')).toBe(true);
    click.mockRestore();
  });

  it('creates a person: a bad address is said at the field, an address in use keeps what was typed', async () => {
    let taken = true;
    const calls = fakeApi({
      'GET /api/people': list([me]),
      'POST /api/people': ({ body }) =>
        taken
          ? { status: 409, body: { status: false, code: 'CONFLICT', message: 'taken' } }
          : { body: { status: true, person: person(body as Partial<Person>) } },
    });
    renderConsole(<PeoplePage currentUserId={1} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Nuova persona' }));
    const dialog = screen.getByRole('dialog', { name: 'Nuova persona' });
    const email = within(dialog).getByLabelText('Email');
    await userEvent.type(within(dialog).getByLabelText('Nome'), 'Piero');
    await userEvent.type(within(dialog).getByLabelText('Cognome'), 'Neri');
    await userEvent.type(email, 'piero@');
    await userEvent.selectOptions(within(dialog).getByLabelText('Lingua'), 'EN_en');
    await userEvent.selectOptions(within(dialog).getByLabelText('Ruolo'), 'Assessor');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crea la persona' }));
    expect(await within(dialog).findByText('Inserisci un indirizzo email valido.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await userEvent.type(email, 'example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crea la persona' }));
    expect(await within(dialog).findByText("Questo indirizzo email è già di un'altra persona.")).toBeTruthy();
    expect((within(dialog).getByLabelText('Nome') as HTMLInputElement).value).toBe('Piero');

    taken = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crea la persona' }));
    await vi.waitFor(() => expect(dialog.hasAttribute('open')).toBe(false));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { firstName: 'Piero', lastName: 'Neri', email: 'piero@example.com', lang: 'EN_en', role: 'Assessor' },
      { firstName: 'Piero', lastName: 'Neri', email: 'piero@example.com', lang: 'EN_en', role: 'Assessor' },
    ]);
  });

  it('deactivates after a confirmation, and searches by name', async () => {
    const calls = fakeApi({
      'GET /api/people': list([me, person({})]),
      'DELETE /api/people/31': { body: { status: true, deleted: [31] } },
    });
    renderConsole(<PeoplePage currentUserId={1} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Disattiva Marta Villa' }));
    const dialog = screen.getByRole('dialog', { name: 'Disattivare Marta Villa?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disattiva' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/people/31')).toBe(true));
    // The focus goes to the count once the dialog has closed (an effect, run after the next paint).
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe('2 persone'));

    await userEvent.type(screen.getByLabelText('Cerca per nome o email'), 'villa');
    await vi.waitFor(() => expect(calls.at(-1)?.path).toBe('/api/people?q=villa&active=yes&page=1&pageSize=25'));
  });

  it("names each person's role in their gender, and in both where it is not known", async () => {
    fakeApi({
      'GET /api/people': list([
        me,
        person({ gender: 'F' }),
        person({ id: 32, firstName: 'Marco', gender: 'M' }),
        person({ id: 33, firstName: 'Andrea', role: 'Assessor' }),
      ]),
    });
    renderConsole(<PeoplePage currentUserId={1} />);
    expect((await screen.findByRole('row', { name: /Marta Villa/ })).textContent).toContain('Candidata');
    expect(screen.getByRole('row', { name: /Marco Villa/ }).textContent).toContain('Candidato');
    expect(screen.getByRole('row', { name: /Marco Villa/ }).textContent).not.toContain('Candidato/a');
    expect(screen.getByRole('row', { name: /Andrea Villa/ }).textContent).toContain('Valutatore/trice');
  });

  it("refuses one's own deactivation in one's own gender", async () => {
    // The server's CONFLICT: the person is the one asking (signed in elsewhere under this account).
    const refuse = { status: 409, body: { status: false, code: 'CONFLICT', message: 'You cannot deactivate yourself' } };
    const said = async (gender: Person['gender']) => {
      fakeApi({ 'GET /api/people': list([me, person({ gender })]), 'DELETE /api/people/31': refuse });
      const view = renderConsole(<PeoplePage currentUserId={1} />);
      await userEvent.click(await screen.findByRole('button', { name: 'Disattiva Marta Villa' }));
      const dialog = screen.getByRole('dialog', { name: 'Disattivare Marta Villa?' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Disattiva' }));
      const text = (await within(dialog).findByText(/^Non puoi disattivare/)).textContent;
      view.unmount();
      vi.unstubAllGlobals();
      return text;
    };
    expect(await said('F')).toBe('Non puoi disattivare te stessa.');
    expect(await said('M')).toBe('Non puoi disattivare te stesso.');
    expect(await said(null)).toBe('Non puoi disattivare te stesso/a.');
  });
});
