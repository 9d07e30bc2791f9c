// Internal first message: the activity repeats it until the host answers, so neither side has to
// be loaded first. The answer confirms the host's origin and protocol version.
import { z } from '../zod';
import { PROTOCOL_VERSION } from '../protocol';
import { defineCall } from './define-call';

export const handshake = defineCall({
  method: 'handshake',
  toParams: () => ({ protocol: PROTOCOL_VERSION }),
  params: z.object({ protocol: z.literal(PROTOCOL_VERSION) }),
  result: z.object({ protocol: z.literal(PROTOCOL_VERSION) }),
  serve: async () => ({ protocol: PROTOCOL_VERSION }),
});
