import { useTranslation } from 'react-i18next';
import { useQueueSnapshot } from '@/lib/sending-queue-context';
import './save-indicator.css';

/**
 * What the sending queue is doing with the user's progress: saved, saving, offline with changes
 * waiting, failing (retrying), or not saved here because another window holds the test. A polite live region, so screen readers hear each change.
 */
export function SaveIndicator({ className, always }: { className?: string; always: boolean }) {
  const { t } = useTranslation();
  const { state, pending } = useQueueSnapshot();
  const text = state === 'offline' ? t('saveStatus.offline', { count: pending }) : t(`saveStatus.${state}`);
  // 'Salvato' only where the person's work is being saved (and a test held by another window only beside that test);
  // elsewhere only what needs their attention.
  if (!always && (state === 'saved' || state === 'saving' || state === 'elsewhere')) return null;
  return (
    <p role="status" aria-live="polite" className={['save-status', `save-status--${state}`, className].filter(Boolean).join(' ')}>
      <span className="save-status__dot" aria-hidden="true" />
      <span className="save-status__text">{text}</span>
    </p>
  );
}
