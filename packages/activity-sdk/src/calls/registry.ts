// Every call by method name: the activity and the host dispatch through this table.
import type { Method } from '../protocol';
import { exit } from './exit';
import { getAssessedOutcomes } from './get-assessed-outcomes';
import { getAssessedStore } from './get-assessed-store';
import { getData } from './get-data';
import { getSamples } from './get-samples';
import { handshake } from './handshake';
import { init } from './init';
import { log } from './log';
import { markComplete } from './mark-complete';
import { rpc } from './rpc';
import { setData } from './set-data';
import { setPending } from './set-pending';
import { setStatus } from './set-status';
import { trackAssessedOutcomes } from './track-assessed-outcomes';
import { trackOutcomes } from './track-outcomes';

export const CALLS = {
  handshake,
  init,
  setStatus,
  setData,
  setPending,
  getData,
  trackOutcomes,
  markComplete,
  log,
  rpc,
  exit,
  getSamples,
  getAssessedOutcomes,
  getAssessedStore,
  trackAssessedOutcomes,
} as const satisfies Record<Method, unknown>;
