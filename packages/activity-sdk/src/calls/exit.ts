// exit(): asks the host to close the activity; the host answers first, then returns to the room.
import { defineCall } from './define-call';
import { emptyParams, OK, okResult } from './schemas';

export const exit = defineCall({
  method: 'exit',
  toParams: () => undefined,
  params: emptyParams,
  result: okResult,
  async serve({ session, handlers }) {
    // Leave the answer time to reach the activity before the page navigates away.
    setTimeout(() => void Promise.resolve(handlers.exit(session)).catch(() => {}), 0);
    return OK;
  },
});
