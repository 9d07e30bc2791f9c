// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubDialogs } from '@/testing/dialogs';
import { renderWithTexts } from '@/testing/render';
import { ExitDialog } from './exit-dialog';

beforeAll(stubDialogs);

const noop = () => {};
const dialog = (props: { timed: boolean; secondsLeft?: number; message?: string }) =>
  renderWithTexts(<ExitDialog open onConfirm={noop} onCancel={noop} gender={{ context: undefined }} {...props} />);

describe('<ExitDialog>', () => {
  it('of a timed test says what is true: the time keeps running, how much is left, and one may come back', () => {
    dialog({ timed: true, secondsLeft: 19 * 60 + 17 });
    expect(
      screen.getByText("Il tempo continua a scorrere anche se esci: restano 19:17 e puoi tornare all'attività finché non è scaduto."),
    ).toBeTruthy();
    expect(screen.queryByText(/non potrai più ritornare/)).toBeNull();
  });

  it('keeps saying it beside the test’s own exit message, which cannot hide it', () => {
    dialog({ timed: true, secondsLeft: 65, message: 'Le risposte date restano salvate.' });
    expect(screen.getByText('Le risposte date restano salvate.')).toBeTruthy();
    expect(screen.getByText(/restano 1:05 e puoi tornare/)).toBeTruthy();
  });

  it('without a running clock says the rule without a time; an untimed test, that it can be completed later', () => {
    const { unmount } = dialog({ timed: true });
    expect(screen.getByText("Il tempo continua a scorrere anche se esci: puoi tornare all'attività finché non è scaduto.")).toBeTruthy();
    unmount();
    dialog({ timed: false });
    expect(screen.getByText("Potrai completare l'attività in un secondo momento")).toBeTruthy();
  });
});
