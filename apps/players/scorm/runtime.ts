// The SCORM API offered to the SCO, through scorm-again: the player's window holds it as `API` (1.2)
// or `API_1484_11` (2004), where a SCO framed below finds it by walking its parents. Nothing is sent
// anywhere by scorm-again itself (no commit URL): the player saves what it renders through the SDK.
import type { ScormDelivery, ScormProgress } from '@prova/contract/content';
import type { Session } from '@prova/activity-sdk';

type Version = ScormDelivery['version'];
type Json = Record<string, unknown>;

/** The calls of each version's API the player listens to. */
const CALLS = {
  '1.2': { setValue: 'LMSSetValue.cmi.*', commit: 'LMSCommit', finish: 'LMSFinish' },
  '2004': { setValue: 'SetValue.cmi.*', commit: 'Commit', finish: 'Terminate' },
} as const;

/** Only what the library needs from an API instance (both versions have these). */
interface ScormApi {
  cmi: Json & { getCurrentTotalTime(): string };
  on(event: string, callback: (...args: unknown[]) => void): void;
  loadFromJSON(json: Json, CMIElement?: string): void;
  renderCommitCMI(terminateCommit: boolean, includeTotalTime?: boolean): unknown;
  isInitialized(): boolean;
  isTerminated(): boolean;
}

export interface ScormRuntime {
  version: Version;
  /** The data model as it is now, ready to save: the time spent so far added to the total. */
  progress(): ScormProgress;
  onSetValue(callback: () => void): void;
  onCommit(callback: () => void): void;
  onFinish(callback: () => void): void;
  /** The SCO called Initialize and has not terminated. */
  running(): boolean;
}

const SETTINGS = {
  lmsCommitUrl: false as const,
  autocommit: false,
  // A SCO that never sets a status stays incomplete: the platform does not complete a test for it.
  autoCompleteLessonStatus: false,
  logLevel: 4,
};

/**
 * Creates the version's API on `target` with the saved progress loaded (a later visit continues with
 * entry 'resume'); the learner is the session's user, in normal mode, for credit.
 */
export async function createRuntime(
  version: Version,
  saved: ScormProgress | null,
  session: Session,
  target: Window,
): Promise<ScormRuntime> {
  // One version's build only (each is its own chunk). Its types name a default export, its module a named one.
  type Api = new (settings: typeof SETTINGS) => ScormApi;
  const module = (version === '1.2' ? await import('scorm-again/scorm12') : await import('scorm-again/scorm2004')) as unknown as Record<
    'Scorm12API' | 'Scorm2004API',
    Api | undefined
  >;
  const Constructor = module[version === '1.2' ? 'Scorm12API' : 'Scorm2004API'] as Api;
  const api = new Constructor(SETTINGS);
  const resume = saved !== null && saved.version === version;
  if (resume) api.loadFromJSON(saved.cmi);
  const cmi = api.cmi as Json;
  if (version === '1.2') {
    const core = cmi.core as Json;
    core.student_id = String(session.userId);
    core.lesson_mode = 'normal';
    core.credit = 'credit';
    core.entry = resume ? 'resume' : 'ab-initio';
  } else {
    cmi.learner_id = String(session.userId);
    cmi.mode = 'normal';
    cmi.credit = 'credit';
    cmi.entry = resume ? 'resume' : 'ab-initio';
  }
  if (version === '1.2') target.API = api;
  else target.API_1484_11 = api;

  const calls = CALLS[version];
  return {
    version,
    progress: () => ({ scorm: 1, version, cmi: saveable(version, api) }),
    onSetValue: (callback) => api.on(calls.setValue, () => callback()),
    onCommit: (callback) => api.on(calls.commit, () => callback()),
    onFinish: (callback) => api.on(calls.finish, () => callback()),
    running: () => api.isInitialized() && !api.isTerminated(),
  };
}

/**
 * The data model to keep: what a commit renders with the total time brought up to now, without what
 * belongs to one session only (its time, its entry and exit), which would otherwise be counted again
 * or read as the next session's.
 */
function saveable(version: Version, api: ScormApi): Json {
  const rendered = api.renderCommitCMI(false, true) as { cmi: Json };
  const cmi = structuredClone(rendered.cmi);
  const session = version === '1.2' ? (cmi.core as Json) : cmi;
  delete session.session_time;
  delete session.entry;
  delete session.exit;
  return cmi;
}
