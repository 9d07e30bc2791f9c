import type { User } from '@prova/contract/auth';
import type { UserTest } from '@prova/contract/tests';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocked, missingPrerequisiteNames } from '../rules/test-rules';
import { LockedPopover } from './locked-popover';
import { StatusIcon, useStatusLabel } from './status-icon';
import { TimeLeft } from './time-left';
import { TestAvatar } from './test-avatar';
import '@/locales/it/room';

export interface TestListProps {
  tests: UserTest[];
  user: User;
  selectedId: number | null;
  /** Pointer over or focus on a test: select it after the hover delay. */
  onPreview: (testId: number) => void;
  /** Pointer or focus left a test before the delay ran out. */
  onPreviewCancel: () => void;
  /** The test was activated (click, Enter, Space): open its start page. */
  onOpen: (testId: number) => void;
  /** The list is the page's main content (mobile test-list route). */
  headingLevel?: 1 | 2;
}

/** 'Elenco delle attività': one item per test with its avatar, name and status. */
export function TestList({ tests, user, selectedId, onPreview, onPreviewCancel, onOpen, headingLevel = 2 }: TestListProps) {
  const { t } = useTranslation('room');
  const statusLabel = useStatusLabel();
  const titleId = useId();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  return (
    <section className="test-list" aria-labelledby={titleId}>
      <Heading id={titleId} className="test-list__title">
        {t('room.listTitle')}
      </Heading>
      {tests.length === 0 ? (
        <p className="test-list__empty">{t('room.noTests')}</p>
      ) : (
        <ul className="test-list__items">
          {tests.map((test) => {
            const locked = isLocked(test, user);
            return (
              <li
                key={test.id}
                className={[
                  'test-item',
                  `test-item--${test.status.replace(' ', '-')}`,
                  locked && 'test-item--locked',
                  selectedId === test.id && 'test-item--selected',
                ]
                  .filter(Boolean)
                  .join(' ')}
                onMouseEnter={() => onPreview(test.id)}
                onMouseLeave={onPreviewCancel}
                onFocus={() => onPreview(test.id)}
                onBlur={onPreviewCancel}
              >
                <button type="button" className="test-item__open" onClick={() => onOpen(test.id)}>
                  <TestAvatar test={test} />
                  <span className="test-item__name">
                    {test.name}
                    <span className={`test-item__status test-item__status--${test.status.replace(' ', '-')}`}>
                      {statusLabel(test.status)}
                    </span>
                    <TimeLeft test={test} className="test-item__time-left" />
                  </span>
                  <StatusIcon status={test.status} decorative />
                </button>
                {locked && <LockedPopover testName={test.name} prerequisites={missingPrerequisiteNames(test, tests)} />}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
