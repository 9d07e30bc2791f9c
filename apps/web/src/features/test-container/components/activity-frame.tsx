import type { UserTest } from '@prova/contract/tests';
import type { ActivitySession } from '@prova/activity-sdk/host';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useLocation, useNavigate } from 'react-router';
import { ACTIVITY_ALLOW, ACTIVITY_SANDBOX } from '@/components/activity/use-activity-frame';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { setCurrentTestId } from '@/lib/current-test';
import type { GenderOptions } from '@/lib/gender';
import { useQueue } from '@/lib/sending-queue-context';
import { isSignOutPath, roomHrefFor } from '@/lib/room-path';
import { useSecondsLeft } from '@/lib/test-clock';
import { isTimedTest, userTestsBaseKey, userTestsQueryKey } from '@/lib/user-tests';
import { useActivityHost } from '../hooks/use-activity-host';
import { ownExitMessage } from '../utils/test-texts';
import { ExitDialog } from './exit-dialog';
import { UnreachableWarning } from './unreachable-warning';
import { OtherWindowNotice } from './other-window-notice';
import '@/locales/it/test-container';

export interface ActivityFrameProps {
  test: UserTest;
  session: ActivitySession;
  gender: GenderOptions;
  /** "Continua qui" after another window took the test: the frame starts again, opening (and claiming) the test anew. */
  onTakeOver: () => void;
}

/**
 * The iframe of the test with its loader overlay, the failed-load message, and the exit
 * confirmation: any navigation away (the header's close button, a link, back) asks first while
 * the test is loaded and not complete. The activity's own exit() returns to the room directly.
 * Leaving clears the current test.
 */
export function ActivityFrame({ test, session, gender, onTakeOver }: ActivityFrameProps) {
  const { t } = useTranslation('testContainer');
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const queue = useQueue();
  const iframeRef = useRef<HTMLIFrameElement>(null);
  const headingId = useId();
  const [completed, setCompleted] = useState(false);
  const [campaignClosed, setCampaignClosed] = useState(false);
  // Held by another window: how many of this window's changes did not go (none when another tab said so first).
  const [superseded, setSuperseded] = useState<{ unsent: number }>();
  const leaving = useRef(false);
  const roomHref = roomHrefFor(location.pathname);
  const secondsLeft = useSecondsLeft(test);

  const leave = () => {
    leaving.current = true;
    void navigate(roomHref);
  };

  const markComplete = () => {
    setCompleted(true);
    // Optimistically complete in the room; the server's list follows once sent.
    queryClient.setQueryData<UserTest[]>(userTestsQueryKey(session.campaignId), (tests) =>
      tests?.map((item) => (item.id === test.id ? { ...item, status: 'complete' } : item)),
    );
    void queue.drain().then(() => queryClient.invalidateQueries({ queryKey: userTestsBaseKey }));
  };

  const phase = useActivityHost({
    iframeRef,
    url: test.url,
    session,
    onExit: leave,
    onComplete: markComplete,
    onCampaignClosed: () => setCampaignClosed(true),
    onSuperseded: (unsent) => setSuperseded((held) => ({ unsent: Math.max(held?.unsent ?? 0, unsent) })),
    // The room's list may predate the opening: its clock, for the exit dialog and the room, is the server's answer.
    onOpened: ({ testStatus, timing }) =>
      queryClient.setQueryData<UserTest[]>(userTestsQueryKey(session.campaignId), (tests) =>
        tests?.map((item) => (item.id === test.id ? { ...item, status: testStatus, timing } : item)),
      ),
  });

  // Every way out passes here: it asks while the test is loaded and not complete, and stopping the
  // test clears the current test. Signing out is never held back.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && !isSignOutPath(nextLocation.pathname),
  );
  // Held by another window, nothing here is saved any more: leaving loses nothing of it.
  const mustConfirm = phase === 'loaded' && !completed && !campaignClosed && superseded === undefined && !leaving.current;
  const stop = useCallback(() => {
    setCurrentTestId(null);
    blocker.proceed?.();
  }, [blocker]);
  useEffect(() => {
    if (blocker.state === 'blocked' && !mustConfirm) stop();
  }, [blocker.state, mustConfirm, stop]);

  return (
    <section className="test-container" aria-labelledby={headingId}>
      <h1 id={headingId} className="visually-hidden">
        {test.name}
      </h1>
      {isTimedTest(test) && !completed && !campaignClosed && <UnreachableWarning secondsLeft={secondsLeft} />}
      <iframe
        ref={iframeRef}
        className="test-container__frame"
        title={test.name}
        sandbox={ACTIVITY_SANDBOX}
        allow={ACTIVITY_ALLOW}
        hidden={phase === 'failed' || campaignClosed || superseded !== undefined}
      />
      {phase === 'loading' && (
        <div className="test-container__overlay">
          <Spinner />
        </div>
      )}
      {campaignClosed && (
        <div className="test-container__overlay">
          <div className="callout callout--warning" role="alert">
            <p className="test-container__failed">{t('testContainer.campaignClosed')}</p>
            <Button variant="secondary" onClick={leave}>
              {t('testContainer.backToRoom')}
            </Button>
          </div>
        </div>
      )}
      {superseded && !campaignClosed && <OtherWindowNotice unsent={superseded.unsent} onContinueHere={onTakeOver} onLeave={leave} />}
      {phase === 'failed' && !campaignClosed && !superseded && (
        <div className="test-container__overlay">
          <div className="callout callout--error" role="alert">
            <p className="test-container__failed">{t('testContainer.loadFailed')}</p>
            <Button variant="secondary" onClick={leave}>
              {t('testContainer.backToRoom')}
            </Button>
          </div>
        </div>
      )}
      <ExitDialog
        gender={gender}
        open={blocker.state === 'blocked' && mustConfirm}
        timed={isTimedTest(test)}
        secondsLeft={secondsLeft}
        message={ownExitMessage(test)}
        onConfirm={stop}
        onCancel={() => blocker.reset?.()}
      />
    </section>
  );
}
