import type { ActivityHandlers, JsonValue, TestStatus } from '@prova/activity-sdk/host';

/** What a preview remembers while its dialog is open: nothing of it reaches the server. */
export interface PreviewMemory {
  status: TestStatus;
  data: JsonValue | null;
  version: number;
  startedAt?: string;
}

export interface PreviewHandlerOptions {
  /** The test's time limit, so that the player shows its clock as a candidate's would (counted from the first opening). */
  timeLimitMinutes?: number;
  /** The activity called exit(). */
  exit: () => void;
  now?: () => Date;
}

/**
 * The host's answers for a preview in the console: the activity is framed exactly as in the candidate's room
 * (components/activity), but its progress, status and outcomes stay in this object, and rpc is refused: staff try
 * the test without leaving an attempt, a result or a log anywhere.
 */
export function createPreviewHandlers({ timeLimitMinutes, exit, now = () => new Date() }: PreviewHandlerOptions): {
  handlers: ActivityHandlers;
  memory: PreviewMemory;
} {
  const memory: PreviewMemory = { status: 'not attempted', data: null, version: 0 };
  const handlers: ActivityHandlers = {
    init() {
      const at = now();
      memory.startedAt ??= at.toISOString();
      const timing =
        timeLimitMinutes === undefined
          ? null
          : (() => {
              const endsAt = new Date(new Date(memory.startedAt).getTime() + timeLimitMinutes * 60_000);
              return {
                startedAt: memory.startedAt,
                endsAt: endsAt.toISOString(),
                remainingSeconds: Math.max(0, Math.floor((endsAt.getTime() - at.getTime()) / 1000)),
              };
            })();
      return Promise.resolve({ status: true, testStatus: memory.status, data: memory.data, version: memory.version, timing });
    },
    setStatus({ status }) {
      memory.status = status;
      return Promise.resolve();
    },
    setData({ data, version }) {
      memory.data = data;
      memory.version = version;
      return Promise.resolve();
    },
    trackOutcomes: () => Promise.resolve(),
    log: () => Promise.resolve(),
    rpc: () => Promise.reject(new Error('Not available in a preview')),
    exit: () => exit(),
  };
  return { handlers, memory };
}
