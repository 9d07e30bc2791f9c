// setData(data): saves progress (any JSON value or a string); each call increments the version. Since 1.1.0 the
// activity adds `typing: true` when the change was typed (the focus in a text field): the host may coalesce it.
import { z } from '../zod';
import { defineCall } from './define-call';
import { jsonValueSchema } from './schemas';

export const setData = defineCall({
  method: 'setData',
  toParams: (data: unknown) => ({ data }),
  params: z.object({ data: jsonValueSchema, typing: z.optional(z.literal(true)) }),
  result: z.object({ version: z.int() }),
  async serve({ params, session, handlers, state }) {
    // Bumped before awaiting so that overlapping saves keep their order.
    const version = ++state.version;
    state.data = params.data;
    await handlers.setData({ data: params.data, version, ...(params.typing ? { typing: true } : {}) }, session);
    return { version };
  },
});
