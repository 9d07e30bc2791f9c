// @vitest-environment jsdom
import type { User } from '@prova/contract/auth';
import type { Campaign } from '@prova/contract/campaigns';
import type { EvaluationResponse, QuestionsResponse } from '@prova/contract/feedback360';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Notifications } from '@/components/ui/notifications/notifications';
import { dismissNotification } from '@/components/ui/notifications/notifications-store';
import { SendingQueueContext } from '@/lib/sending-queue-context';
import { createSendingQueue, type SendingQueue } from '@/lib/sending-queue/sending-queue';
import { createMemoryStorage } from '@/lib/sending-queue/queue-storage';
import { type FakeAnswer, fakeApi } from '@/testing/fake-api';
import { renderWithTexts } from '@/testing/render';
import { Questionnaire } from './questionnaire';

// The evaluator is told 'Hai completato la valutazione' only once the server has accepted the last page; a save it
// refuses is said (section 8) and the answers stay where they are.

const campaign = { id: 70, name: 'Percorso 360' } as Campaign;
const user = { id: 5, firstName: 'Anna', lastName: 'Rossi' } as User;
const EVALUEE = 12;

const questions: QuestionsResponse = {
  status: true,
  evaluee: { id: EVALUEE, firstName: 'Marco', lastName: 'Bianchi', relationId: 1, user_is_evaluated: 'n', label: 'Collega', version: 0 },
  options: [1, 2, 3, 4, 5],
  scaleLabels: {},
  notObserved: false,
  closed: [],
  linked: [],
  open: [{ id: 9, text: 'Che cosa apprezzi del suo lavoro?' }],
};
const evaluation: EvaluationResponse = { status: true, data: { version: 0, status: 'n', answers: { closed: {}, open: {}, linked: {} } } };

const json = (status: number, body: unknown): FakeAnswer => ({ status, body });

interface Save {
  version: number;
  finished: boolean;
  data: { open: Record<string, string> };
}

/** The API as the questionnaire meets it; `onSave` answers each POST of the answers. */
function server(onSave: (save: Save) => Promise<FakeAnswer> | FakeAnswer, asked: QuestionsResponse = questions) {
  const saves: Save[] = [];
  fakeApi({
    [`GET /api/usercampaign/70/questions/${EVALUEE}`]: { body: asked },
    [`GET /api/tests/360/data/70/${EVALUEE}`]: { body: evaluation },
    [`POST /api/tests/360/data/70/${EVALUEE}`]: (call) => {
      const save = call.body as Save;
      saves.push(save);
      return onSave(save);
    },
  });
  return saves;
}

let queue: SendingQueue;

function renderQuestionnaire() {
  queue = createSendingQueue({ storage: createMemoryStorage() });
  queue.start({ userId: user.id, companyId: 1 });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithTexts(
    <QueryClientProvider client={client}>
      <SendingQueueContext.Provider value={{ read: () => queue }}>
        <MemoryRouter initialEntries={[`/skillup-360/${EVALUEE}`]}>
          <Routes>
            <Route path="/skillup-360/:evaluee" element={<Questionnaire campaign={campaign} user={user} evaluee={EVALUEE} />} />
            <Route path="/skillup-360" element={<h1>Elenco delle persone</h1>} />
          </Routes>
        </MemoryRouter>
      </SendingQueueContext.Provider>
      <Notifications />
    </QueryClientProvider>,
  );
}

const accepted = (save: Save) => json(200, { status: true, version: save.version });
const finishButton = () => screen.getByRole('button', { name: 'TERMINA IL QUESTIONARIO' });
const continueButton = () => screen.getByRole('button', { name: 'CONTINUA' });
/** From the last page to the review of one's answers, and 'TERMINA IL QUESTIONARIO' there. */
async function reviewAndFinish() {
  await userEvent.click(continueButton());
  await screen.findByRole('heading', { name: 'Rivedi le tue risposte' });
  await userEvent.click(finishButton());
}
const wide = () => vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
const narrow = () => vi.stubGlobal('matchMedia', () => ({ matches: true, addEventListener() {}, removeEventListener() {} }));

beforeEach(() => {
  localStorage.clear();
  wide();
});
afterEach(() => {
  queue.stop();
  dismissNotification();
  vi.unstubAllGlobals();
});

