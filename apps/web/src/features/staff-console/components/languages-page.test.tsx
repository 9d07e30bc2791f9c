// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubDialogs } from '@/testing/dialogs';
import { fakeApi, renderConsole } from '../test-support';
import { LanguagesPage } from './languages-page';

beforeAll(stubDialogs);
afterEach(() => vi.unstubAllGlobals());

const languages = [
  { id: 'IT_it', lang: 'IT_it', name: 'Italiano', campaigns: 3 },
  { id: 'EN_en', lang: 'EN_en', name: 'English', campaigns: 0 },
];

describe('<LanguagesPage>', () => {
  it("shows a company admin the platform's languages to read only", async () => {
    fakeApi({ 'GET /api/languages': { body: { status: true, languages } } });
    renderConsole(<LanguagesPage isOperator={false} />);
    expect(within(await screen.findByRole('row', { name: /Italiano/ })).getByText('3')).toBeTruthy();
    expect(screen.getByText(/Solo l'operatore della piattaforma le cambia/)).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Rinomina|Elimina|Salva/ })).toBeNull();
  });

  it('lets the operator add the missing language, rename one and delete a selection', async () => {
    const calls = fakeApi({
      'GET /api/languages': { body: { status: true, languages } },
      'POST /api/languages': { body: { status: true, language: { id: 'ES_es', lang: 'ES_es', name: 'Español', campaigns: 0 } } },
      'PUT /api/languages/EN_en': { body: { status: true, language: { ...languages[1], name: 'Inglese' } } },
      'DELETE /api/languages/selection': { status: 409, body: { status: false, code: 'IN_USE', message: 'used' } },
    });
    renderConsole(<LanguagesPage isOperator />);
    const add = await screen.findByRole('region', { name: 'Aggiungi una lingua' });
    expect((within(add).getByLabelText('Codice') as HTMLSelectElement).value).toBe('ES_es');
    await userEvent.type(within(add).getByLabelText('Nome'), 'Español');
    await userEvent.click(within(add).getByRole('button', { name: 'Salva' }));
    await vi.waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ lang: 'ES_es', name: 'Español' }));

    await userEvent.click(screen.getByRole('button', { name: 'Rinomina English' }));
    const rename = screen.getByRole('region', { name: 'Rinomina English' });
    await userEvent.clear(within(rename).getByLabelText('Nome'));
    await userEvent.type(within(rename).getByLabelText('Nome'), 'Inglese');
    await userEvent.click(within(rename).getByRole('button', { name: 'Salva' }));
    await vi.waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ name: 'Inglese' }));

    await userEvent.click(screen.getByRole('checkbox', { name: 'Seleziona Italiano' }));
    await userEvent.click(screen.getByRole('button', { name: 'Elimina il selezionato' }));
    const dialog = screen.getByRole('dialog', { name: 'Eliminare 1 lingua?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Elimina' }));
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(/in uso/);
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ ids: ['IT_it'] });
  });
});
