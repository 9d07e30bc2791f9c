// setData(data): saves progress (any JSON value or a string); each call increments the version.
import { z } from '../zod';
import { defineCall } from './define-call';
import { jsonValueSchema } from './schemas';

export const setData = defineCall({
  method: 'setData',
  toParams: (data: unknown) => ({ data }),
  params: z.object({ data: jsonValueSchema }),
  result: z.object({ version: z.int() }),
  async serve({ params, session, handlers, state }) {
    // Bumped before awaiting so that overlapping saves keep their order.
    const version = ++state.version;
    state.data = params.data;
    await handlers.setData({ data: params.data, version }, session);
    return { version };
  },
});
