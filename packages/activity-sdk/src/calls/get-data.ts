// getData(): the saved progress, as init found it plus every setData since.
import { z } from '../zod';
import { defineCall } from './define-call';
import { emptyParams, jsonValueSchema } from './schemas';

export const getData = defineCall({
  method: 'getData',
  toParams: () => undefined,
  params: emptyParams,
  result: z.nullable(jsonValueSchema),
  serve: async ({ state }) => state.data,
});
