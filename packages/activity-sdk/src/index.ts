// The activity side as an ES module: `import { ProvaActivity } from '@prova/activity-sdk'`.
// The host side is '@prova/activity-sdk/host', the mock host '@prova/activity-sdk/mock-host'.
import { createProvaActivity } from './activity';

export { createProvaActivity } from './activity';
export type { ProvaActivityApi, ProvaActivityOptions, Session, TestTiming } from './activity';
export { MESSAGES, ProvaError } from './errors';
export type { AssessedOutcome, JsonValue, Outcome, Sample, TestStatus } from './calls/schemas';
export { PROTOCOL_VERSION, HOST_ORIGIN_PARAM } from './wire';

/** The instance an activity uses; it reads the global window when init() is called. */
export const ProvaActivity = createProvaActivity();
