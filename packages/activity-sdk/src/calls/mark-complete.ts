// markComplete(): the same as setStatus('complete').
import { defineCall } from './define-call';
import { emptyParams } from './schemas';
import { setStatus } from './set-status';

export const markComplete = defineCall({
  method: 'markComplete',
  toParams: () => undefined,
  params: emptyParams,
  result: setStatus.result,
  async serve({ session, handlers, state, complete }) {
    await handlers.setStatus({ status: 'complete', version: 2 }, session);
    state.status = 'complete';
    complete('markComplete');
    return { status: 'complete' as const, version: 2 as const };
  },
});
