// @vitest-environment jsdom
import type { User } from '@prova/contract/auth';
import type { Campaign } from '@prova/contract/campaigns';
import type { UserTest } from '@prova/contract/tests';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubDialogs } from '@/testing/dialogs';
import { fakeApi } from '@/testing/fake-api';
import { renderWithTexts } from '@/testing/render';
import { AgendaHome } from './agenda-home';

// November 2021: the 1st is a Monday. The person is on Wednesday the 10th; a test waits on the 17th.
beforeAll(stubDialogs);
afterEach(() => vi.unstubAllGlobals());

const test = (id: number, name: string, prerequisites: number[] = []): UserTest =>
  ({
    id,
    abbreviation: `T${id}`,
    name,
    description: '',
    instructions: '',
    url: '/activities/workstyles/',
    img: null,
    label: null,
    repeatable: false,
    legacy: false,
    jsonData: {},
    theme: null,
    labels360: null,
    prerequisites,
    missingPrerequisites: [],
    canStart: true,
    attemptsLeft: null,
    status: 'not attempted',
    version: 0,
    startDate: null,
    section: null,
    timing: null,
    assessorTest: false,
  }) as UserTest;

const tests = [test(1, 'Budget'), test(2, 'Riunione')];
const campaign = (over: { tutorialVideo?: string; hasSeenTutorial?: boolean } = {}) =>
  ({
    id: 40,
    name: 'Un mese',
    layout: { kind: 'agenda', month: '2021-11', tutorialVideo: over.tutorialVideo ?? '' },
    storage: {
      tests: { '10/11/2021': 1, '17/11/2021': 2 },
      currentPosition: '10/11/2021',
      hasSeenTutorial: over.hasSeenTutorial ?? true,
    },
    data: null,
  }) as unknown as Campaign;
const user = { gender: 'F' } as User;

