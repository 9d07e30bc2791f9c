// @vitest-environment jsdom
import type { User } from '@prova/contract/auth';
import type { Campaign } from '@prova/contract/campaigns';
import type { EvaluationResponse, QuestionsResponse } from '@prova/contract/feedback360';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
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

beforeEach(() => localStorage.clear());
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
    await userEvent.click(finishButton());

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
    const field = await screen.findByLabelText('Che cosa apprezzi del suo lavoro?');
    await userEvent.type(field, 'Ascolta');
    await userEvent.click(finishButton());

    expect(await screen.findByText("Oops c'è stato un errore nel salvataggio dei dati")).toBeTruthy();
    expect(screen.getByText('Le tue risposte restano qui: puoi riprovare.')).toBeTruthy();
    expect(screen.queryByText('Hai completato la valutazione')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Elenco delle persone' })).toBeNull();
    expect((field as HTMLTextAreaElement).value).toBe('Ascolta');
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
    vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
    const saves = server(accepted, { ...questions, closed: [{ id: 3, text: 'Ascolta i colleghi' }] });
    renderQuestionnaire();
    await userEvent.click(await screen.findByRole('radio', { name: '4' }));
    await waitFor(() => expect(saves).toHaveLength(1), { timeout: 500 });
  });

  it('a save of answers the server refuses raises the saving error, not only the header indicator', async () => {
    server(() => json(500, {}));
    renderQuestionnaire();
    await userEvent.type(await screen.findByLabelText('Che cosa apprezzi del suo lavoro?'), 'A');
    expect(await screen.findByText("Oops c'è stato un errore nel salvataggio dei dati")).toBeTruthy();
  });
});
