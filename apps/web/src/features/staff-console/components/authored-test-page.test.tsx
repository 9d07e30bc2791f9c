// @vitest-environment jsdom
import { request } from '@prova/activity-sdk/wire';
import type { AuthoredTest } from '@prova/contract/authored-test';
import type { StaffCampaign } from '@prova/contract/staff-campaigns';
import type { StaffLanguage } from '@prova/contract/staff-languages';
import type { AuthoredTestResponse, AuthoredTestSummary } from '@prova/contract/staff-authoring';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderConsole, type FakeCall } from '../test-support';
import { stubDialogs } from '@/testing/dialogs';
import { AuthoredTestPage } from './authored-test-page';

beforeAll(stubDialogs);
afterEach(() => vi.unstubAllGlobals());

const languages: StaffLanguage[] = [
  { id: 'IT_it', lang: 'IT_it', name: 'Italiano', campaigns: 2 },
  { id: 'EN_en', lang: 'EN_en', name: 'English', campaigns: 1 },
];
const campaign = (id: number, name: string, phase: StaffCampaign['phase']): StaffCampaign => ({
  id,
  name,
  status: 'ACTIVE',
  theme: 'dashboard',
  languages: ['IT_it'],
  dateStart: '2026-01-01T08:00:00Z',
  dateEnd: '2027-12-31T20:00:00Z',
  phase,
  is360: false,
  retentionMonths: null,
  ratingsLocked: false,
  assessmentsOpenUntil: null,
  counts: { participants: 0, tests: 0, invited: 0, finished: 0, started: 0 },
});
const campaigns = [campaign(5, 'Talenti 2027', 'open'), campaign(6, 'Selezione 2025', 'ended'), campaign(7, 'Stage estivi', 'upcoming')];
const HASH = 'a'.repeat(64);
const summary = (over: Partial<AuthoredTestSummary> = {}): AuthoredTestSummary => ({
  id: 9,
  abbreviation: 'LOGICA',
  title: 'Logica',
  languages: ['IT_it', 'EN_en'],
  items: 1,
  started: false,
  campaignIds: [5],
  packageHash: HASH,
  updatedAt: '2026-11-30T10:15:00Z',
  ...over,
});
const savedTest: AuthoredTest = {
  title: { IT_it: 'Logica', EN_en: 'Logic' },
  languages: ['IT_it', 'EN_en'],
  navigation: 'nonlinear',
  timeLimitMinutes: 20,
  sections: [
    {
      title: { IT_it: 'Parte uno', EN_en: 'Part one' },
      items: [
        {
          id: 'capitale',
          kind: 'single-choice',
          prompt: { IT_it: 'La capitale?', EN_en: 'The capital?' },
          shuffle: true,
          options: [
            { id: 'A', text: { IT_it: 'Roma', EN_en: 'Rome' }, points: 1 },
            { id: 'B', text: { IT_it: 'Milano', EN_en: 'Milan' }, points: 0 },
          ],
        },
      ],
    },
  ],
};

const base = {
  'GET /api/languages': { body: { status: true, languages } },
  'GET /api/staff/campaigns': { body: { status: true, campaigns } },
};

/** A handler whose answer waits until the test says so. */
function held(answer: (call: FakeCall) => { status?: number; body: unknown }) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { handler: async (call: FakeCall) => (await gate, answer(call)), release: () => release() };
}

const group = (name: string) => within(screen.getByRole('group', { name }));

/** What is there replaced by `text`, as a paste (typing each key of a whole test would take long). */
async function typeInto(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(text);
}

/** Adds a question of a kind to section 1; the focus goes to its prompt, where the text is typed. */
async function addItem(kindLabel: string, prompt: string) {
  await userEvent.selectOptions(screen.getByLabelText('Tipo della nuova domanda (sezione 1)'), kindLabel);
  await userEvent.click(screen.getByRole('button', { name: 'Aggiungi una domanda alla sezione 1' }));
  await vi.waitFor(() => expect((document.activeElement as HTMLElement).getAttribute('name')).toMatch(/\.prompt\.IT_it$/));
  await userEvent.paste(prompt);
}

