import type { QueueTask } from './task';

/**
 * The newest progress of one test the browser knows of, kept even after it was sent.
 * The container's init uses it unless the server version is newer; checkSync re-sends it in full.
 */
export interface LatestCopy {
  /** Progress version (SYNC and DATA). */
  version: number;
  status?: unknown;
  /** Status updates count on their own (2 for complete, 1 otherwise). */
  statusVersion?: number;
  data?: unknown;
}

const PREFIX = 'latest';

export function latestCopyKey(userId: number, campaignId: number, testId: number): string {
  return `${PREFIX}:${userId}:${campaignId}:${testId}`;
}

/** The key prefix of every copy of a user in a campaign (in every campaign, without one). */
export function latestCopyPrefix(userId: number, campaignId?: number): string {
  return campaignId === undefined ? `${PREFIX}:${userId}:` : `${PREFIX}:${userId}:${campaignId}:`;
}

/** The copy after a task was enqueued; `undefined` when the task does not change it. */
export function mergeLatestCopy(copy: LatestCopy | undefined, task: QueueTask): LatestCopy | undefined {
  const version = copy?.version ?? 0;
  switch (task.type) {
    case 'SYNC':
      if (copy && task.version < version) return undefined;
      return { ...copy, version: task.version, status: task.status, data: task.data };
    case 'DATA':
      if (copy && task.version < version) return undefined;
      return { ...copy, version: task.version, data: task.data };
    case 'STATUS':
      if (copy?.statusVersion !== undefined && task.version < copy.statusVersion) return undefined;
      return { ...copy, version, status: task.status, statusVersion: task.version };
    default:
      return undefined;
  }
}

/** The task that sends a copy in full (what checkSync's needPushing asks for). */
export function copyToTask(
  copy: LatestCopy,
  ids: { userId: number; campaignId: number; testId: number },
): Omit<QueueTask, 'retry'> | undefined {
  if (copy.data !== undefined && copy.status !== undefined) {
    return { type: 'SYNC', ...ids, version: copy.version, status: copy.status, data: copy.data };
  }
  if (copy.data !== undefined) return { type: 'DATA', ...ids, version: copy.version, data: copy.data };
  if (copy.status !== undefined) {
    return { type: 'STATUS', ...ids, version: copy.statusVersion ?? 0, status: copy.status };
  }
  return undefined;
}
