// setStatus(status): 'incomplete' or 'complete'; the status update carries version 2 for complete, 1 otherwise.
import { z } from '../zod';
import { defineCall } from './define-call';

export const setStatus = defineCall({
  method: 'setStatus',
  toParams: (status: 'incomplete' | 'complete') => ({ status }),
  params: z.object({ status: z.enum(['incomplete', 'complete'], { error: `status must be 'incomplete' or 'complete'` }) }),
  result: z.object({ status: z.enum(['incomplete', 'complete']), version: z.union([z.literal(1), z.literal(2)]) }),
  async serve({ params, session, handlers, state, complete }) {
    const version: 1 | 2 = params.status === 'complete' ? 2 : 1;
    await handlers.setStatus({ status: params.status, version }, session);
    state.status = params.status;
    if (params.status === 'complete') complete('setStatus');
    return { status: params.status, version };
  },
});
