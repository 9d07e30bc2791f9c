// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTexts } from '@/testing/render';
import { OtherWindowNotice } from './other-window-notice';

describe('<OtherWindowNotice>', () => {
  it('takes the focus, says plainly that what was typed here since was not saved, and offers "Continua qui"', () => {
    const onContinueHere = vi.fn();
    const onLeave = vi.fn();
    renderWithTexts(<OtherWindowNotice unsent={2} onContinueHere={onContinueHere} onLeave={onLeave} />);
    const notice = screen.getByRole('alertdialog', { name: "Questo test è aperto in un'altra finestra." });
    expect(document.activeElement).toBe(notice);
    expect(notice.textContent).toContain('Le ultime modifiche fatte qui non sono state salvate');
    fireEvent.click(screen.getByRole('button', { name: 'Continua qui' }));
    expect(onContinueHere).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Torna alle attività' }));
    expect(onLeave).toHaveBeenCalledOnce();
  });

  it('says nothing was lost when another tab told it before any change of this window went', () => {
    renderWithTexts(<OtherWindowNotice unsent={0} onContinueHere={() => {}} onLeave={() => {}} />);
    const notice = screen.getByRole('alertdialog', { name: "Questo test è aperto in un'altra finestra." });
    expect(notice.textContent).toContain("Continuando qui riparti da quanto salvato nell'altra finestra.");
    expect(notice.textContent).not.toContain('non sono state salvate');
  });
});
