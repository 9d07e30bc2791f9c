// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { stubDialogs } from '@/testing/dialogs';
import { renderWithTexts } from '@/testing/render';
import { LogoutSyncDialog } from './logout-sync-dialog';

beforeAll(stubDialogs);

const noop = () => {};

describe('<LogoutSyncDialog>', () => {
  it('says in plain words how many answers have not reached the server, and what Salta leaves behind', () => {
    const { rerender } = renderWithTexts(
      <LogoutSyncDialog sync={{ total: 2, pending: 2, answers: 1 }} onWait={noop} onSkip={noop} onCancel={noop} />,
    );
    expect(screen.getByRole('dialog', { name: 'Sincronizzazione' })).toBeTruthy();
    expect(screen.getByText('1 risposta non è ancora arrivata al server')).toBeTruthy();
    expect(
      screen.getByText(/le risposte non inviate restano in questo browser e partono quando rientri qui con il tuo account/),
    ).toBeTruthy();
    rerender(<LogoutSyncDialog sync={{ total: 3, pending: 3, answers: 3 }} onWait={noop} onSkip={noop} onCancel={noop} />);
    expect(screen.getByText('3 risposte non sono ancora arrivate al server')).toBeTruthy();
  });

  it("makes 'Aspetta' the main action, focused on opening, and 'Salta' the secondary one", async () => {
    const onWait = vi.fn();
    const onSkip = vi.fn();
    renderWithTexts(<LogoutSyncDialog sync={{ total: 1, pending: 1, answers: 1 }} onWait={onWait} onSkip={onSkip} onCancel={noop} />);
    const wait = screen.getByRole('button', { name: 'Aspetta' });
    const skip = screen.getByRole('button', { name: 'Salta' });
    expect(document.activeElement).toBe(wait);
    expect(wait.className).toContain('button--primary');
    expect(skip.className).toContain('button--secondary');
    await userEvent.keyboard('{Enter}');
    expect(onWait).toHaveBeenCalledOnce();
    expect(onSkip).not.toHaveBeenCalled();
    await userEvent.click(skip);
    expect(onSkip).toHaveBeenCalledOnce();
  });

  it('without answers left (only log entries) counts what is still to send, and makes no claim about answers', () => {
    renderWithTexts(<LogoutSyncDialog sync={{ total: 1, pending: 1, answers: 0 }} onWait={noop} onSkip={noop} onCancel={noop} />);
    expect(screen.queryByText(/risposte? non/)).toBeNull();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toBe('1 modifica da inviare');
  });
});
