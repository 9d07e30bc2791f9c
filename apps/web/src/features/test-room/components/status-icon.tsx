import type { TestStatus } from '@prova/contract/tests';
import { useTranslation } from 'react-i18next';
import { CompleteIcon, IncompleteIcon, NotAttemptedIcon } from '@/components/ui/icons';
import '@/locales/it/room';

const STATUS_KEY = { 'not attempted': 'notAttempted', incomplete: 'incomplete', complete: 'complete' } as const;

const ICONS = { 'not attempted': NotAttemptedIcon, incomplete: IncompleteIcon, complete: CompleteIcon } as const;

/** The status of a test as an icon with an accessible name; `decorative` where the words stand beside it. */
export function StatusIcon({ status, decorative = false }: { status: TestStatus; decorative?: boolean }) {
  const { t } = useTranslation('room');
  const Icon = ICONS[status];
  const label = t(`room.status.${STATUS_KEY[status]}`);
  if (decorative) {
    return (
      <span className={`status-icon status-icon--${STATUS_KEY[status]}`} aria-hidden="true">
        <Icon />
      </span>
    );
  }
  return (
    <span className={`status-icon status-icon--${STATUS_KEY[status]}`} role="img" aria-label={label} title={label}>
      <Icon />
    </span>
  );
}

/** The status as words, e.g. for the details panel. */
export function useStatusLabel() {
  const { t } = useTranslation('room');
  return (status: TestStatus) => t(`room.status.${STATUS_KEY[status]}`);
}
