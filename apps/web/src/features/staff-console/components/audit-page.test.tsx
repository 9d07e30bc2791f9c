// @vitest-environment jsdom
import type { AuditEntry } from '@prova/contract/staff-audit';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderConsole } from '../test-support';
import { AuditPage, dayStart } from './audit-page';

afterEach(() => vi.unstubAllGlobals());

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  at: '2026-11-30T10:15:00Z',
  event: 'staff-report-downloaded',
  companyId: 7,
  actor: { id: 2, name: 'Ada Amministra' },
  target: 'campaigns/5/participants/11/report.pdf',
  subject: { id: 11, name: 'Carla Rossi' },
  email: null,
  detail: null,
  ip: '127.0.0.1',
  ...over,
});
const list = (entries: AuditEntry[], total = entries.length) => ({ body: { status: true, entries, total, page: 1, pageSize: 50 } });
const people = { body: { status: true, people: [], total: 0, page: 1, pageSize: 200 } };

describe('<AuditPage>', () => {
  it('names each event in plain words, with who, on what and about whom; an unknown event by its name', async () => {
    fakeApi({
      'GET /api/people': people,
      'GET /api/staff/audit': list([
        entry({}),
        entry({ id: 2, event: 'staff-erased', actor: null, subject: null, email: 'c***@example.com' }),
      ]),
    });
    renderConsole(<AuditPage isOperator={false} />);
    const row = await screen.findByRole('row', { name: /Report scaricato/ });
    expect(within(row).getByText('Ada Amministra')).toBeTruthy();
    expect(within(row).getByText('Carla Rossi')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /staff-erased/ })).getByText('c***@example.com')).toBeTruthy();
    expect(screen.getByText('2 attività')).toBeTruthy();
    expect(screen.queryByLabelText('Aziende')).toBeNull();
  });

  it('filters by activity, days and subject, and the CSV link carries the same filters', async () => {
    const calls = fakeApi({ 'GET /api/people': people, 'GET /api/staff/audit': list([entry({})]) });
    renderConsole(<AuditPage isOperator={false} />);
    await screen.findByRole('row', { name: /Report scaricato/ });
    await userEvent.selectOptions(screen.getByLabelText('Attività'), 'Test azzerato');
    await userEvent.type(screen.getByLabelText('Dal giorno'), '2026-11-01');
    await userEvent.type(screen.getByLabelText('Oggetto'), 'campaigns/5');
    const from = encodeURIComponent(dayStart('2026-11-01')!);
    const expected = `event=staff-test-reset&from=${from}&target=${encodeURIComponent('campaigns/5')}`;
    const sorted = (path: string) => new URLSearchParams(path.split('?')[1]).toString().split('&').sort().join('&');
    await vi.waitFor(() =>
      expect(
        calls.some((c) => c.path.startsWith('/api/staff/audit?') && sorted(c.path) === sorted(`?${expected}&page=1&pageSize=50`)),
      ).toBe(true),
    );
    expect(sorted((screen.getByRole('link', { name: 'Scarica CSV' }) as HTMLAnchorElement).getAttribute('href')!)).toBe(
      sorted(`?${expected}`),
    );
  });

  it("gives the operator every company's trail on asking", async () => {
    const calls = fakeApi({
      'GET /api/people': people,
      'GET /api/staff/audit': list([entry({ companyId: null, event: 'sign-in-failed' })]),
    });
    renderConsole(<AuditPage isOperator />);
    await userEvent.selectOptions(await screen.findByLabelText('Aziende'), 'Tutte le aziende');
    expect(await screen.findByRole('columnheader', { name: 'Azienda' })).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /Accesso non riuscito/ })).getByText('Nessuna')).toBeTruthy();
    expect(calls.some((c) => c.path.includes('scope=all'))).toBe(true);
  });

  it('reads a day as the instant it starts in the browser, and "to" as the start of the day after', () => {
    expect(dayStart('2026-11-01')).toBe(new Date(2026, 10, 1).toISOString());
    expect(dayStart('2026-11-30', true)).toBe(new Date(2026, 11, 1).toISOString());
    expect(dayStart('')).toBeUndefined();
  });
});
