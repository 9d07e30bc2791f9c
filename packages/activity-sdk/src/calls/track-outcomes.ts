// trackOutcomes(outcomes): [{ questionId, value }] or [{ questionId, answerId, value }]; counts as completion.
import { z } from '../zod';
import { defineCall } from './define-call';
import { OK, okResult, outcomesSchema } from './schemas';

export const trackOutcomes = defineCall({
  method: 'trackOutcomes',
  toParams: (outcomes: unknown) => ({ outcomes }),
  params: z.object({ outcomes: outcomesSchema }),
  result: okResult,
  async serve({ params, session, handlers, complete }) {
    await handlers.trackOutcomes(params.outcomes, session);
    complete('trackOutcomes');
    return OK;
  },
});
