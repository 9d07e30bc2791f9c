// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SendingQueueContext } from '@/lib/sending-queue-context';
import { createMemoryStorage } from '@/lib/sending-queue/queue-storage';
import { createSendingQueue, type SendingQueue } from '@/lib/sending-queue/sending-queue';
import { renderWithTexts } from '@/testing/render';
import { SaveIndicator } from './save-indicator';

let queue: SendingQueue;
afterEach(() => queue.stop());

describe('SaveIndicator', () => {
  it("never says 'Salvato' while an activity holds input it has not handed over", async () => {
    queue = createSendingQueue({ storage: createMemoryStorage() });
    queue.start({ userId: 5, companyId: 1 });
    await act(() => queue.ready);
    renderWithTexts(
      <SendingQueueContext.Provider value={{ read: () => queue }}>
        <SaveIndicator always />
      </SendingQueueContext.Provider>,
    );
    expect(screen.getByRole('status').textContent).toBe('Salvato');
    act(() => queue.holdInput('activity:1:2', true));
    expect(screen.getByRole('status').textContent).toBe('Salvataggio…');
    act(() => queue.holdInput('activity:1:2', false));
    expect(screen.getByRole('status').textContent).toBe('Salvato');
  });
});
