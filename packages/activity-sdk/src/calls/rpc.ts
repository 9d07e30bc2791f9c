// rpc(action, data): POST /api/v2/rpc/{campaignId}/{testId} through the host.
import { z } from '../zod';
import { MESSAGES } from '../errors';
import { defineCall } from './define-call';
import { jsonValueSchema } from './schemas';

export const rpc = defineCall({
  method: 'rpc',
  toParams: (action: string, data?: unknown) => (data === undefined ? { action } : { action, data }),
  params: z.object({
    action: z.string({ error: MESSAGES.actionMissing }).check(z.minLength(1, { error: MESSAGES.actionMissing })),
    data: z.optional(jsonValueSchema),
  }),
  result: z.unknown(),
  serve: async ({ params, session, handlers }) => handlers.rpc(params, session),
});
