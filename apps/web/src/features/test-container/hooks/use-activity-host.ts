import { IFRAME_LOAD_CHECK_MS } from '@prova/contract/limits';
import { createActivityHost, originOf, withHostOrigin, type ActivitySession } from '@prova/activity-sdk/host';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { notify } from '@/components/ui/notifications/notifications-store';
import { i18n } from '@/lib/i18n';
import { useQueue } from '@/lib/sending-queue-context';
import { createActivityHandlers } from '../utils/activity-handlers';
import { activityFailedToLoad } from '../utils/load-check';

/** The spec's notification for outcomes the server refused (section 8, Reports and 360): the generic error title. */
function onOutcomesNotSaved() {
  notify({ type: 'error', title: i18n.t('errors.generic.title'), message: i18n.t('testContainer.outcomesNotSaved') });
}

/** loading: until the iframe's first load; loaded; failed: the 6 s load check said so. */
export type ActivityPhase = 'loading' | 'loaded' | 'failed';

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
}

/**
 * Connects the iframe to the activity SDK's host: the host is created before `src` is set (built
 * with withHostOrigin, so the activity knows whom to talk to), its handlers go through the app's
 * sending queue, and every load of the frame is checked 6 s later.
 */
export function useActivityHost({ iframeRef, url, session, onExit, onComplete, onCampaignClosed }: UseActivityHostOptions): ActivityPhase {
  const queue = useQueue();
  const [phase, setPhase] = useState<ActivityPhase>('loading');
  // The latest callbacks, without re-creating the host when they change.
  const callbacks = useRef({ onExit, onComplete, onCampaignClosed });
  useLayoutEffect(() => {
    callbacks.current = { onExit, onComplete, onCampaignClosed };
  });
  const { campaignId, testId, userId, lang, isAssessor } = session;

  useEffect(() => {
    const iframe = iframeRef.current;
    if (!iframe) return;
    const ids = { campaignId, testId, userId, lang, isAssessor };
    const host = createActivityHost({
      iframe,
      activityOrigin: originOf(url),
      session: ids,
      handlers: createActivityHandlers({ queue, exit: () => callbacks.current.onExit(), onOutcomesNotSaved }, isAssessor),
      onComplete: () => callbacks.current.onComplete(),
    });
    let timer: number | undefined;
    const onLoad = () => {
      setPhase((current) => (current === 'failed' ? current : 'loaded'));
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        if (activityFailedToLoad(iframe, host.initialized)) setPhase('failed');
      }, IFRAME_LOAD_CHECK_MS);
    };
    // The server refused a save because the test is finished (complete, or time up): the activity and
    // the room follow, and no error is shown. When the whole campaign is over, the activity stops too and the
    // room says why (the test is not complete: nothing more of it is taken).
    const unsubscribe = queue.subscribeClosed((closed) => {
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
    setPhase('loading');
    iframe.addEventListener('load', onLoad);
    iframe.src = withHostOrigin(url);
    return () => {
      window.clearTimeout(timer);
      iframe.removeEventListener('load', onLoad);
      unsubscribe();
      host.dispose();
    };
  }, [iframeRef, queue, url, campaignId, testId, userId, lang, isAssessor]);

  return phase;
}
