// @vitest-environment jsdom
import type { Job } from '@prova/contract/staff-jobs';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderConsole } from '../test-support';
import { ImportPage } from './import-page';

const JOB_ID = 'abcdefghijklmnop1234';
const job = (patch: Partial<Job>): Job => ({
  id: JOB_ID,
  kind: 'import',
  state: 'validating',
  phase: 'validating',
  done: 0,
  total: 1,
  campaignId: null,
  createdBy: { id: 1, firstName: 'Sara', lastName: 'Staff', email: 'sara@example.com' },
  createdAt: '2026-03-01T09:00:00Z',
  updatedAt: '2026-03-01T09:00:00Z',
  problems: [],
  plan: null,
  campaigns: [],
  summary: null,
  notes: [],
  file: null,
  format: null,
  error: null,
  ...patch,
});
/** The upload accepted, and the job it started read back as `patch` says. */
const checkedAs = (patch: Partial<Job>) =>
  fakeApi({
    'POST /api/staff/imports': { status: 202, body: { status: true, job: job({}) } },
    [`GET /api/staff/jobs/${JOB_ID}`]: { body: { status: true, job: job(patch) } },
  });
// The campaigns the server read from the bundle, named in the job (the page reads no zip).
const campaigns = [{ id: 4242, name: { IT_it: 'Talenti 2027', EN_en: 'Talents 2027' } }];
const bundle = { version: 1, campaigns };
const file = (text: string) => new File([text], 'bundle.json', { type: 'application/json' });

afterEach(() => vi.unstubAllGlobals());

