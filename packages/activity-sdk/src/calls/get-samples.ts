// getSamples(): assessor only; the assessed people this assessor evaluates in this test.
import { z } from '../zod';
import { MESSAGES } from '../errors';
import { defineCall, requireHandler, withFailure } from './define-call';
import { emptyParams, sampleSchema } from './schemas';

export const getSamples = defineCall({
  method: 'getSamples',
  assessorOnly: true,
  toParams: () => undefined,
  params: emptyParams,
  result: z.array(sampleSchema),
  async serve({ session, handlers }) {
    const handler = requireHandler(handlers, 'getSamples');
    return withFailure(MESSAGES.samplesFailed, () => handler(session));
  },
});
