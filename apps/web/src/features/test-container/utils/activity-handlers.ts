import { encodeProgressData, type ActivityHandlers, type ActivitySession } from '@prova/activity-sdk/host';
import type { Outcome, SyncStateResponse } from '@prova/contract/tests';
import { ApiClientError } from '@/lib/api-client';
import type { SendingQueue } from '@/lib/sending-queue/sending-queue';
import { callRpc } from '../api/call-rpc';
import { getAssessedOutcomes } from '../api/get-assessed-outcomes';
import { getAssessedStore } from '../api/get-assessed-store';
import { getSamples } from '../api/get-samples';
import { startTest } from '../api/start-test';
import { beaconAssessedOutcomes, trackAssessedOutcomes } from '../api/track-assessed-outcomes';
import { createAssessedCopies, withPendingCopies } from './assessed-copies';
import { createAssessedDrafts } from './assessed-drafts';
import { mergeProgress } from './merge-progress';

export interface HandlerDeps {
  queue: Pick<SendingQueue, 'enqueue' | 'log' | 'getLatestCopy' | 'holdInput' | 'windowId' | 'claimed'>;
  /** The activity asked to close: back to the room. */
  exit: () => void;
  /**
   * The server refused the outcomes (5xx, time-out, another 4xx; the queue tries again): the person is told, beside the
   * header's indicator. A finished test (409) is the room's to say, a session gone the sign-in page's.
   */
  onOutcomesNotSaved: () => void;
  /** The server opened the test: its status and clock as it answered (a timed test's clock starts then). */
  onOpened: (opened: Pick<SyncStateResponse, 'testStatus' | 'timing'>) => void;
}

const ids = ({ campaignId, testId, userId }: ActivitySession) => ({ campaignId, testId, userId });

/** The queue's source name for input an activity holds (setPending) or outcomes of it not yet sent. */
export const heldInputSource = (session: Pick<ActivitySession, 'campaignId' | 'testId'>, what: 'activity' | 'assessed') =>
  `${what}:${session.campaignId}:${session.testId}`;

/**
 * What the container answers the activity with (packages/activity-sdk, handlers.ts): progress goes
 * through the sending queue (offline-tolerant), the rest straight to the API.
 */
export function createActivityHandlers({ queue, exit, onOutcomesNotSaved, onOpened }: HandlerDeps, isAssessor: boolean): ActivityHandlers {
  const handlers: ActivityHandlers = {
    // Opening claims the attempt for this window (its saves go; another window's are refused from now on).
    async init(session) {
      const [server, local] = await Promise.all([
        queue.windowId().then((windowId) => startTest(ids(session), windowId)),
        queue.getLatestCopy(session.campaignId, session.testId, session.userId),
      ]);
      queue.claimed(ids(session));
      onOpened(server);
      return mergeProgress(server, local);
    },
    // The SDK gives version 2 for complete, 1 otherwise.
    setStatus: ({ status, version }, session) => queue.enqueue({ type: 'STATUS', ...ids(session), version, status }),
    // The host counts versions up from init's (the merge of server and local copy): they only grow.
    // Activities hand over every change at once. A typed one (the SDK says so: the focus was in a text field) is a
    // draft the queue persists at once and coalesces with the next keys; a choice, a drag, a page turned go at once.
    setData: ({ data, version, typing }, session) =>
      queue.enqueue({ type: 'DATA', ...ids(session), version, data: encodeProgressData(data) }, { coalesce: typing === true }),
    trackOutcomes: (outcomes, session) =>
      queue.enqueue(
        { type: 'OUTCOMES', ...ids(session), data: outcomes },
        { onDelivery: (delivery) => !delivery.accepted && delivery.reason === 'failed' && onOutcomesNotSaved() },
      ),
    setPending: (pending, session) => queue.holdInput(heldInputSource(session, 'activity'), pending),
    log: (entry, session) => queue.log(entry, ids(session)),
    rpc: ({ action, data }, session) => callRpc(session.campaignId, session.testId, action, data ?? null),
    exit: () => exit(),
  };
  if (!isAssessor) return handlers;
  // Notes come at every key: kept in this browser at once (assessed-copies.ts), coalesced per person and question
  // for the server (assessed-drafts.ts); 'saving' while any waits. A copy goes once the server answered its send
  // (not on a beacon, which may be lost): the grid opened again shows what is still held, and sends it.
  let drafts: ReturnType<typeof createAssessedDrafts> | undefined;
  let copies: ReturnType<typeof createAssessedCopies> | undefined;
  const copiesOf = (session: ActivitySession) => (copies ??= createAssessedCopies(session.userId, session.campaignId, session.testId));
  const draftsOf = (session: ActivitySession) =>
    (drafts ??= createAssessedDrafts({
      send: async (userId, outcomes) => {
        await trackAssessedOutcomes(session.campaignId, session.testId, userId, outcomes);
        copiesOf(session).sent(userId, outcomes);
      },
      beacon: (userId, outcomes) => beaconAssessedOutcomes(session.campaignId, session.testId, userId, outcomes),
      onHeld: (held) => queue.holdInput(heldInputSource(session, 'assessed'), held),
    }));
  const track = (userId: number, outcomes: Outcome[], session: ActivitySession) => {
    copiesOf(session).keep(userId, outcomes);
    return draftsOf(session).track(userId, outcomes);
  };
  return {
    ...handlers,
    getSamples: (session) => getSamples(session.campaignId, session.testId),
    getAssessedOutcomes: async (session) => {
      const server = await getAssessedOutcomes(session.campaignId, session.testId);
      const pending = copiesOf(session).pending();
      // What this browser still holds goes again; one the server refuses for good (a 4xx: the campaign's ratings
      // locked, the person no longer assigned) is dropped, one that could not go (offline, 5xx) stays for next time.
      for (const copy of pending) {
        track(copy.userId, copy.outcomes, session).catch((error: unknown) => {
          const status = error instanceof ApiClientError ? error.status : undefined;
          if (status !== undefined && status >= 400 && status < 500) copiesOf(session).sent(copy.userId, copy.outcomes);
        });
      }
      // Not typing now: they go at once, not after the coalescing delay.
      if (pending.length > 0) void draftsOf(session).sendNow();
      return withPendingCopies(server, pending);
    },
    getAssessedStore: (userId, session) => getAssessedStore(session.campaignId, session.testId, userId),
    trackAssessedOutcomes: (userId, outcomes, session) => track(userId, outcomes, session),
    // Leaving: what waits goes first, so the home the assessor returns to counts it.
    exit: async (session) => {
      await drafts?.sendNow();
      return handlers.exit(session);
    },
  };
}
