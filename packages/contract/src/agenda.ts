import { z } from './zod';

// The agenda layout: a simulated working month where each test sits on a day. The person's storage
// says where each test is and which day they are on; moves follow the rules below, on both sides.

/** A day as the agenda stores it: dd/MM/yyyy. */
export const dayKeySchema = z.string().check(z.regex(/^\d{2}\/\d{2}\/\d{4}$/, 'Expected a day as dd/MM/yyyy'));

/** The per-user storage of an agenda campaign (PATCH /v2/campaigns/{campaignId}/storage sends it whole). */
export const agendaStorageSchema = z.looseObject({
  tests: z.record(dayKeySchema, z.int()),
  currentPosition: dayKeySchema,
  hasSeenTutorial: z._default(z.boolean(), false),
});
export type AgendaStorage = z.infer<typeof agendaStorageSchema>;

export const storageRequestSchema = z.object({ data: z.record(z.string(), z.unknown()) });
export const storageResponseSchema = z.object({ status: z.literal(true), storage: z.record(z.string(), z.unknown()) });

export type MoveRefusal = 'past' | 'weekend' | 'taken' | 'noRoom' | 'outsideMonth' | 'complete';

/** `YYYY-MM` of the campaign's month ('2021-11'). */
export type AgendaMonth = string;

export function parseDay(day: string): Date {
  const [d, m, y] = day.split('/').map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}

export function formatDay(date: Date): string {
  const dd = String(date.getUTCDate()).padStart(2, '0');
  const mm = String(date.getUTCMonth() + 1).padStart(2, '0');
  return `${dd}/${mm}/${date.getUTCFullYear()}`;
}

