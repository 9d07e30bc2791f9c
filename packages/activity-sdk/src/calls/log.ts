// log(entry): a JSON log entry sent through the host's queue.
import { z } from '../zod';
import { defineCall } from './define-call';
import { jsonValueSchema, OK, okResult } from './schemas';

export const log = defineCall({
  method: 'log',
  toParams: (entry: unknown) => ({ entry }),
  params: z.object({ entry: jsonValueSchema }),
  result: okResult,
  async serve({ params, session, handlers }) {
    await handlers.log(params.entry, session);
    return OK;
  },
});
