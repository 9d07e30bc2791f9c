// getData(): the saved progress, as init found it plus every setData since.
import { defineCall } from './define-call';
import { emptyParams, jsonValueSchema } from './schemas';

export const getData = defineCall({
  method: 'getData',
  toParams: () => undefined,
  params: emptyParams,
  result: jsonValueSchema.nullable(),
  serve: async ({ state }) => state.data,
});
