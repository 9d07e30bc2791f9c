// What the host page (the web app) supplies: the session of the open test and one async handler
// per call that needs the network or the page. Types only; host.ts wires them to the protocol.
import type { AssessedOutcome, JsonValue, Outcome, Sample, TestStatus } from './calls/schemas';
import type { TestTiming } from './session';

export interface ActivitySession {
  campaignId: number;
  testId: number;
  userId: number;
  /** Campaign/user language code: 'IT_it', 'EN_en' or 'ES_es'. */
  lang: string;
  isAssessor: boolean;
}

/** What the init handler returns: the answer of GET /api/tests/{testId}/sync/{campaignId}/{userId}, merged with the local copy (see pickProgress). */
export interface InitAnswer {
  /** The server answer's `status` flag; anything but `true` fails init with 'Invalid tracking data'. */
  status: boolean;
  /** The saved test status (default 'not attempted'). */
  testStatus?: TestStatus;
  /** The saved progress: the local copy unless the server's version is newer. */
  data?: unknown;
  /** Version of that progress (default 0). */
  version?: number;
  /** The test's jsonData.options, as an object or a JSON string. */
  testData?: unknown;
  /** A timed test's clock, from the server (see TestTiming); null or absent when the test is untimed. */
  timing?: TestTiming | null;
}

export interface StatusUpdate {
  status: 'incomplete' | 'complete';
  /** 2 for complete, 1 otherwise. */
  version: 1 | 2;
}

export interface DataUpdate {
  data: JsonValue;
  /** The progress version after this save: the init version plus one per setData. */
  version: number;
  /** Typed (the focus was in a text field): the host may hold it a moment for the next key. Absent otherwise and before SDK 1.1.0. */
  typing?: true;
}

export interface RpcRequest {
  action: string;
  data?: JsonValue;
}

export interface ActivityHandlers {
  /** Fetch GET /api/tests/{testId}/sync/{campaignId}/{userId} and merge the local copy. */
  init(session: ActivitySession): Promise<InitAnswer>;
  /** Queue a STATUS sync request. */
  setStatus(update: StatusUpdate, session: ActivitySession): Promise<void>;
  /** Queue a DATA sync request (and keep the local copy). */
  setData(update: DataUpdate, session: ActivitySession): Promise<void>;
  /** The activity holds input it has not given to setData yet (true), or no longer (false): never say 'saved' meanwhile. Optional. */
  setPending?(pending: boolean, session: ActivitySession): void | Promise<void>;
  /** Queue POST /api/outcomes/{campaignId}/{testId}/{userId}. */
  trackOutcomes(outcomes: Outcome[], session: ActivitySession): Promise<void>;
  /** Queue POST /api/logs. */
  log(entry: JsonValue, session: ActivitySession): Promise<void>;
  /** POST /api/v2/rpc/{campaignId}/{testId}; reject with an Error (a `status` property is passed on) on failure. */
  rpc(request: RpcRequest, session: ActivitySession): Promise<unknown>;
  /** Close the activity and return to the room. Called after the activity got its answer. */
  exit(session: ActivitySession): void | Promise<void>;
  /** Assessor only: GET /api/users/assessed/{campaignId}/{testId}. */
  getSamples?(session: ActivitySession): Promise<Sample[]>;
  /** Assessor only: GET /api/tests/{testId}/assessedOutcomes/{campaignId}. */
  getAssessedOutcomes?(session: ActivitySession): Promise<AssessedOutcome[]>;
  /** Assessor only: GET /api/tests/{testId}/data/{campaignId}/{userId}, the assessed person's progress. */
  getAssessedStore?(userId: number, session: ActivitySession): Promise<unknown>;
  /** Assessor only: record outcomes about an assessed person. */
  trackAssessedOutcomes?(userId: number, outcomes: Outcome[], session: ActivitySession): Promise<void>;
}

/** Why the room should mark the test complete. */
export type CompletionReason = 'setStatus' | 'markComplete' | 'trackOutcomes';
