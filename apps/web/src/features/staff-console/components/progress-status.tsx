import type { TestStatus } from '@prova/contract/tests';
import { useTranslation } from 'react-i18next';
import { CompleteIcon, IncompleteIcon, NotAttemptedIcon } from '@/components/ui/icons';

const ICONS = { 'not attempted': NotAttemptedIcon, incomplete: IncompleteIcon, complete: CompleteIcon } as const;
const KEYS = { 'not attempted': 'status.notAttempted', incomplete: 'status.incomplete', complete: 'status.complete' } as const;

export function useProgressStatusLabel() {
  const { t } = useTranslation('console');
  return (status: TestStatus) => t(KEYS[status]);
}

/** A test's state for one person: an icon and its word (never the colour alone). */
export function ProgressStatus({ status }: { status: TestStatus }) {
  const label = useProgressStatusLabel();
  const Icon = ICONS[status];
  return (
    <span className={`console-status console-status--${status.replace(' ', '-')}`}>
      <Icon />
      {label(status)}
    </span>
  );
}
