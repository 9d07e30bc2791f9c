import { useTranslation } from 'react-i18next';
import { ClockIcon } from '@/components/ui/icons';
import { useQueueSnapshot } from '@/lib/sending-queue-context';
import { formatClock } from '@/lib/test-clock';
import '@/locales/it/test-container';

/**
 * A timed test whose answers cannot reach the server (no connection, or sends failing): said at once, beside the
 * time left, while the clock runs; gone as soon as the queue sends again. Only the sentence is a live region (an
 * alert, announced once as it appears): the clock beside it ticks every second and must not be read out each time.
 */
export function UnreachableWarning({ secondsLeft }: { secondsLeft: number | undefined }) {
  const { t } = useTranslation(['testContainer', 'translation']);
  const { state } = useQueueSnapshot();
  if (secondsLeft === undefined || secondsLeft === 0 || (state !== 'offline' && state !== 'error')) return null;
  return (
    <div className="callout callout--warning test-container__unreachable">
      <span className="test-container__unreachable-time">
        <ClockIcon />
        {t('translation:clock.timeLeft', { time: formatClock(secondsLeft) })}
      </span>
      <p role="alert" className="test-container__unreachable-text">
        {t(state === 'offline' ? 'testContainer.unreachable' : 'testContainer.serverUnreachable')}
      </p>
    </div>
  );
}
