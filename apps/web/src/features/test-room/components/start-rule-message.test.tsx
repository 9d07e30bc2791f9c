// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTexts } from '@/testing/render';
import { LockedMessage } from './start-rule-message';

describe('<LockedMessage>', () => {
  it('asks to complete the one activity that unlocks it, or all of them, in the number they are', () => {
    const { unmount } = renderWithTexts(<LockedMessage prerequisites={['Ragionamento numerico']} />);
    expect(screen.getByText("Completala per sbloccare l'attività.")).toBeTruthy();
    unmount();
    renderWithTexts(<LockedMessage prerequisites={['Ragionamento numerico', 'Stili di lavoro']} />);
    expect(screen.getByText("Completale per sbloccare l'attività.")).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });
});
