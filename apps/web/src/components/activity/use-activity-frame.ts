import { IFRAME_LOAD_CHECK_MS } from '@prova/contract/limits';
import {
  createActivityHost,
  originOf,
  withHostOrigin,
  type ActivityHandlers,
  type ActivityHost,
  type ActivitySession,
} from '@prova/activity-sdk/host';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { activityFailedToLoad } from './load-check';

/**
 * Only what the activities need: scripts, their own origin (for the SDK's origin checks and their own
 * storage), forms, popups, confirm(). Safe because an activity is never on the app's origin (the
 * platform's own are served on ACTIVITIES_URL, and a url on the app's origin is not framed).
 */
export const ACTIVITY_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups allow-modals';
/** Powerful features stay off inside the activity. */
export const ACTIVITY_ALLOW = "camera 'none'; microphone 'none'; geolocation 'none'; payment 'none'; usb 'none'";

/** loading: until the iframe's first load; loaded; failed: the 6 s load check said so. */
export type ActivityPhase = 'loading' | 'loaded' | 'failed';

export interface UseActivityFrameOptions {
  iframeRef: RefObject<HTMLIFrameElement | null>;
  url: string;
  session: ActivitySession;
  /** What the activity's calls are answered with (the room's go to the API; a preview's stay in memory). Keep it stable. */
  handlers: ActivityHandlers;
  /** setStatus('complete'), markComplete or trackOutcomes. */
  onComplete: () => void;
  /** Anything more tied to this host while it lives (the room's notices of a closed test); returns its undoing. */
  connect?: (host: ActivityHost) => () => void;
}

/**
 * Frames an activity as the candidate's room does: the SDK's host is created before `src` is set (built
 * with withHostOrigin, so the activity knows whom to talk to), it answers with `handlers`, and every load of
 * the frame is checked 6 s later. The room (test-container) and the console's preview share it.
 */
export function useActivityFrame({ iframeRef, url, session, handlers, onComplete, connect }: UseActivityFrameOptions): ActivityPhase {
  const [phase, setPhase] = useState<ActivityPhase>('loading');
  // The latest callbacks, without re-creating the host when they change.
  const callbacks = useRef({ onComplete, connect });
  useLayoutEffect(() => {
    callbacks.current = { onComplete, connect };
  });
  const { campaignId, testId, userId, lang, isAssessor } = session;

  useEffect(() => {
    const iframe = iframeRef.current;
    if (!iframe) return;
    const host = createActivityHost({
      iframe,
      activityOrigin: originOf(url),
      session: { campaignId, testId, userId, lang, isAssessor },
      handlers,
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
    const disconnect = callbacks.current.connect?.(host);
    setPhase('loading');
    iframe.addEventListener('load', onLoad);
    iframe.src = withHostOrigin(url);
    return () => {
      window.clearTimeout(timer);
      iframe.removeEventListener('load', onLoad);
      disconnect?.();
      host.dispose();
    };
  }, [iframeRef, handlers, url, campaignId, testId, userId, lang, isAssessor]);

  return phase;
}