describe('Questionnaire, the last page', () => {
  it("says 'Hai completato la valutazione' only once the server has accepted the last page", async () => {
    let answerLast: (answer: FakeAnswer) => void = () => undefined;
    const saves = server((save) => (save.finished ? new Promise<FakeAnswer>((resolve) => (answerLast = resolve)) : accepted(save)));
    renderQuestionnaire();
    await userEvent.type(await screen.findByLabelText('Che cosa apprezzi del suo lavoro?'), 'Ascolta');
    await reviewAndFinish();

    // Queued and sent, not yet answered: the evaluator is not told it is done, and stays.
    await waitFor(() => expect(saves.some((save) => save.finished)).toBe(true));
    expect(finishButton().getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText('Hai completato la valutazione')).toBeNull();

    const last = saves.find((save) => save.finished)!;
    answerLast(accepted(last));
    expect(await screen.findByText('Hai completato la valutazione')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Elenco delle persone' })).toBeTruthy();
    expect(last.data.open).toEqual({ 9: 'Ascolta' });
  });

  it.each([
    ['a server error', 500, {}],
    ['a refusal', 422, { status: false, code: 'VALIDATION', message: 'open.9: an answer is needed to finish' }],
  ])('after %s shows the saving error and keeps the answers, so the evaluator can try again', async (_name, status, body) => {
    server((save) => (save.finished ? json(status, body) : accepted(save)));
    renderQuestionnaire();
    await userEvent.type(await screen.findByLabelText('Che cosa apprezzi del suo lavoro?'), 'Ascolta');
    await reviewAndFinish();

    expect(await screen.findByText("Oops c'è stato un errore nel salvataggio dei dati")).toBeTruthy();
    expect(screen.getByText('Le tue risposte restano qui: puoi riprovare.')).toBeTruthy();
    expect(screen.queryByText('Hai completato la valutazione')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Elenco delle persone' })).toBeNull();
    expect(screen.getByRole('list', { name: 'Rivedi le tue risposte' }).textContent).toContain('Ascolta');
    expect(finishButton().hasAttribute('disabled')).toBe(false);
    // This browser's copy keeps them too (a reload continues from it).
    expect(JSON.parse(localStorage.getItem('prova.feedback360.5.70') ?? '{}')[EVALUEE].answers.open).toEqual({ 9: 'Ascolta' });
  });
});

describe('Questionnaire, answers on the way', () => {
  it('a comment typed key by key is kept here at once and sent as one save of the whole text, not one per key', async () => {
    const saves = server(accepted);
    renderQuestionnaire();
    await userEvent.type(await screen.findByLabelText('Che cosa apprezzi del suo lavoro?'), 'Ascolta bene');
    expect(JSON.parse(localStorage.getItem('prova.feedback360.5.70') ?? '{}')[EVALUEE].answers.open).toEqual({ 9: 'Ascolta bene' });
    await waitFor(() => expect(saves).toHaveLength(1), { timeout: 1800 });
    expect(saves[0].data.open).toEqual({ 9: 'Ascolta bene' });
  });

  it('a rating goes to the server at once, not after the wait of a typed comment', async () => {
    wide();
    const saves = server(accepted, { ...questions, closed: [{ id: 3, text: 'Ascolta i colleghi' }] });
    renderQuestionnaire();
    await userEvent.click(await screen.findByRole('radio', { name: '4: Spesso' }));
    await waitFor(() => expect(saves).toHaveLength(1), { timeout: 500 });
  });

  it('a save of answers the server refuses raises the saving error, not only the header indicator', async () => {
    server(() => json(500, {}));
    renderQuestionnaire();
    await userEvent.type(await screen.findByLabelText('Che cosa apprezzi del suo lavoro?'), 'A');
    expect(await screen.findByText("Oops c'è stato un errore nel salvataggio dei dati")).toBeTruthy();
  });
});

describe('Questionnaire, the scale', () => {
  it("reads each point as its value and its word, the campaign's first, the app's for the rest", async () => {
    wide();
    server(accepted, { ...questions, scaleLabels: { '1': 'Per nulla' }, closed: [{ id: 3, text: 'Ascolta i colleghi' }] });
    renderQuestionnaire();
    const group = await screen.findByRole('group', { name: /Ascolta i colleghi/ });
    const names = ['1: Per nulla', '2: Raramente', '3: A volte', '4: Spesso', '5: Sempre'];
    expect(within(group).getAllByRole('radio')).toEqual(names.map((name) => within(group).getByRole('radio', { name })));
    // Seen: the number and the word of each point.
    expect(within(group).getByText('Per nulla')).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Non osservato' })).toBeNull();
  });

  it('names only the ends of a scale that is not of five points, where the campaign gives no words', async () => {
    wide();
    server(accepted, { ...questions, options: [1, 2, 3, 4, 5, 6, 7], closed: [{ id: 3, text: 'Ascolta i colleghi' }] });
    renderQuestionnaire();
    await screen.findByRole('radio', { name: '1: Mai' });
    expect(screen.getByRole('radio', { name: '4' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '7: Sempre' })).toBeTruthy();
  });

  it("offers 'Non osservato' where the campaign allows it: an answer of its own that lets the evaluator go on", async () => {
    wide();
    const saves = server(accepted, { ...questions, notObserved: true, closed: [{ id: 3, text: 'Ascolta i colleghi' }] });
    renderQuestionnaire();
    expect((await screen.findByRole('button', { name: 'CONTINUA' })).hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('radio', { name: 'Non osservato' }));
    await waitFor(() => expect(saves.at(-1)?.data).toMatchObject({ closed: { 3: 'not-observed' } }));
    expect(continueButton().hasAttribute('disabled')).toBe(false);
  });
});

describe('Questionnaire, one pair of controls', () => {
  it("moves with 'Set precedente' and 'CONTINUA' only, one question at a time up to 900 px", async () => {
    narrow();
    server(accepted, {
      ...questions,
      closed: [
        { id: 3, text: 'Ascolta i colleghi' },
        { id: 4, text: 'Rispetta le scadenze' },
      ],
    });
    renderQuestionnaire();
    await screen.findByRole('group', { name: /Ascolta i colleghi/ });
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Domanda precedente', 'CONTINUA']);
    await userEvent.click(screen.getByRole('radio', { name: '2: Raramente' }));
    await userEvent.click(continueButton());
    expect(screen.getByRole('group', { name: /Rispetta le scadenze/ })).toBeTruthy();
    expect(screen.queryByRole('group', { name: /Ascolta i colleghi/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Domanda precedente' }));
    expect((screen.getByRole('radio', { name: '2: Raramente' }) as HTMLInputElement).checked).toBe(true);
  });
});

describe('Questionnaire, the review before finishing', () => {
  it('lists every question with the answer given and leads back to each', async () => {
    wide();
    server(accepted, {
      ...questions,
      notObserved: true,
      closed: [
        { id: 3, text: 'Ascolta i colleghi' },
        { id: 4, text: 'Rispetta le scadenze' },
      ],
    });
    renderQuestionnaire();
    await userEvent.click((await screen.findAllByRole('radio', { name: '5: Sempre' }))[0]);
    await userEvent.click(screen.getAllByRole('radio', { name: 'Non osservato' })[1]);
    await userEvent.click(continueButton());
    await userEvent.type(screen.getByLabelText('Che cosa apprezzi del suo lavoro?'), 'Ascolta');
    expect(screen.queryByRole('button', { name: 'TERMINA IL QUESTIONARIO' })).toBeNull();
    await userEvent.click(continueButton());

    const heading = await screen.findByRole('heading', { name: 'Rivedi le tue risposte' });
    expect(document.activeElement).toBe(heading);
    expect(
      within(screen.getByRole('list', { name: 'Rivedi le tue risposte' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Ascolta i colleghiRisposta: 5: SempreModifica',
      'Rispetta le scadenzeRisposta: Non osservatoModifica',
      'Che cosa apprezzi del suo lavoro?Risposta: AscoltaModifica',
    ]);
    expect(screen.queryByText('Senza risposta')).toBeNull();
    expect(finishButton().hasAttribute('disabled')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Modifica la risposta: Rispetta le scadenze' }));
    const group = screen.getByRole('group', { name: /Rispetta le scadenze/ });
    expect((group.querySelector('input:checked') as HTMLInputElement).value).toBe('not-observed');
  });
});