describe('<ImportPage>', () => {
  it('refuses a file that is not JSON at the field, without sending it', async () => {
    const calls = fakeApi({});
    renderConsole(<ImportPage />);
    const input = screen.getByLabelText('File del bundle (.json o .zip)');
    await userEvent.click(screen.getByRole('button', { name: 'Controlla il bundle' }));
    expect(screen.getByText('Scegli il file del bundle.')).toBeTruthy();
    await userEvent.upload(input, file('{ "version": 1, '));
    await userEvent.click(screen.getByRole('button', { name: 'Controlla il bundle' }));
    expect(await screen.findByText(/^Il file non è un JSON valido/)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
  });

  it('lists every problem with its path, and nothing is written', async () => {
    const calls = checkedAs({
      state: 'invalid',
      phase: 'validated',
      done: 1,
      problems: ['campaigns[0].tests[2].test: unknown test "NUMX"', 'users[1].email: Expected an e-mail'],
    });
    renderConsole(<ImportPage />);
    await userEvent.upload(screen.getByLabelText('File del bundle (.json o .zip)'), file(JSON.stringify(bundle)));
    await userEvent.click(screen.getByRole('button', { name: 'Controlla il bundle' }));
    const report = await screen.findByRole('alert', { name: 'Il bundle ha 2 problemi' });
    const items = within(report)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual(['campaigns[0].tests[2].test: unknown test "NUMX"', 'users[1].email: Expected an e-mail']);
    expect(within(report).getByText('campaigns[0].tests[2].test').tagName).toBe('CODE');
    expect(report.textContent).toContain('Non è stato scritto nulla');
    expect(screen.queryByRole('button', { name: "Conferma l'importazione" })).toBeNull();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual(bundle);
    expect(calls.some((c) => c.path.endsWith('/confirm'))).toBe(false);
  });

  it('shows the plan, writes only on confirmation, then the summary and a link to the campaign', async () => {
    let state: 'validated' | 'importing' | 'done' = 'validated';
    const calls = fakeApi({
      'POST /api/staff/imports': { status: 202, body: { status: true, job: job({}) } },
      [`POST /api/staff/imports/${JOB_ID}/confirm`]: () => {
        state = 'importing';
        return { status: 202, body: { status: true, job: job({ state: 'importing', phase: 'passwords', done: 0, total: 2 }) } };
      },
      [`GET /api/staff/jobs/${JOB_ID}`]: () => {
        if (state === 'validated') {
          return {
            body: {
              status: true,
              job: job({
                state,
                phase: 'validated',
                done: 1,
                plan: { users: { create: 3, update: 1 }, campaigns: { create: 1, update: 0 }, norms: { create: 1, update: 1 } },
                campaigns,
              }),
            },
          };
        }
        state = 'done';
        const counts = { created: 1, updated: 0, unchanged: 0, removed: 0 };
        return {
          body: {
            status: true,
            job: job({
              state: 'done',
              phase: 'done',
              done: 1,
              summary: { campaigns: counts, users: { ...counts, created: 3 }, norms: { ...counts, updated: 1 } },
              plan: { users: { create: 3, update: 1 }, campaigns: { create: 1, update: 0 } },
              campaigns,
            }),
          },
        };
      },
    });
    renderConsole(<ImportPage />);
    await userEvent.upload(screen.getByLabelText('File del bundle (.json o .zip)'), file(JSON.stringify(bundle)));
    await userEvent.click(screen.getByRole('button', { name: 'Controlla il bundle' }));
    const plan = await screen.findByRole('table', { name: 'Cosa verrà scritto' });
    expect(within(plan).getByRole('row', { name: 'Persone 3 1' })).toBeTruthy();
    expect(within(plan).getByRole('row', { name: 'Campagne 1 0' })).toBeTruthy();
    expect(within(plan).getByRole('row', { name: 'Gruppi di riferimento 1 1' })).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/confirm'))).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: "Conferma l'importazione" }));
    const done = await screen.findByRole('status', { name: 'Importazione completata' }, { timeout: 4_000 });
    expect(within(done).getByRole('row', { name: 'Persone 3 0 0 0' })).toBeTruthy();
    expect(within(done).getByRole('row', { name: 'Gruppi di riferimento 1 1 0 0' })).toBeTruthy();
    expect(within(done).getByRole('link', { name: 'Apri la campagna «Talenti 2027»' }).getAttribute('href')).toBe(
      '/console/campaigns/4242',
    );
  });

  it('refuses a file that is neither .json nor .zip, and a .zip that is not one, without sending them', async () => {
    const calls = fakeApi({});
    renderConsole(<ImportPage />);
    const input = screen.getByLabelText('File del bundle (.json o .zip)');
    // As a file dropped or picked past the picker's filter would be.
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(input, new File(['a,b'], 'bundle.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Controlla il bundle' }));
    expect(await screen.findByText('Scegli un file .json o .zip.')).toBeTruthy();
    await user.upload(input, new File(['{}'], 'bundle.zip', { type: 'application/zip' }));
    await user.click(screen.getByRole('button', { name: 'Controlla il bundle' }));
    expect(await screen.findByText('Il file non è uno .zip valido.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
  });

  it('sends a .zip as it is, typed as a zip, and shows what staff should know of it', async () => {
    const calls = checkedAs({
      state: 'validated',
      phase: 'validated',
      done: 1,
      plan: { tests: { create: 1, update: 0 } },
      notes: ['tests[0].package.file: corsi/sicurezza.zip: 3 SCOs: only the first one, "Benvenuto", is delivered'],
    });
    renderConsole(<ImportPage />);
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
    await userEvent.upload(
      screen.getByLabelText('File del bundle (.json o .zip)'),
      new File([zip], 'Bundle.ZIP', { type: 'application/x-zip-compressed' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Controlla il bundle' }));
    const notes = await screen.findByRole('region', { name: 'Da sapere' });
    expect(within(notes).getByRole('listitem').textContent).toBe(
      'tests[0].package.file: corsi/sicurezza.zip: 3 SCOs: only the first one, "Benvenuto", is delivered',
    );
    const sent = calls.find((c) => c.method === 'POST');
    expect(sent?.contentType).toBe('application/zip');
    expect(new Uint8Array(await (sent?.body as Blob).arrayBuffer())).toEqual(zip);
  });

  it("links the campaigns of a zip's bundle once imported, as the server names them", async () => {
    const counts = { created: 1, updated: 0, unchanged: 0, removed: 0 };
    fakeApi({
      'POST /api/staff/imports': { status: 202, body: { status: true, job: job({}) } },
      [`GET /api/staff/jobs/${JOB_ID}`]: {
        body: { status: true, job: job({ state: 'done', phase: 'done', done: 1, summary: { campaigns: counts }, campaigns }) },
      },
    });
    renderConsole(<ImportPage />);
    await userEvent.upload(
      screen.getByLabelText('File del bundle (.json o .zip)'),
      new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1])], 'banca.zip', { type: 'application/zip' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Controlla il bundle' }));
    const done = await screen.findByRole('status', { name: 'Importazione completata' });
    expect(within(done).getByRole('link', { name: 'Apri la campagna «Talenti 2027»' }).getAttribute('href')).toBe(
      '/console/campaigns/4242',
    );
  });
});
