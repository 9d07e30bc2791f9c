import type { UserTest } from '@prova/contract/tests';
import { describe, expect, it } from 'vitest';
import { agendaStorageOf, agendaTests, weeksOf } from './agenda-model';

const test = (id: number, startDate: string | null, status = 'not attempted') => ({ id, startDate, status, name: `T${id}` }) as UserTest;

describe('agenda model', () => {
  it('lays November 2021 out in weeks from Monday', () => {
    const weeks = weeksOf('2021-11');
    expect(weeks).toHaveLength(5);
    expect(weeks[0]).toEqual(['01/11/2021', '02/11/2021', '03/11/2021', '04/11/2021', '05/11/2021', '06/11/2021', '07/11/2021']);
    expect(weeks[4]).toEqual(['29/11/2021', '30/11/2021', null, null, null, null, null]);
  });

  it('builds the agenda from the tests dates when the person has no storage yet', () => {
    const tests = [test(112, '2021-11-10'), test(111, '2021-11-03'), test(9, null)];
    const storage = agendaStorageOf(null, tests);
    expect(storage).toEqual({ tests: { '10/11/2021': 112, '03/11/2021': 111 }, currentPosition: '03/11/2021', hasSeenTutorial: false });
    expect(agendaTests(storage, tests).map((e) => [e.day, e.test.id])).toEqual([
      ['03/11/2021', 111],
      ['10/11/2021', 112],
    ]);
  });

  it('takes the stored agenda as it is', () => {
    const stored = { tests: { '04/11/2021': 111 }, currentPosition: '04/11/2021', hasSeenTutorial: true };
    expect(agendaStorageOf(stored, [])).toEqual(stored);
  });
});
