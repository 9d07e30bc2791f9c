// The activity side of each call, without a schema library: how the author's arguments become the
// request's params, which argument errors come first (with the contract's exact messages), and who
// may make the call. The host checks every request again against the zod schemas of calls/.
import { MESSAGES, ProvaError } from './errors';
import type { Method } from './wire';

export interface ActivityCallSpec {
  /** Only an assessor may make this call (checked after the arguments). */
  assessorOnly: boolean;
  toParams(...args: unknown[]): unknown;
  /** Throws the call's argument error. */
  check(params: Record<string, unknown> | undefined): void;
}

const invalid = (method: Method, path: string, message: string) =>
  new ProvaError(`Invalid ${method} params: ${path}: ${message}`, 'INVALID_PARAMS');

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null);

/** A value JSON can carry as it is (no undefined, functions, NaN, class instances or cycles). */
export function isJsonValue(value: unknown, seen: Set<unknown> = new Set()): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value !== 'object' || seen.has(value)) return false;
  seen.add(value);
  const ok = Array.isArray(value)
    ? value.every((v) => isJsonValue(v, seen))
    : isPlainObject(value) && Object.values(value).every((v) => isJsonValue(v, seen));
  seen.delete(value);
  return ok;
}

const isKey = (v: unknown) => (typeof v === 'string' && v.length > 0) || (typeof v === 'number' && Number.isInteger(v));
const isOutcomeValue = (v: unknown) =>
  v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));

function checkOutcomes(method: Method, outcomes: unknown) {
  if (!Array.isArray(outcomes)) throw invalid(method, 'outcomes', 'outcomes must be a list of { questionId, value }');
  if (outcomes.length === 0) throw invalid(method, 'outcomes', 'outcomes must not be empty');
  outcomes.forEach((o: unknown, i) => {
    if (!isPlainObject(o)) throw invalid(method, `outcomes.${i}`, 'outcomes must be a list of { questionId, value }');
    if (!isKey(o.questionId)) throw invalid(method, `outcomes.${i}.questionId`, 'a non-empty string or an integer is required');
    if (o.answerId !== undefined && !isKey(o.answerId))
      throw invalid(method, `outcomes.${i}.answerId`, 'a non-empty string or an integer is required');
    if (!isOutcomeValue(o.value)) throw invalid(method, `outcomes.${i}.value`, 'a number, a string, a boolean or null is required');
  });
}

/** The person an assessor call is about: 'no user id defined' when absent, 'Invalid tracking data' when not an integer. */
function checkUserId(userId: unknown) {
  if (userId === undefined || userId === null || userId === '') throw new ProvaError(MESSAGES.userIdMissing, 'INVALID_PARAMS');
  if (typeof userId !== 'number' || !Number.isInteger(userId)) throw new ProvaError(MESSAGES.invalidTrackingData, 'INVALID_TRACKING_DATA');
}

function checkJson(method: Method, field: string, value: unknown) {
  if (!isJsonValue(value)) throw invalid(method, field, 'a JSON value is required');
}

const none = { toParams: () => undefined, check: () => undefined };
const spec = (s: Partial<ActivityCallSpec> & Pick<ActivityCallSpec, 'toParams' | 'check'>): ActivityCallSpec => ({
  assessorOnly: false,
  ...s,
});

export const ACTIVITY_CALLS: Record<Exclude<Method, 'handshake' | 'init'>, ActivityCallSpec> = {
  setStatus: spec({
    toParams: (status) => ({ status }),
    check: (p) => {
      if (p?.status !== 'incomplete' && p?.status !== 'complete')
        throw invalid('setStatus', 'status', `status must be 'incomplete' or 'complete'`);
    },
  }),
  setData: spec({ toParams: (data) => ({ data }), check: (p) => checkJson('setData', 'data', p?.data) }),
  setPending: spec({
    toParams: (pending) => ({ pending }),
    check: (p) => {
      if (typeof p?.pending !== 'boolean') throw invalid('setPending', 'pending', 'pending must be true or false');
    },
  }),
  getData: spec(none),
  trackOutcomes: spec({ toParams: (outcomes) => ({ outcomes }), check: (p) => checkOutcomes('trackOutcomes', p?.outcomes) }),
  markComplete: spec(none),
  log: spec({ toParams: (entry) => ({ entry }), check: (p) => checkJson('log', 'entry', p?.entry) }),
  rpc: spec({
    toParams: (action, data) => (data === undefined ? { action } : { action, data }),
    check: (p) => {
      if (typeof p?.action !== 'string' || p.action.length === 0) throw new ProvaError(MESSAGES.actionMissing, 'INVALID_PARAMS');
      if (p.data !== undefined) checkJson('rpc', 'data', p.data);
    },
  }),
  exit: spec(none),
  getSamples: spec({ ...none, assessorOnly: true }),
  getAssessedOutcomes: spec({ ...none, assessorOnly: true }),
  getAssessedStore: spec({ assessorOnly: true, toParams: (userId) => ({ userId }), check: (p) => checkUserId(p?.userId) }),
  trackAssessedOutcomes: spec({
    assessorOnly: true,
    toParams: (userId, outcomes) => ({ userId, outcomes }),
    check: (p) => {
      checkUserId(p?.userId);
      checkOutcomes('trackAssessedOutcomes', p?.outcomes);
    },
  }),
};
