import type { SyncStateResponse } from '@prova/contract/tests';
import type { ActivityHost, ActivitySession } from '@prova/activity-sdk/host';
import { useCallback, useLayoutEffect, useMemo, useRef, type RefObject } from 'react';
import { useActivityFrame, type ActivityPhase } from '@/components/activity/use-activity-frame';
import { notify } from '@/components/ui/notifications/notifications-store';
import { i18n } from '@/lib/i18n';
import { useQueue } from '@/lib/sending-queue-context';
import { heldByOtherWindow } from '../api/held-by-other-window';
import { createActivityHandlers, heldInputSource } from '../utils/activity-handlers';
import '@/locales/it/test-container';

export type { ActivityPhase } from '@/components/activity/use-activity-frame';

/** The spec's notification for outcomes the server refused (section 8, Reports and 360): the generic error title. */
function onOutcomesNotSaved() {
  notify({ type: 'error', title: i18n.t('errors.generic.title'), message: i18n.t('testContainer:testContainer.outcomesNotSaved') });
}

export interface UseActivityHostOptions {
  iframeRef: RefObject<HTMLIFrameElement | null>;
  url: string;
  session: ActivitySession;
  /** The activity called exit(). */
  onExit: () => void;
  /** setStatus('complete'), markComplete or trackOutcomes. */
  onComplete: () => void;
  /** The server refused a save because the campaign is over (409 CAMPAIGN_CLOSED): nothing more is saved. */
  onCampaignClosed: () => void;
  /** The server opened the test (init): its status and clock. */
  onOpened: (opened: Pick<SyncStateResponse, 'testStatus' | 'timing'>) => void;
  /**
   * The test was opened in another window since, which holds it: the server refused this window's saves (409
   * WINDOW_SUPERSEDED; `unsent` of them), or another tab of this browser said so at once (none unsent).
   */
  onSuperseded: (unsent: number) => void;
}

/**
 * The room's host: the shared activity frame (components/activity) with handlers that go through the app's
 * sending queue, and the queue's word that the test or the campaign is closed passed on to the activity.
 */
export function useActivityHost({
  iframeRef,
  url,
  session,
  onExit,
  onComplete,
  onCampaignClosed,
  onOpened,
  onSuperseded,
}: UseActivityHostOptions): ActivityPhase {
  const queue = useQueue();
  // The latest callbacks, without re-creating the host when they change.
  const callbacks = useRef({ onExit, onComplete, onCampaignClosed, onOpened, onSuperseded });
  useLayoutEffect(() => {
    callbacks.current = { onExit, onComplete, onCampaignClosed, onOpened, onSuperseded };
  });
  const { campaignId, testId, userId, isAssessor } = session;
  const handlers = useMemo(
    () =>
      createActivityHandlers(
        { queue, exit: () => callbacks.current.onExit(), onOutcomesNotSaved, onOpened: (opened) => callbacks.current.onOpened(opened) },
        isAssessor,
      ),
    [queue, isAssessor],
  );
  // The activity gone (left, closed), what it said it held is no longer anyone's to send.
  useLayoutEffect(() => () => queue.holdInput(heldInputSource({ campaignId, testId }, 'activity'), false), [queue, campaignId, testId]);

  // The server refused a save because the test is finished (complete, or time up): the activity and
  // the room follow, and no error is shown. When the whole campaign is over, the activity stops too and the
  // room says why (the test is not complete: nothing more of it is taken).
  const connect = useCallback(
    (host: ActivityHost) => {
      const superseded = queue.subscribeSuperseded((test) => {
        if (test.campaignId === campaignId && test.testId === testId && test.userId === userId) callbacks.current.onSuperseded(test.unsent);
      });
      const closed = queue.subscribeClosed((closed) => {
        if (closed.campaignId !== campaignId || closed.userId !== userId) return;
        if (closed.scope === 'campaign') {
          host.notify('statuschange', { status: 'complete', reason: 'campaign-closed' });
          callbacks.current.onCampaignClosed();
          return;
        }
        if (closed.testId !== testId) return;
        host.notify('statuschange', { status: 'complete', reason: 'closed' });
        callbacks.current.onComplete();
      });
      // Back to this window (from another tab or window, or another device): asked at once whether the test was opened
      // elsewhere since, rather than learnt at the next save. Not knowing (offline) leaves it to that save.
      let askedAt = 0;
      const onVisible = () => {
        if (document.visibilityState !== 'visible' || Date.now() - askedAt < 2000) return;
        askedAt = Date.now();
        void queue
          .windowId()
          .then((windowId) => heldByOtherWindow({ campaignId, testId, userId }, windowId))
          .then((held) => held && queue.heldByOtherWindow({ campaignId, testId, userId }))
          .catch(() => undefined);
      };
      document.addEventListener('visibilitychange', onVisible);
      window.addEventListener('focus', onVisible);
      return () => {
        superseded();
        closed();
        document.removeEventListener('visibilitychange', onVisible);
        window.removeEventListener('focus', onVisible);
      };
    },
    [queue, campaignId, testId, userId],
  );

  return useActivityFrame({ iframeRef, url, session, handlers, onComplete: () => callbacks.current.onComplete(), connect });
}
