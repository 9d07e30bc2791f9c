import { type AgendaStorage, agendaStorageSchema, formatDay, monthDays, parseDay } from '@prova/contract/agenda';
import type { UserTest } from '@prova/contract/tests';

/**
 * The person's agenda: their storage when it is one, else built from the tests' agenda dates (the
 * first day with a test is where they start).
 */
export function agendaStorageOf(stored: unknown, tests: UserTest[]): AgendaStorage {
  const parsed = agendaStorageSchema.safeParse(stored);
  if (parsed.success) return parsed.data;
  const placed: Record<string, number> = {};
  for (const test of tests) {
    if (test.startDate) placed[formatDay(new Date(`${test.startDate.slice(0, 10)}T00:00:00Z`))] = test.id;
  }
  const days = Object.keys(placed).sort((a, b) => parseDay(a).getTime() - parseDay(b).getTime());
  return { tests: placed, currentPosition: days[0] ?? '', hasSeenTutorial: false };
}

/** The month as weeks of seven days from Monday; days of other months are null. */
export function weeksOf(month: string): Array<Array<string | null>> {
  const days = monthDays(month);
  const lead = (parseDay(days[0]).getUTCDay() + 6) % 7;
  const cells: Array<string | null> = [...Array<null>(lead).fill(null), ...days];
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

/** The tests of the agenda in day order, with their day. */
export function agendaTests(storage: AgendaStorage, tests: UserTest[]): Array<{ day: string; test: UserTest }> {
  return Object.entries(storage.tests)
    .map(([day, id]) => ({ day, test: tests.find((t) => t.id === id) }))
    .filter((entry): entry is { day: string; test: UserTest } => entry.test !== undefined)
    .sort((a, b) => parseDay(a.day).getTime() - parseDay(b.day).getTime());
}
