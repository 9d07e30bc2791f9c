import { QUEUE } from '@prova/contract/limits';
import { readJson } from '../api-client';
import type { QueueTask } from './task';
import { toTaskRequest } from './task-request';

/** What the queue needs to know of an answer. */
export interface TransportResponse {
  status: number;
  body: unknown;
}

/** Sends one task. Rejects on network failure or time-out; resolves with any HTTP answer. */
export type Transport = (task: QueueTask) => Promise<TransportResponse>;

/** POSTs JSON with the session cookie; gives up after QUEUE.timeoutMs. */
export async function postJson(url: string, body: unknown, timeoutMs: number = QUEUE.timeoutMs): Promise<TransportResponse> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    return { status: response.status, body: await readJson(response) };
  } finally {
    clearTimeout(timer);
  }
}

export const fetchTransport: Transport = (task) => {
  const { url, body } = toTaskRequest(task);
  return postJson(url, body);
};
