import type { SyncStateResponse, TestStatus } from '@prova/contract/tests';
import { decodeProgressData, pickProgress, type InitAnswer } from '@prova/activity-sdk/host';
import type { LatestCopy } from '@/lib/sending-queue/latest-copy';

const RANK: Record<TestStatus, number> = { 'not attempted': 0, incomplete: 1, complete: 2 };

function asStatus(value: unknown): TestStatus | undefined {
  return value === 'incomplete' || value === 'complete' || value === 'not attempted' ? value : undefined;
}

/**
 * The init answer from the server's sync state and the queue's latest local copy:
 * the local progress unless the server's version is newer, so the host counts versions up from the
 * highest one known and they only grow across reloads. A status never goes back (complete wins).
 * A timed test's clock comes from the server only.
 */
export function mergeProgress(server: SyncStateResponse, local: LatestCopy | undefined): InitAnswer {
  const serverProgress = { version: server.data.version, data: decodeProgressData(server.data.data) };
  const localProgress = local && local.data !== undefined ? { version: local.version, data: decodeProgressData(local.data) } : undefined;
  const picked = pickProgress(serverProgress, localProgress);

  const localStatus = asStatus(local?.status);
  const testStatus = localStatus && RANK[localStatus] > RANK[server.testStatus] ? localStatus : server.testStatus;

  return {
    status: server.status,
    testStatus,
    data: picked.data ?? null,
    version: Math.max(picked.version, serverProgress.version, local?.version ?? 0),
    testData: server.testData,
    // The clock is the server's alone.
    timing: server.timing,
  };
}
