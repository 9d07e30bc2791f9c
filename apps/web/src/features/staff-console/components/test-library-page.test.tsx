// @vitest-environment jsdom
import type { ManagedTest } from '@prova/contract/staff-tests';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubDialogs } from '@/testing/dialogs';
import { fakeApi, openCampaign, renderConsole } from '../test-support';
import { TestLibraryPage } from './test-library-page';

beforeAll(stubDialogs);
afterEach(() => vi.unstubAllGlobals());

const managed = (over: Partial<ManagedTest>): ManagedTest => ({
  id: 41,
  abbreviation: 'LOG',
  name: { IT_it: 'Logica', EN_en: 'Logic' },
  description: { IT_it: '' },
  instructions: { IT_it: '' },
  url: `/players/qti/?package=${'a'.repeat(64)}`,
  img: null,
  label: null,
  repeatable: false,
  legacy: false,
  jsonData: {},
  theme: null,
  labels360: null,
  hasAlgorithm: false,
  ownerCompanyId: 7,
  campaignIds: [5],
  editable: true,
  ...over,
});
const tests = [
  managed({}),
  managed({ id: 42, abbreviation: 'NUM', name: { IT_it: 'Numeri' }, url: '/activities/numerical/', campaignIds: [] }),
  managed({ id: 43, abbreviation: 'LIB', name: { IT_it: 'Libreria' }, ownerCompanyId: null, editable: false }),
];
const base = {
  'GET /api/usertests': { body: { status: true, tests } },
  'GET /api/staff/campaigns': { body: { status: true, campaigns: [openCampaign([], { invited: 0, started: 0, finished: 0 }).campaign] } },
};

describe('<TestLibraryPage>', () => {
  it('lists every test with its kind and where it is used; a shared test cannot be ticked nor edited', async () => {
    const calls = fakeApi(base);
    renderConsole(<TestLibraryPage companyId={7} />);
    const logica = await screen.findByRole('row', { name: /Logica/ });
    expect(within(logica).getByText('Pacchetto QTI')).toBeTruthy();
    expect(await within(logica).findByText('Talenti 2027')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /Numeri/ })).getByText('In nessuna campagna')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /Numeri/ })).getByText('Attività')).toBeTruthy();
    const shared = screen.getByRole('row', { name: /Libreria/ });
    expect(within(shared).queryByRole('checkbox')).toBeNull();
    expect((within(shared).getByRole('button', { name: 'Modifica i testi di Libreria' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls[0].path).toBe('/api/usertests?companyId=7');
  });

  it('deletes a selection after a dialog naming the count; a refusal says nothing was deleted and keeps the selection', async () => {
    let inUse = true;
    const calls = fakeApi({
      ...base,
      'DELETE /api/usertests/selection': ({ body }) =>
        inUse
          ? { status: 409, body: { status: false, code: 'IN_USE', message: 'Test 41 holds results' } }
          : { body: { status: true, deleted: (body as { ids: number[] }).ids } },
    });
    renderConsole(<TestLibraryPage companyId={7} />);
    const remove = await screen.findByRole('button', { name: 'Elimina i selezionati (0)' });
    expect((remove as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Seleziona tutti' }));
    await userEvent.click(screen.getByRole('button', { name: 'Elimina i selezionati (2)' }));
    const dialog = screen.getByRole('dialog', { name: 'Eliminare 2 test?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Elimina' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringMatching(/^Niente è stato eliminato: qualcosa .* è in uso/),
    );
    inUse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Elimina' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const deletes = calls.filter((c) => c.method === 'DELETE');
    expect(deletes.map((c) => [c.path, c.body])).toEqual([
      ['/api/usertests/selection?companyId=7', { ids: [41, 42] }],
      ['/api/usertests/selection?companyId=7', { ids: [41, 42] }],
    ]);
  });

  it('edits the texts in every language and sends only the texts', async () => {
    const calls = fakeApi({
      ...base,
      'PUT /api/staff/tests/41/texts': {
        body: { status: true, test: managed({ name: { IT_it: 'Logica', EN_en: 'Logic', ES_es: 'Lógica' } }) },
      },
    });
    renderConsole(<TestLibraryPage companyId={7} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Modifica i testi di Logica' }));
    const dialog = screen.getByRole('dialog', { name: 'Testi del test LOG' });
    const spanish = within(dialog).getByRole('group', { name: 'Spagnolo' });
    await userEvent.type(within(spanish).getByLabelText('Nome'), 'Lógica');
    await userEvent.type(within(spanish).getByLabelText('Istruzioni'), 'Responde');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salva' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: { IT_it: 'Logica', EN_en: 'Logic', ES_es: 'Lógica' },
      description: { IT_it: '' },
      instructions: { IT_it: '', ES_es: 'Responde' },
    });
  });

  it('refuses an empty name before sending', async () => {
    const calls = fakeApi(base);
    renderConsole(<TestLibraryPage companyId={7} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Modifica i testi di Numeri' }));
    const dialog = screen.getByRole('dialog', { name: 'Testi del test NUM' });
    await userEvent.clear(within(within(dialog).getByRole('group', { name: 'Italiano' })).getByLabelText('Nome'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salva' }));
    expect(within(dialog).getByText('No valid Test name')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('previews a test where the room plays it, with its timer', async () => {
    const url = 'https://activities.example/activities/numerical/';
    fakeApi({ ...base, 'GET /api/staff/tests/42/preview': { body: { status: true, url, timeLimitMinutes: 10 } } });
    renderConsole(<TestLibraryPage companyId={7} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Anteprima di Numeri' }));
    expect(await screen.findByText('Anteprima: le risposte non vengono salvate.')).toBeTruthy();
    expect((screen.getByTitle('Numeri') as HTMLIFrameElement).src).toBe(`${url}?provaHost=${encodeURIComponent(window.location.origin)}`);
  });

  it("uploads a package's zip, and lists what the reader refused", async () => {
    let refuse = true;
    const calls = fakeApi({
      ...base,
      'POST /api/staff/test-packages': () =>
        refuse
          ? {
              status: 422,
              body: { status: false, code: 'VALIDATION', message: 'x', errors: [{ path: 'body', message: 'no imsmanifest.xml' }] },
            }
          : { status: 201, body: { status: true, test: managed({ id: 44, abbreviation: 'NEW' }), notes: [] } },
    });
    renderConsole(<TestLibraryPage companyId={7} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Carica' }));
    expect(screen.getByText('Scegli il file zip del pacchetto.')).toBeTruthy();
    const zip = new File([new Uint8Array([80, 75, 3, 4])], 'corso.zip', { type: 'application/zip' });
    await userEvent.upload(screen.getByLabelText('File zip'), zip);
    await userEvent.selectOptions(screen.getByLabelText('Aggiungi alla campagna'), 'Talenti 2027');
    await userEvent.click(screen.getByRole('button', { name: 'Carica' }));
    expect(await screen.findByText('no imsmanifest.xml')).toBeTruthy();
    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Carica' }));
    await vi.waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    const sent = calls.filter((c) => c.method === 'POST')[1];
    expect(sent.path).toBe('/api/staff/test-packages?campaignId=5');
    expect(sent.contentType).toBe('application/zip');
  });
});
