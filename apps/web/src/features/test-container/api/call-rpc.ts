import { rpcResponseSchema } from '@prova/contract/tests';
import { apiRequest, isApiClientError } from '@/lib/api-client';

/** A failed remote procedure call; `status` reaches the activity with the error. */
export class RpcError extends Error {
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.name = 'RpcError';
    this.status = status;
  }
}

/**
 * POST /v2/rpc/{campaignId}/{testId}:
 * 401/403 sign the user out to /login (the API client's session-expired handling);
 * 502/503 'service busy'; any other failure rejects with its message and status.
 */
export async function callRpc(campaignId: number, testId: number, action: string, data: unknown): Promise<unknown> {
  try {
    const { result } = await apiRequest(`/v2/rpc/${campaignId}/${testId}`, {
      method: 'POST',
      body: { action, data },
      schema: rpcResponseSchema,
    });
    return result;
  } catch (error) {
    if (!isApiClientError(error)) throw error;
    if (error.status === 502 || error.status === 503) throw new RpcError('service busy', error.status);
    throw new RpcError(error.message, error.status);
  }
}
