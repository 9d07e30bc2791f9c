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
/** A web activity uploaded as a zip: its page among its package's files. */
const webActivity = managed({
  id: 45,
  abbreviation: 'WEB',
  name: { IT_it: 'Gioco di carte' },
  url: `/packages/${'b'.repeat(64)}/gioco/index.html`,
});
const base = {
  'GET /api/usertests': { body: { status: true, tests } },
  'GET /api/staff/campaigns': { body: { status: true, campaigns: [openCampaign([], { invited: 0, started: 0, finished: 0 }).campaign] } },
};

describe('<TestLibraryPage>', () => {
  it('lists every test with its kind and where it is used; a shared test cannot be ticked nor edited', async () => {
    const calls = fakeApi({ ...base, 'GET /api/usertests': { body: { status: true, tests: [...tests, webActivity] } } });
    renderConsole(<TestLibraryPage companyId={7} />);
    const logica = await screen.findByRole('row', { name: /Logica/ });
    expect(within(logica).getByText('Pacchetto QTI')).toBeTruthy();
    expect(await within(logica).findByText('Talenti 2027')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /Numeri/ })).getByText('In nessuna campagna')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /Numeri/ })).getByText('Attività')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /Gioco di carte/ })).getByText('Attività web (zip)')).toBeTruthy();
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

  it("uploads a web activity's zip as one, and says the server's refusal in the staff's words", async () => {
    let refusal: { code?: string; message: string } | null = { code: 'NO_INDEX', message: 'index.html: not in the zip: ...' };
    const calls = fakeApi({
      ...base,
      'POST /api/staff/test-packages': () =>
        refusal
          ? { status: 422, body: { status: false, code: 'VALIDATION', message: 'x', errors: [{ path: 'body', ...refusal }] } }
          : { status: 201, body: { status: true, test: managed({ id: 46, abbreviation: 'GIOCO' }), notes: [] } },
    });
    renderConsole(<TestLibraryPage companyId={7} />);
    const kind = await screen.findByLabelText('Tipo di contenuto');
    expect(kind.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(kind.getAttribute('aria-describedby')!)?.textContent).toContain('/sdk/1.1.0/prova-activity.js');
    await userEvent.upload(screen.getByLabelText('File zip'), new File([new Uint8Array([80, 75, 3, 4])], 'gioco.zip'));
    await userEvent.selectOptions(kind, 'Attività web (zip)');
    await userEvent.click(screen.getByRole('button', { name: 'Carica' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/^Nel file zip manca la pagina index\.html/)).toBeTruthy();
    expect(within(alert).queryByText(/not in the zip/)).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')[0].path).toBe('/api/staff/test-packages?type=activity');

    // Each named problem has its sentence; one without a name (a bad file inside the zip) is said as the server says it.
    refusal = { code: 'NO_TITLE', message: 'index.html: no <title>' };
    await userEvent.click(screen.getByRole('button', { name: 'Carica' }));
    expect(await screen.findByText(/^La pagina index\.html non ha un titolo/)).toBeTruthy();
    refusal = { message: '"../x.js" goes outside the bundle with ".."' };
    await userEvent.click(screen.getByRole('button', { name: 'Carica' }));
    expect(await screen.findByText('"../x.js" goes outside the bundle with ".."')).toBeTruthy();

    refusal = null;
    await userEvent.click(screen.getByRole('button', { name: 'Carica' }));
    await vi.waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(4);
    expect(posts[3].path).toBe('/api/staff/test-packages?type=activity');
    expect(posts[3].contentType).toBe('application/zip');
  });
});
