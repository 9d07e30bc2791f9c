import { describe, expect, it } from 'vitest';
import { statusVersion, SYNC_ERRORS, validateSyncTask } from '@prova/contract/tests';

// The queue's task check, shared by the browser, with the exact messages the queue reports.
const ids = { campaignId: 1, testId: 2, userId: 3 };

describe('validateSyncTask', () => {
  it('accepts every well-formed type and defaults the version to 0', () => {
    const cases = [
      { type: 'SYNC', status: 'incomplete', data: '{}' },
      { type: 'SYNC_ALL', status: 'incomplete', data: { tests: [{ testId: 2, version: 1 }] } },
      { type: 'STATUS', status: 'complete', version: 2 },
      { type: 'DATA', data: '' },
      { type: 'OUTCOMES', data: [{ questionId: 1, value: 3 }] },
    ];
    for (const task of cases) expect(validateSyncTask({ ...ids, ...task })).toMatchObject({ ok: true });
    const result = validateSyncTask({ ...ids, type: 'DATA', data: 'x' });
    expect(result.ok && result.task.version).toBe(0);
  });

  it('says exactly what is wrong, in the words of the specification', () => {
    const cases: [object, string][] = [
      [{ type: 'SYNC', data: '{}' }, 'Invalid SYNC request data'],
      [{ type: 'SYNC', status: 'incomplete' }, 'Invalid SYNC request data'],
      [{ type: 'SYNC_ALL', status: 'incomplete' }, 'Invalid SYNC request data'],
      [{ type: 'SYNC_ALL', data: { tests: [] } }, 'Invalid SYNC request data'],
      [{ type: 'STATUS' }, 'Invalid STATUS request data'],
      [{ type: 'STATUS', status: 'finished' }, 'Invalid STATUS request data'],
      [{ type: 'DATA' }, 'Invalid DATA request data'],
      [{ type: 'DATA', data: null }, 'Invalid DATA request data'],
      [{ type: 'OUTCOMES' }, 'Invalid OUTCOMES request data'],
      [{ type: 'DATA', data: 'x', version: 1.5 }, 'Invalid request version'],
      [{ type: 'DATA', data: 'x', version: '3' }, 'Invalid request version'],
      [{ type: 'PUSH', data: 'x' }, 'Invalid request type'],
      [{ data: 'x' }, 'Invalid request type'],
    ];
    for (const [task, message] of cases) expect(validateSyncTask({ ...ids, ...task })).toEqual({ ok: false, message });
    expect(Object.values(SYNC_ERRORS)).toContain('Invalid queue scheduling mode');
  });

  it('gives status-only updates the fixed versions 2 (complete) and 1', () => {
    expect(statusVersion('complete')).toBe(2);
    expect(statusVersion('incomplete')).toBe(1);
  });
});
