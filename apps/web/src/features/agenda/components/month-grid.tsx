import { parseDay } from '@prova/contract/agenda';
import type { UserTest } from '@prova/contract/tests';
import type { DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { weeksOf } from '../agenda-model';
import '@/locales/it/agenda';

/**
 * The campaign's month, a test on some days: a test is chosen by its chip, moved by dragging it to another day or,
 * while `moving`, with the drop button each day it may go to shows (the keyboard's way: working days from the one the
 * person is on, that one included, never a day the move would be refused for). A grid of weeks
 * on wide screens, a list of days on phones (agenda.css, no script: the same table laid out as a list).
 */
export function MonthGrid({
  month,
  days,
  today,
  byId,
  complete,
  selected,
  moving,
  targets,
  onSelect,
  onMove,
  dayLabel,
  statusText,
}: {
  month: string;
  /** The test on each day, by day (dd/MM/yyyy). */
  days: Record<string, number>;
  today: string;
  byId: Map<number, UserTest>;
  complete: Set<number>;
  selected: number | null;
  moving: number | null;
  /** While moving: the days it may go to (moveTargets), each with its drop button. */
  targets: ReadonlySet<string>;
  onSelect: (testId: number) => void;
  onMove: (testId: number, day: string) => void;
  dayLabel: (day: string) => string;
  statusText: (test: UserTest) => string;
}) {
  const { t, i18n } = useTranslation('agenda');
  const weekdays = t('agenda.weekdays', { returnObjects: true }) as string[];
  const short = t('agenda.weekdaysShort', { returnObjects: true }) as string[];
  const monthName = new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    parseDay(`01/${month.slice(5, 7)}/${month.slice(0, 4)}`),
  );
  const onDrop = (event: DragEvent, day: string) => {
    event.preventDefault();
    const id = Number(event.dataTransfer.getData('text/plain'));
    if (Number.isInteger(id) && id > 0) onMove(id, day);
  };

  return (
    <table className="agenda__grid">
      <caption>{t('agenda.month', { month: monthName })}</caption>
      <thead>
        <tr>
          {weekdays.map((name, i) => (
            <th key={name} scope="col">
              <span className="agenda__day-long">{name}</span>
              <span className="agenda__day-short" aria-hidden="true">
                {short[i]}
              </span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeksOf(month).map((week, w) => (
          <tr key={w}>
            {week.map((day, d) => {
              if (!day) return <td key={d} className="agenda__cell agenda__cell--empty" />;
              const testId = days[day];
              const test = testId === undefined ? undefined : byId.get(testId);
              const isToday = day === today;
              return (
                <td
                  key={day}
                  className={['agenda__cell', isToday ? 'is-today' : '', d > 4 ? 'is-weekend' : ''].join(' ')}
                  onDragOver={(event) => event.preventDefault()}
                  onDrop={(event) => onDrop(event, day)}
                >
                  {/* The list of days on a phone says the weekday beside the date (the column headers are hidden there). */}
                  <span className="agenda__weekday" aria-hidden="true">
                    {short[d]}
                  </span>
                  <span className="agenda__date">
                    {parseDay(day).getUTCDate()}
                    {isToday && <span className="agenda__today"> {t('agenda.today')}</span>}
                  </span>
                  {test && (
                    <button
                      type="button"
                      className={['agenda__chip', complete.has(test.id) ? 'is-done' : '', selected === test.id ? 'is-selected' : ''].join(
                        ' ',
                      )}
                      draggable={!complete.has(test.id)}
                      onDragStart={(event) => event.dataTransfer.setData('text/plain', String(test.id))}
                      aria-pressed={selected === test.id}
                      data-agenda-test={test.id}
                      aria-label={t('agenda.day', { date: dayLabel(day), name: `${test.name}, ${statusText(test)}` })}
                      onClick={() => onSelect(test.id)}
                    >
                      {test.name}
                    </button>
                  )}
                  {moving !== null && targets.has(day) && (
                    <button type="button" className="agenda__drop" onClick={() => onMove(moving, day)}>
                      <span className="visually-hidden">{t('agenda.moveHere', { date: dayLabel(day) })}</span>
                      <span aria-hidden="true">↓</span>
                    </button>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
