// getAssessedStore(userId): assessor only; that person's saved progress in this test.
import { z } from '../zod';
import { MESSAGES, ProvaError } from '../errors';
import { defineCall, requireHandler, withFailure } from './define-call';
import { jsonValueSchema, userIdSchema } from './schemas';

export const getAssessedStore = defineCall({
  method: 'getAssessedStore',
  assessorOnly: true,
  toParams: (userId: number) => ({ userId }),
  params: z.object({ userId: userIdSchema }),
  result: z.nullable(jsonValueSchema),
  async serve({ params, session, handlers }) {
    const handler = requireHandler(handlers, 'getAssessedStore');
    const store = await withFailure(MESSAGES.assessedStoreFailed, () => handler(params.userId, session));
    const parsed = z.nullable(jsonValueSchema).safeParse(store === undefined ? null : store);
    if (!parsed.success) throw new ProvaError(MESSAGES.assessedStoreInvalid, 'INVALID_RESPONSE');
    return parsed.data;
  },
});