describe('<AuthoredTestPage> a new test', () => {
  it('posts a test with an item of each kind, exactly as the form says, and says saved only once the server answered', async () => {
    const post = held(({ body }) => ({
      status: 201,
      body: { status: true, summary: summary({ started: false, items: 7 }), test: (body as { test: AuthoredTest }).test },
    }));
    const calls = fakeApi({ ...base, 'POST /api/staff/authored-tests': post.handler });
    renderConsole(<AuthoredTestPage />);

    await typeInto(await screen.findByLabelText('Titolo (Italiano)'), 'Prova di logica');
    // A finished campaign is not offered.
    expect(screen.queryByLabelText('Selezione 2025')).toBeNull();
    await userEvent.click(screen.getByLabelText('Talenti 2027'));
    await userEvent.click(screen.getByLabelText("Lineare: una domanda dopo l'altra, senza tornare indietro"));
    await typeInto(screen.getByLabelText('Tempo massimo (minuti)'), '30');
    await typeInto(screen.getByLabelText('Titolo della sezione (Italiano)'), 'Parte 1');

    // The first question is a single choice already, with its options A (1 point) and B.
    const q1 = group('Domanda 1: Scelta singola');
    await typeInto(q1.getByLabelText('Testo della domanda (Italiano)'), 'Quanto fa 2+2?');
    await typeInto(within(q1.getByRole('group', { name: 'Opzione 1' })).getByLabelText('Testo (Italiano)'), '4');
    await typeInto(within(q1.getByRole('group', { name: 'Opzione 2' })).getByLabelText('Testo (Italiano)'), '5');
    await userEvent.click(q1.getByLabelText("Mescola l'ordine delle opzioni per ogni candidato"));

    await addItem('Scelta multipla', 'Quali sono pari?');
    const q2 = group('Domanda 2: Scelta multipla');
    await typeInto(within(q2.getByRole('group', { name: 'Opzione 1' })).getByLabelText('Testo (Italiano)'), '2');
    await typeInto(within(q2.getByRole('group', { name: 'Opzione 2' })).getByLabelText('Testo (Italiano)'), '3');
    await typeInto(within(q2.getByRole('group', { name: 'Opzione 2' })).getByLabelText('Punti'), '-1');
    await userEvent.click(q2.getByRole('button', { name: "Aggiungi un'opzione" }));
    // The focus goes to the new option's text.
    const third = within(q2.getByRole('group', { name: 'Opzione 3' })).getByLabelText('Testo (Italiano)');
    await vi.waitFor(() => expect(document.activeElement).toBe(third));
    await userEvent.paste('4');
    await typeInto(within(q2.getByRole('group', { name: 'Opzione 3' })).getByLabelText('Punti'), '1');

    await addItem('Vero o falso', 'Il sole è una stella.');
    await userEvent.click(group('Domanda 3: Vero o falso').getByLabelText('Falso'));

    await addItem('Risposta breve', 'La capitale d’Italia?');
    const q4 = group('Domanda 4: Risposta breve');
    await userEvent.type(q4.getByLabelText('Risposte accettate'), 'Roma{Enter}  rome {Enter}');
    await userEvent.click(q4.getByLabelText('Distingui maiuscole e minuscole'));
    await typeInto(q4.getByLabelText('Punti per la risposta giusta'), '2');

    await addItem('Risposta numerica', 'Quanto fa 7 / 2?');
    const q5 = group('Domanda 5: Risposta numerica');
    await userEvent.type(q5.getByLabelText('Risposta giusta (numero)'), '3,5');
    await typeInto(q5.getByLabelText('Tolleranza (±)'), '0.5');

    await addItem('Scala Likert', 'Mi piace lavorare in gruppo.');
    const q6 = group('Domanda 6: Scala Likert');
    const steps = ['Per niente', 'Poco', 'Abbastanza', 'Molto', 'Moltissimo'];
    for (const [n, step] of steps.entries()) {
      await typeInto(within(q6.getByRole('group', { name: `Opzione ${n + 1}` })).getByLabelText('Testo (Italiano)'), step);
    }

    await addItem('Risposta aperta, valutata da un valutatore', 'Racconta un problema che hai risolto.');

    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    // Not yet: the server has not answered.
    expect(screen.queryByText('Test salvato.')).toBeNull();
    post.release();
    expect(await screen.findByText('Test salvato.')).toBeTruthy();

    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0].path).toBe('/api/staff/authored-tests');
    const it = (text: string) => ({ IT_it: text });
    const options = (...list: [string, string, number][]) => list.map(([id, text, points]) => ({ id, text: it(text), points }));
    expect(posts[0].body).toEqual({
      test: {
        title: it('Prova di logica'),
        languages: ['IT_it'],
        navigation: 'linear',
        timeLimitMinutes: 30,
        sections: [
          {
            title: it('Parte 1'),
            items: [
              {
                id: 'q1',
                kind: 'single-choice',
                prompt: it('Quanto fa 2+2?'),
                shuffle: true,
                options: options(['A', '4', 1], ['B', '5', 0]),
              },
              {
                id: 'q2',
                kind: 'multiple-choice',
                prompt: it('Quali sono pari?'),
                shuffle: false,
                options: options(['A', '2', 1], ['B', '3', -1], ['C', '4', 1]),
              },
              { id: 'q3', kind: 'true-false', prompt: it('Il sole è una stella.'), answer: false, points: 1 },
              {
                id: 'q4',
                kind: 'text-entry',
                prompt: it('La capitale d’Italia?'),
                answers: ['Roma', 'rome'],
                caseSensitive: true,
                points: 2,
              },
              { id: 'q5', kind: 'numeric-entry', prompt: it('Quanto fa 7 / 2?'), answer: 3.5, tolerance: 0.5, points: 1 },
              {
                id: 'q6',
                kind: 'likert',
                prompt: it('Mi piace lavorare in gruppo.'),
                options: options(
                  ['A', 'Per niente', 1],
                  ['B', 'Poco', 2],
                  ['C', 'Abbastanza', 3],
                  ['D', 'Molto', 4],
                  ['E', 'Moltissimo', 5],
                ),
              },
              { id: 'q7', kind: 'extended-text', prompt: it('Racconta un problema che hai risolto.') },
            ],
          },
        ],
      },
      campaignIds: [5],
    });
    // Typing a whole test takes a while.
  }, 60_000);

  it('checks the form with the contract before sending: a blank title is said at its field, and nothing is posted', async () => {
    const calls = fakeApi(base);
    renderConsole(<AuthoredTestPage />);
    const title = await screen.findByLabelText('Titolo (Italiano)');
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    const message = "Expected the text in IT_it (the test's languages: IT_it)";
    await vi.waitFor(() => expect(title.getAttribute('aria-invalid')).toBe('true'));
    const described = (title.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain(message);
    expect(screen.getByRole('alert').textContent).toMatch(/Il test ha \d+ problemi: correggili nei campi indicati\./);
    // The focus is on the first field with a problem.
    expect(document.activeElement).toBe(title);
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it("shows the server's 422 at the field its path names (a group: the item's options)", async () => {
    const problem = 'Expected a right answer: an option worth more than 0 points';
    fakeApi({
      ...base,
      'POST /api/staff/authored-tests': {
        status: 422,
        body: {
          status: false,
          code: 'VALIDATION',
          message: 'Invalid body',
          errors: [{ path: 'body.test.sections.0.items.0.options', message: problem }],
        },
      },
    });
    renderConsole(<AuthoredTestPage />);
    await typeInto(await screen.findByLabelText('Titolo (Italiano)'), 'Prova');
    await typeInto(screen.getByLabelText('Titolo della sezione (Italiano)'), 'Parte');
    const q1 = group('Domanda 1: Scelta singola');
    await typeInto(q1.getByLabelText('Testo della domanda (Italiano)'), 'Domanda?');
    await typeInto(within(q1.getByRole('group', { name: 'Opzione 1' })).getByLabelText('Testo (Italiano)'), 'Sì');
    await typeInto(within(q1.getByRole('group', { name: 'Opzione 2' })).getByLabelText('Testo (Italiano)'), 'No');
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));

    const shown = await screen.findByText(problem);
    const optionsGroup = q1.getByRole('group', { name: 'Opzioni' });
    expect(optionsGroup.contains(shown)).toBe(true);
    expect(optionsGroup.getAttribute('aria-describedby')).toBe(shown.id);
    expect(screen.getByRole('alert').textContent).toContain('Il test ha 1 problema: correggilo nel campo indicato.');
    expect(document.activeElement).toBe(shown);
    expect(screen.queryByText('Test salvato.')).toBeNull();
  });
});

