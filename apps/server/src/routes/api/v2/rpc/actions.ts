import { adaptiveNextRequestSchema } from '@prova/contract/adaptive';
import { formatPath } from '@prova/contract/errors';
import { effectiveStatus } from '../../../../domain/test-clock';
import { HttpError } from '../../../../http/http-error';
import type { CampaignTestContext } from '../../../../policies/test-access';
import type { TestDeliveryRepos } from '../../../../repositories/create-repositories';
import type { AdaptiveDelivery } from '../../../../services/adaptive/adaptive-delivery';

export interface RpcCall {
  context: CampaignTestContext;
  repos: TestDeliveryRepos;
  data: unknown;
  adaptive: AdaptiveDelivery;
}

/** An action's data, checked with its contract schema: a bad one is 422 VALIDATION at `body.data...`. */
function parseData<T>(
  schema: {
    safeParse(
      v: unknown,
    ): { success: true; data: T } | { success: false; error: { issues: Array<{ path: PropertyKey[]; message: string }> } };
  },
  data: unknown,
): T {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((i) => ({ path: formatPath('body.data', i.path), message: i.message }));
  throw new HttpError(422, 'VALIDATION', errors.map((e) => `${e.path}: ${e.message}`).join('; '), errors);
}

/** Actions that write the test's answers: taken only while the campaign takes answers (409 CAMPAIGN_CLOSED after). */
export const WRITING_ACTIONS: ReadonlySet<string> = new Set(['adaptive.next']);

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
  /** An adaptive test's next item, after the answer to the current one if given (services/adaptive/adaptive-delivery.ts). */
  async 'adaptive.next'({ context, data, adaptive }) {
    return adaptive.next(context, parseData(adaptiveNextRequestSchema, data));
  },
};