function renderAgenda(c: Campaign) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithTexts(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AgendaHome campaign={c} user={user} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const dropDays = () =>
  screen.queryAllByRole('button', { name: /^Sposta qui: / }).map((button) => button.textContent?.replace('Sposta qui: ', '').slice(0, 5));

describe('<AgendaHome>', () => {
  it("names the month in lower case, as a date reads: 'Calendario di novembre 2021'", async () => {
    fakeApi({ 'GET /api/usertests': { body: { status: true, tests } } });
    renderAgenda(campaign());
    expect((await screen.findByRole('table')).querySelector('caption')?.textContent).toBe('Calendario di novembre 2021');
  });

  it('offers only the working days from the current one the move would be accepted for, and keeps the focus on the moved test', async () => {
    const calls = fakeApi({
      'GET /api/usertests': { body: { status: true, tests } },
      'PATCH /api/v2/campaigns/40/storage': (call) => ({ body: { status: true, storage: (call.body as { data: object }).data } }),
    });
    const keys = userEvent.setup();
    renderAgenda(campaign());
    const panel = await screen.findByRole('complementary', { name: 'Attività' });
    await keys.click(within(panel).getByRole('button', { name: /Riunione/ }));
    await keys.click(screen.getByRole('button', { name: 'Sposta' }));

    // Neither a past day, a Saturday or Sunday, the day the test is on already, nor one another test holds (Budget's
    // 10th: the move would be refused as taken).
    const offered = dropDays();
    expect(offered[0]).toBe('11/11');
    expect(offered).not.toContain('09/11');
    expect(offered).not.toContain('10/11');
    expect(offered).not.toContain('13/11');
    expect(offered).not.toContain('14/11');
    expect(offered).not.toContain('17/11');
    expect(offered).toContain('30/11');
    expect(offered).toHaveLength(13);
    // The keyboard is taken into the month: the first day offered.
    expect(document.activeElement?.textContent).toContain('Sposta qui: 11/11/2021');

    await keys.click(screen.getByRole('button', { name: 'Sposta qui: 12/11/2021' }));
    const moved = screen.getByRole('button', { name: /^12\/11\/2021: Riunione/ });
    expect(document.activeElement).toBe(moved);
    expect(dropDays()).toEqual([]);
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
  });

  it("offers today first for today's own test too, and keeping it there changes nothing", async () => {
    const calls = fakeApi({ 'GET /api/usertests': { body: { status: true, tests } } });
    const keys = userEvent.setup();
    renderAgenda(campaign());
    // Today's test is the one chosen as the agenda opens.
    await keys.click(await screen.findByRole('button', { name: 'Sposta' }));
    const offered = dropDays();
    expect(offered[0]).toBe('10/11');
    expect(offered).not.toContain('09/11');
    // Every working day from the 10th to the 30th but Riunione's 17th.
    expect(offered).not.toContain('17/11');
    expect(offered).toHaveLength(14);
    expect(document.activeElement?.textContent).toContain('Sposta qui: 10/11/2021');

    await keys.click(screen.getByRole('button', { name: 'Sposta qui: 10/11/2021' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^10\/11\/2021: Budget/ }));
    expect(screen.getByRole('button', { name: /^17\/11\/2021: Riunione/ })).toBeTruthy();
    expect(dropDays()).toEqual([]);
    expect(screen.queryByRole('status')).toBeNull();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('gives the focus back to the test when the move is cancelled', async () => {
    fakeApi({ 'GET /api/usertests': { body: { status: true, tests } } });
    const keys = userEvent.setup();
    renderAgenda(campaign());
    const panel = await screen.findByRole('complementary', { name: 'Attività' });
    await keys.click(within(panel).getByRole('button', { name: /Riunione/ }));
    await keys.click(screen.getByRole('button', { name: 'Sposta' }));
    await keys.click(screen.getByRole('button', { name: 'Annulla lo spostamento' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^17\/11\/2021: Riunione/ }));
  });

  it('skips the video step of the tutorial when the campaign has no video', async () => {
    fakeApi({ 'GET /api/usertests': { body: { status: true, tests } } });
    renderAgenda(campaign({ hasSeenTutorial: false }));
    const tutorial = await screen.findByRole('dialog', { name: 'Benvenuta nella tua agenda' });
    expect(tutorial.textContent).toContain('Passo 1 di 3');
    const keys = userEvent.setup();
    await keys.click(within(tutorial).getByRole('button', { name: 'Avanti' }));
    expect(tutorial.textContent).not.toContain('Guarda il video');
    expect(tutorial.textContent).toContain('Passo 2 di 3');
  });

  it('keeps the video step, with its video, when there is one', async () => {
    fakeApi({ 'GET /api/usertests': { body: { status: true, tests } } });
    renderAgenda(campaign({ hasSeenTutorial: false, tutorialVideo: '/media/tutorial.mp4' }));
    const tutorial = await screen.findByRole('dialog', { name: 'Benvenuta nella tua agenda' });
    expect(tutorial.textContent).toContain('Passo 1 di 4');
    await userEvent.setup().click(within(tutorial).getByRole('button', { name: 'Avanti' }));
    expect(tutorial.textContent).toContain('Guarda il video');
    expect(tutorial.querySelector('video')?.getAttribute('src')).toBe('/media/tutorial.mp4');
  });

  it('leaves the video step out when the video fails to load, as the tutorial opens or on its step', async () => {
    fakeApi({ 'GET /api/usertests': { body: { status: true, tests } } });
    const keys = userEvent.setup();
    renderAgenda(campaign({ hasSeenTutorial: false, tutorialVideo: '/media/missing.mp4' }));
    const tutorial = await screen.findByRole('dialog', { name: 'Benvenuta nella tua agenda' });
    expect(tutorial.textContent).toContain('Passo 1 di 4');
    // The browser says so with the element's error event (a 404, or a file that is not a video).
    fireEvent.error(tutorial.querySelector('video')!);
    expect(tutorial.textContent).toContain('Passo 1 di 3');
    await keys.click(within(tutorial).getByRole('button', { name: 'Avanti' }));
    expect(tutorial.textContent).toContain('Passo 2 di 3');
    expect(tutorial.textContent).not.toContain('Guarda il video');
    expect(tutorial.querySelector('video')).toBeNull();
  });

  it('goes on to the next step when the video fails on its own step', async () => {
    fakeApi({ 'GET /api/usertests': { body: { status: true, tests } } });
    renderAgenda(campaign({ hasSeenTutorial: false, tutorialVideo: '/media/missing.mp4' }));
    const tutorial = await screen.findByRole('dialog', { name: 'Benvenuta nella tua agenda' });
    await userEvent.setup().click(within(tutorial).getByRole('button', { name: 'Avanti' }));
    expect(tutorial.textContent).toContain('Guarda il video');
    fireEvent.error(tutorial.querySelector('video')!);
    expect(tutorial.textContent).not.toContain('Guarda il video');
    expect(tutorial.textContent).toContain('Passo 2 di 3');
    expect(tutorial.textContent).toContain("Seleziona l'attività del giorno");
  });
});

describe('the home when the connection returns', () => {
  it('reads the tests again, though the list it holds is not stale yet', async () => {
    let version = 0;
    const calls = fakeApi({
      'GET /api/usertests': () => {
        version += 1;
        return { body: { status: true, tests: version === 1 ? tests : [{ ...tests[0]!, status: 'complete' }, tests[1]!] } };
      },
    });
    renderAgenda(campaign());
    const panel = await screen.findByRole('complementary', { name: 'Attività' });
    expect(within(panel).getByRole('button', { name: /Budget/ }).textContent).toContain('Da fare');
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/usertests')).toHaveLength(2));
    await waitFor(() => expect(within(panel).getByRole('button', { name: /Budget/ }).textContent).toContain('Completata'));
  });
});