describe('<AuthoredTestPage> a saved test', () => {
  it('loads the test into the form and PUTs the new version; campaigns already listing it are not sent again', async () => {
    const calls = fakeApi({
      ...base,
      'GET /api/staff/authored-tests/9': { body: { status: true, summary: summary(), test: savedTest } satisfies AuthoredTestResponse },
      'PUT /api/staff/authored-tests/9': ({ body }) => ({
        body: { status: true, summary: summary({ updatedAt: '2026-12-01T09:00:00Z' }), test: (body as { test: AuthoredTest }).test },
      }),
    });
    renderConsole(<AuthoredTestPage testId={9} />);
    const english = await screen.findByLabelText('Titolo (Inglese)');
    expect((screen.getByLabelText('Titolo (Italiano)') as HTMLInputElement).value).toBe('Logica');
    expect((english as HTMLInputElement).value).toBe('Logic');
    expect((screen.getByLabelText('Inglese') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Tempo massimo (minuti)') as HTMLInputElement).value).toBe('20');
    const included = screen.getByLabelText('Talenti 2027 (già incluso)') as HTMLInputElement;
    expect(included.checked && included.disabled).toBe(true);
    await typeInto(english, 'Logic test');
    await userEvent.click(screen.getByLabelText('Stage estivi'));
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Test salvato.')).toBeTruthy();

    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect(puts[0].body).toEqual({ test: { ...savedTest, title: { IT_it: 'Logica', EN_en: 'Logic test' } }, campaignIds: [7] });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('is read-only once someone has started it, and says why; the preview and the export stay', async () => {
    const calls = fakeApi({
      ...base,
      'GET /api/staff/authored-tests/9': { body: { status: true, summary: summary({ started: true }), test: savedTest } },
    });
    renderConsole(<AuthoredTestPage testId={9} />);
    expect(await screen.findByText(/Qualcuno ha già iniziato questo test: non si può più modificare/)).toBeTruthy();
    // The form's fieldset is disabled: every control in it with it.
    expect(screen.getByLabelText('Titolo (Italiano)').matches(':disabled')).toBe(true);
    expect(screen.getByRole('button', { name: "Aggiungi un'opzione" }).matches(':disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Salva' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Anteprima' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Esporta QTI' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Titolo (Italiano)'), 'x');
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('downloads the QTI package of the saved test', async () => {
    const calls = fakeApi({
      ...base,
      'GET /api/staff/authored-tests/9': { body: { status: true, summary: summary(), test: savedTest } },
      'GET /api/staff/authored-tests/9/package': { body: 'zip' },
    });
    const created = vi.fn((blob: Blob) => (void blob, 'blob:package'));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderConsole(<AuthoredTestPage testId={9} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Esporta QTI' }));
    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls.some((c) => c.path === '/api/staff/authored-tests/9/package')).toBe(true);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('LOGICA.zip');
    click.mockRestore();
  });
});

describe('<AuthoredTestPage> preview', () => {
  it('frames the url as the room does, answers the player in memory (nothing reaches the API) and ends when it completes', async () => {
    const url = `https://activities.example/players/qti/?package=${HASH}`;
    const calls = fakeApi({
      ...base,
      'GET /api/staff/authored-tests/9': { body: { status: true, summary: summary(), test: savedTest } },
      'POST /api/staff/authored-tests/preview': { body: { status: true, packageHash: HASH, url } },
    });
    renderConsole(<AuthoredTestPage testId={9} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Anteprima' }));
    expect(await screen.findByText('Anteprima: le risposte non vengono salvate.')).toBeTruthy();
    const frame = screen.getByTitle('Logica') as HTMLIFrameElement;
    expect(frame.src).toBe(`${url}&provaHost=${encodeURIComponent(window.location.origin)}`);
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms allow-popups allow-modals');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ test: savedTest }]);

    // The player, from the activities origin: the host answers it from memory.
    const player = frame.contentWindow as Window;
    const answers: { id: string; result?: unknown; error?: unknown }[] = [];
    vi.spyOn(player, 'postMessage').mockImplementation((message: unknown) => void answers.push(message as (typeof answers)[number]));
    const send = async (id: string, method: Parameters<typeof request>[1], params?: unknown) => {
      window.dispatchEvent(
        new MessageEvent('message', { data: request(id, method, params), origin: 'https://activities.example', source: player }),
      );
      await vi.waitFor(() => expect(answers.some((a) => a.id === id)).toBe(true));
      return answers.find((a) => a.id === id);
    };
    expect((await send('1', 'handshake', { protocol: 1 }))?.result).toMatchObject({ protocol: 1 });
    const init = (await send('2', 'init'))?.result as { data: unknown; timing: { remainingSeconds: number } | null; lang: string };
    expect(init).toMatchObject({ data: null, lang: 'IT_it' });
    expect(init.timing?.remainingSeconds).toBe(20 * 60);
    const progress = { qti: 1, position: 0, responses: { capitale: { RESPONSE: 'A' } }, flagged: [] };
    expect((await send('3', 'setData', { data: progress }))?.error).toBeUndefined();
    expect((await send('4', 'getData'))?.result).toEqual(progress);
    await send('5', 'setStatus', { status: 'complete' });
    expect(await screen.findByText('Anteprima finita: il test è stato completato. Le risposte non sono state salvate.')).toBeTruthy();
    expect(screen.queryByTitle('Logica')).toBeNull();

    // Only what the page itself asked for: no sync, no outcomes, no logs.
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/languages',
      'GET /api/staff/campaigns',
      'GET /api/staff/authored-tests/9',
      'POST /api/staff/authored-tests/preview',
    ]);
  });
});
