import { LOG_DATA_MAX_CHARS } from '@prova/contract/tests';
import { API_BASE } from '../api-client';
import type { QueueTask } from './task';

export interface TaskRequest {
  url: string;
  body: unknown;
}

/** The call each task type makes. */
export function toTaskRequest(task: QueueTask): TaskRequest {
  const { type, campaignId, testId, userId, version, status, data, key } = task;
  const progress = `${testId}/${type.toLowerCase()}/${campaignId}/${userId}`;
  const windowId = task.windowId === undefined ? {} : { windowId: task.windowId };
  switch (type) {
    case 'SYNC':
      return { url: `${API_BASE}/tests/${progress}`, body: { version, status, data, ...windowId } };
    case 'STATUS':
      return { url: `${API_BASE}/tests/${progress}`, body: { version, status, ...windowId } };
    case 'DATA':
      return { url: `${API_BASE}/tests/${progress}`, body: { version, data, ...windowId } };
    case 'OUTCOMES':
      return { url: `${API_BASE}/outcomes/${campaignId}/${testId}/${userId}`, body: { values: data, idempotencyKey: key } };
    case 'SYNC_ALL':
      return { url: `${API_BASE}/tests/checkSync/${campaignId}`, body: { tests: readTestVersions(data) } };
    case 'LOG':
      return { url: `${API_BASE}/logs`, body: { data: logText(withIds(data, campaignId, testId)), idempotencyKey: key } };
    case 'EVAL360':
      return { url: `${API_BASE}/tests/360/data/${campaignId}/${testId}`, body: { version, ...(data as object) } };
  }
}

/**
 * An entry that is an object names the campaign and test it was logged in (the server files it under
 * them, after checking they are the caller's), unless it names its own.
 */
function withIds(data: unknown, campaignId: number, testId: number): unknown {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return data;
  return { ...(campaignId > 0 ? { campaignId } : {}), ...(testId > 0 ? { testId } : {}), ...data };
}

/** A log entry as the JSON text /api/logs takes; an entry too long is cut, still as JSON. */
function logText(data: unknown): string {
  const text = typeof data === 'string' ? data : JSON.stringify(data);
  if (text.length <= LOG_DATA_MAX_CHARS) return text;
  return JSON.stringify({ truncated: true, length: text.length, head: text.slice(0, LOG_DATA_MAX_CHARS / 4) });
}

export interface TestVersion {
  testId: number;
  version: number;
}

/** The tests list of a SYNC_ALL task (its data is `{ tests: [{ testId, version }] }`). */
export function readTestVersions(data: unknown): TestVersion[] {
  const tests = (data as { tests?: unknown } | undefined)?.tests;
  return Array.isArray(tests) ? (tests as TestVersion[]) : [];
}

/** `needPushing` of a checkSync answer: the tests the server wants in full. */
export function readNeedPushing(body: unknown): number[] {
  const ids = (body as { needPushing?: unknown } | undefined)?.needPushing;
  return Array.isArray(ids) ? ids.map(Number).filter(Number.isInteger) : [];
}