export const isWeekend = (day: string) => [0, 6].includes(parseDay(day).getUTCDay());
const inMonth = (day: string, month: AgendaMonth) => {
  const date = parseDay(day);
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}` === month;
};
const compareDays = (a: string, b: string) => parseDay(a).getTime() - parseDay(b).getTime();

/** The days of the month, first to last. */
export function monthDays(month: AgendaMonth): string[] {
  const [y, m] = month.split('-').map(Number);
  const days: string[] = [];
  for (let date = new Date(Date.UTC(y, m - 1, 1)); date.getUTCMonth() === m - 1; date = new Date(date.getTime() + 86_400_000)) {
    days.push(formatDay(date));
  }
  return days;
}

/** The next working day after `day`. */
function nextWorkingDay(day: string): string {
  let date = new Date(parseDay(day).getTime() + 86_400_000);
  while ([0, 6].includes(date.getUTCDay())) date = new Date(date.getTime() + 86_400_000);
  return formatDay(date);
}

/** The tests that need `testId` done first, directly or through others, in the order they sit in the agenda. */
export function dependentsOf(
  testId: number,
  prerequisites: ReadonlyMap<number, readonly number[]>,
  tests: Record<string, number>,
): number[] {
  const found = new Set<number>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const [test, needs] of prerequisites) {
      if (!found.has(test) && test !== testId && needs.some((need) => need === testId || found.has(need))) {
        found.add(test);
        grew = true;
      }
    }
  }
  const dayOf = new Map(Object.entries(tests).map(([day, id]) => [id, day]));
  return [...found].filter((id) => dayOf.has(id)).sort((a, b) => compareDays(dayOf.get(a)!, dayOf.get(b)!));
}

export interface MoveInput {
  storage: Pick<AgendaStorage, 'tests' | 'currentPosition'>;
  month: AgendaMonth;
  testId: number;
  target: string;
  prerequisites: ReadonlyMap<number, readonly number[]>;
  complete: ReadonlySet<number>;
}

/**
 * Moves a test to `target` and its dependents onto the following working days. Refused when the target
 * is before the current day, on a weekend, outside the month or taken by another test, when a
 * dependent would not fit (a day taken, or past the month's end), or when the test is complete.
 */
export function planMove(
  input: MoveInput,
): { ok: true; storage: Pick<AgendaStorage, 'tests' | 'currentPosition'> } | { ok: false; reason: MoveRefusal } {
  const { storage, month, testId, target, prerequisites, complete } = input;
  if (complete.has(testId)) return { ok: false, reason: 'complete' };
  if (!inMonth(target, month)) return { ok: false, reason: 'outsideMonth' };
  if (compareDays(target, storage.currentPosition) < 0) return { ok: false, reason: 'past' };
  if (isWeekend(target)) return { ok: false, reason: 'weekend' };
  const moving = [testId, ...dependentsOf(testId, prerequisites, storage.tests).filter((id) => !complete.has(id))];
  const staying = Object.fromEntries(Object.entries(storage.tests).filter(([, id]) => !moving.includes(id)));
  if (staying[target] !== undefined) return { ok: false, reason: 'taken' };
  const placed: Record<string, number> = { ...staying, [target]: testId };
  let day = target;
  for (const dependent of moving.slice(1)) {
    day = nextWorkingDay(day);
    if (!inMonth(day, month) || placed[day] !== undefined) return { ok: false, reason: 'noRoom' };
    placed[day] = dependent;
  }
  return { ok: true, storage: { tests: sortTests(placed), currentPosition: positionAfter(placed, storage.currentPosition, complete) } };
}

/**
 * The days a test may be moved to, as the keyboard's drop buttons offer them: each day planMove accepts (never one
 * past, on a weekend, taken by a test that stays, or leaving no room for its dependents), and its own day only when it
 * is the one the person is on (the test kept there).
 */
export function moveTargets(input: Omit<MoveInput, 'target'>): Set<string> {
  const own = Object.entries(input.storage.tests).find(([, id]) => id === input.testId)?.[0];
  return new Set(
    monthDays(input.month).filter((day) => (day === own ? day === input.storage.currentPosition : planMove({ ...input, target: day }).ok)),
  );
}

function sortTests(tests: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(tests).sort(([a], [b]) => compareDays(a, b)));
}

/** The day to be on: the earliest day, not before `from`, whose test is not complete yet (else `from`). */
export function positionAfter(tests: Record<string, number>, from: string, complete: ReadonlySet<number>): string {
  const next = Object.entries(tests)
    .filter(([day, id]) => compareDays(day, from) >= 0 && !complete.has(id))
    .sort(([a], [b]) => compareDays(a, b))[0];
  return next ? next[0] : from;
}

/**
 * Whether `next` is a storage a person may write over `previous`: the same tests, each on a working
 * day of the month, prerequisites on earlier days, complete tests where they were, tests moved only
 * to days not before the current one, and the current day never going back.
 */
export function storageProblems(input: {
  previous: Pick<AgendaStorage, 'tests' | 'currentPosition'>;
  next: AgendaStorage;
  month: AgendaMonth;
  prerequisites: ReadonlyMap<number, readonly number[]>;
  complete: ReadonlySet<number>;
}): string[] {
  const { previous, next, month, prerequisites, complete } = input;
  const problems: string[] = [];
  const before = new Map(Object.entries(previous.tests).map(([day, id]) => [id, day]));
  const after = new Map(Object.entries(next.tests).map(([day, id]) => [id, day]));
  const same = before.size === after.size && [...before.keys()].every((id) => after.has(id));
  if (!same) problems.push('tests: the agenda must hold the same tests, once each');
  for (const [id, day] of after) {
    if (!inMonth(day, month)) problems.push(`tests.${day}: outside the agenda month`);
    else if (isWeekend(day)) problems.push(`tests.${day}: a weekend day`);
    if (before.get(id) !== day) {
      if (complete.has(id)) problems.push(`tests.${day}: test ${id} is complete and cannot move`);
      else if (compareDays(day, previous.currentPosition) < 0) problems.push(`tests.${day}: a day in the past`);
    }
    for (const need of prerequisites.get(id) ?? []) {
      const needDay = after.get(need);
      if (needDay && compareDays(needDay, day) >= 0) problems.push(`tests.${day}: test ${id} must come after test ${need}`);
    }
  }
  if (compareDays(next.currentPosition, previous.currentPosition) < 0) problems.push('currentPosition: cannot go back');
  return problems;
}
