// trackAssessedOutcomes(userId, outcomes): assessor only; records outcomes about that person.
import { z } from '../zod';
import { MESSAGES } from '../errors';
import { defineCall, requireHandler, withFailure } from './define-call';
import { OK, okResult, outcomesSchema, userIdSchema } from './schemas';

export const trackAssessedOutcomes = defineCall({
  method: 'trackAssessedOutcomes',
  assessorOnly: true,
  toParams: (userId: number, outcomes: unknown) => ({ userId, outcomes }),
  params: z.object({ userId: userIdSchema, outcomes: outcomesSchema }),
  result: okResult,
  async serve({ params, session, handlers }) {
    const handler = requireHandler(handlers, 'trackAssessedOutcomes');
    await withFailure(MESSAGES.assessedTrackingFailed, () => handler(params.userId, params.outcomes, session));
    return OK;
  },
});
