// setPending(pending): the activity holds input it has not handed over yet (it batches its own saves), or no
// longer does. While it does, the platform never says 'saved'. A host without the handler ignores it.
import { z } from '../zod';
import { defineCall } from './define-call';
import { OK, okResult } from './schemas';

export const setPending = defineCall({
  method: 'setPending',
  toParams: (pending: unknown) => ({ pending }),
  params: z.object({ pending: z.boolean() }),
  result: okResult,
  async serve({ params, session, handlers }) {
    await handlers.setPending?.(params.pending, session);
    return OK;
  },
});
