import { afterEach, describe, expect, it, vi } from 'vitest';
import { createProvaActivity } from './activity';
import { createMockHost, memoryStorage } from './mock-host';
import type { ActivitySession } from './host';
import { createWindowPair } from './testing/fake-windows';

const disposers: Array<() => void> = [];
afterEach(() => disposers.splice(0).forEach((dispose) => dispose()));

function open(session: Partial<ActivitySession>, storage = memoryStorage()) {
  const pair = createWindowPair();
  const onCall = vi.fn();
  const onExit = vi.fn();
  const host = createMockHost({
    iframe: pair.iframe,
    activityOrigin: pair.activity.location.origin,
    session,
    storage,
    onCall,
    onExit,
    testData: { minutes: 20 },
    window: pair.host,
  });
  disposers.push(host.dispose);
  return { host, onCall, onExit, storage, activity: createProvaActivity({ window: pair.activity }) };
}

describe('mock host', () => {
  it('keeps a candidate progress across reloads and shows it to an assessor', async () => {
    const candidate = open({ userId: 2 });
    const first = await candidate.activity.init();
    expect(first).toMatchObject({ userId: 2, status: 'not attempted', data: null, version: 0, testData: { minutes: 20 } });
    await candidate.activity.setData({ answers: { q1: 'b' } });
    await candidate.activity.setStatus('complete');
    await candidate.activity.trackOutcomes([{ questionId: 'iniziativa', value: 4 }]);
    await candidate.activity.exit();
    await vi.waitFor(() => expect(candidate.onExit).toHaveBeenCalled());
    expect(candidate.onCall).toHaveBeenCalledWith(expect.objectContaining({ method: 'setData', ok: true }));

    const again = open({ userId: 2 }, candidate.storage);
    expect(await again.activity.init()).toMatchObject({ status: 'complete', data: { answers: { q1: 'b' } }, version: 1 });

    const assessor = open({ userId: 9, isAssessor: true, testId: 201 }, candidate.storage);
    await assessor.activity.init();
    expect(await assessor.activity.getSamples()).toHaveLength(2);
    expect(await assessor.activity.getAssessedStore(2)).toEqual({ answers: { q1: 'b' } });
    await assessor.activity.trackAssessedOutcomes(2, [{ questionId: 'ascolto', value: 4 }]);
    await assessor.activity.trackAssessedOutcomes(2, [{ questionId: 'ascolto', value: 5 }]);
    expect(await assessor.activity.getAssessedOutcomes()).toEqual([{ questionId: 'ascolto', value: 5, evaluatedId: 2, assessorId: 9 }]);
    expect(assessor.host.read().outcomes['2']).toEqual([{ questionId: 'iniziativa', value: 4 }]);
  });
});
