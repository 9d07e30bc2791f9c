import type { UserTest } from '@prova/contract/tests';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import '@/locales/it/agenda';

/** The month's activities in date order, and what can be done with the one chosen: move it to another day. */
export function ActivityPanel({
  entries,
  selected,
  moving,
  complete,
  onSelect,
  onMoving,
  dayLabel,
  statusText,
}: {
  entries: Array<{ day: string; test: UserTest }>;
  selected: UserTest | undefined;
  moving: number | null;
  complete: Set<number>;
  onSelect: (testId: number) => void;
  /** A test to move (the grid then offers each day), or null to stop. */
  onMoving: (testId: number | null) => void;
  dayLabel: (day: string) => string;
  statusText: (test: UserTest) => string;
}) {
  const { t } = useTranslation('agenda');
  return (
    <aside className="agenda__panel" aria-label={t('agenda.activities')}>
      <h2>{t('agenda.activities')}</h2>
      <ul className="agenda__list">
        {entries.map(({ day, test }) => (
          <li key={test.id}>
            <button
              type="button"
              className={['agenda__item', selected?.id === test.id ? 'is-selected' : ''].join(' ')}
              aria-pressed={selected?.id === test.id}
              onClick={() => onSelect(test.id)}
            >
              <span className="agenda__item-date">{dayLabel(day)}</span>
              <span className="agenda__item-name">{test.name}</span>
              <span className="agenda__item-status">{statusText(test)}</span>
            </button>
          </li>
        ))}
      </ul>
      {selected && (
        <div className="agenda__details">
          <p>
            <strong>{t('agenda.selected', { name: selected.name })}</strong>
          </p>
          {moving === null && !complete.has(selected.id) && (
            <Button variant="secondary" onClick={() => onMoving(selected.id)}>
              {t('agenda.move')}
            </Button>
          )}
          {moving !== null && (
            <div role="status">
              <p>{t('agenda.moveHint')}</p>
              <Button variant="ghost" onClick={() => onMoving(null)}>
                {t('agenda.cancelMove')}
              </Button>
            </div>
          )}
        </div>
      )}
    </aside>
  );
}
