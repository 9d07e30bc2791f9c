// getAssessedOutcomes(): assessor only; the outcomes recorded for the assessed in this test.
import { z } from '../zod';
import { MESSAGES } from '../errors';
import { defineCall, requireHandler, withFailure } from './define-call';
import { assessedOutcomeSchema, emptyParams } from './schemas';

export const getAssessedOutcomes = defineCall({
  method: 'getAssessedOutcomes',
  assessorOnly: true,
  toParams: () => undefined,
  params: emptyParams,
  result: z.array(assessedOutcomeSchema),
  async serve({ session, handlers }) {
    const handler = requireHandler(handlers, 'getAssessedOutcomes');
    return withFailure(MESSAGES.assessedOutcomesFailed, () => handler(session));
  },
});
