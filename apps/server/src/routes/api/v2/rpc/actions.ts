import { effectiveStatus } from '../../../../domain/test-clock';
import type { CampaignTestContext } from '../../../../policies/test-access';
import type { TestDeliveryRepos } from '../../../../repositories/create-repositories';

export interface RpcCall {
  context: CampaignTestContext;
  repos: TestDeliveryRepos;
  data: unknown;
}

/** Remote procedure calls an activity may make; add one entry per action. */
export const rpcActions: Record<string, (call: RpcCall) => Promise<unknown>> = {
  async ping() {
    return { pong: true };
  },
  async time() {
    const now = new Date();
    return { now: now.toISOString(), epochMs: now.getTime() };
  },
  /** The caller's own saved progress state in this test (not its data). */
  async getProgress({ context, repos }) {
    const row = await repos.progress.find(context.participation.id, context.test.id, context.user.id);
    return { version: row?.version ?? 0, status: effectiveStatus(row), updatedAt: row?.updated_at ?? null };
  },
};
