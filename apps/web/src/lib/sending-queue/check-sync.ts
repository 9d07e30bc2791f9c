import { API_BASE } from '../api-client';
import type { TestVersion } from './task-request';
import { postJson, type TransportResponse } from './transport';

/** `needPushing` of a checkSync answer: the tests the server wants in full. */
export function readNeedPushing(body: unknown): number[] {
  const ids = (body as { needPushing?: unknown } | undefined)?.needPushing;
  return Array.isArray(ids) ? ids.map(Number).filter(Number.isInteger) : [];
}

/**
 * POST /api/tests/checkSync/{campaignId}: which of these local versions the server lacks.
 * The caller re-enqueues the latest local copy of each (SendingQueue.resync does it all).
 */
export async function checkSync(
  campaignId: number,
  localVersions: TestVersion[],
  post: (url: string, body: unknown) => Promise<TransportResponse> = postJson,
): Promise<number[]> {
  const response = await post(`${API_BASE}/tests/checkSync/${campaignId}`, { tests: localVersions });
  const body = response.body as { status?: unknown } | undefined;
  if (response.status >= 400 || !body?.status) throw new Error(`checkSync failed: HTTP ${response.status}`);
  return readNeedPushing(body);
}
