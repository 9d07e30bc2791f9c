import { useTranslation } from 'react-i18next';
import { useQueueSnapshot } from '@/lib/sending-queue-context';
import './save-indicator.css';

/**
 * What the sending queue is doing with the user's progress: saved, saving, offline with changes
 * waiting, or failing (retrying). A polite live region, so screen readers hear each change.
 */
export function SaveIndicator({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { state, pending } = useQueueSnapshot();
  const text =
    state === 'offline'
      ? t('saveStatus.offline', { count: pending })
      : state === 'error'
        ? t('saveStatus.error')
        : state === 'saving'
          ? t('saveStatus.saving')
          : t('saveStatus.saved');
  return (
    <p role="status" aria-live="polite" className={['save-status', `save-status--${state}`, className].filter(Boolean).join(' ')}>
      <span className="save-status__dot" aria-hidden="true" />
      <span className="save-status__text">{text}</span>
    </p>
  );
}
