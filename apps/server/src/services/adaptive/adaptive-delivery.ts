import { randomUUID } from 'node:crypto';
import {
  type AdaptiveGivenItem,
  type AdaptiveNextRequest,
  type AdaptiveNextResponse,
  type AdaptiveSettings,
} from '@prova/contract/adaptive';
import type { Outcome } from '@prova/contract/tests';
import { adaptiveStep } from '@prova/measurement/irt/cat';
import { scoreOneItem } from '@prova/qti/scoring';
import { LRUCache } from 'lru-cache';
import { acceptsAnswers } from '../../domain/campaign-window';
import { effectiveStatus, isTimeUp } from '../../domain/test-clock';
import { campaignClosed, HttpError, notFound, testComplete } from '../../http/http-error';
import type { ChangeFeed } from '../../db/change-feed';
import type { CampaignTestContext } from '../../policies/test-access';
import type { AdaptiveRepository, AdaptiveSessionState, AdaptiveTestRow } from '../../repositories/adaptive-repository';
import type { Repositories } from '../../repositories/create-repositories';
import type { ProgressKey } from '../../repositories/progress-repository';
import type { QtiModelCache } from '../scoring/qti-models';
import { requirePrerequisites } from '../user-tests';

// A computer-adaptive test, served one item at a time (the rpc `adaptive.next`): the server keeps the session (the
// items given in order, each answer's score, the estimate), scores each answer with the package's own response
// processing, picks the next item with the IRT engine (packages/measurement) and, at the stop rule, completes the
// test, whose outcomes (THETA, SE, ITEMS and each item's SCORE) the scoring then writes. The browser is never given
// the bank or its parameters; every step is conditional on the count it was computed from (idempotent).

interface LoadedTest {
  hash: string;
  settings: AdaptiveSettings;
  bank: AdaptiveTestRow['bank'];
}
/** What the session keeps of each item given (adaptiveGivenItemSchema of the contract). */
export type GivenItem = AdaptiveGivenItem;

type AdaptiveRepos = Pick<Repositories, 'adaptive' | 'progress' | 'tests' | 'outcomes' | 'campaigns'>;
type Scoring = { enqueue(key: ProgressKey): void; qtiModels: QtiModelCache };

/**
 * A test's settings and bank are kept by the test and its url, which names the package by the hash of its content: a
 * new package is read at once. An import's announced change (which may change the settings alone) drops them all, on
 * every instance (db/change-feed.ts); this is only the longest they are trusted should a change go unheard.
 */
const TESTS_KEPT_MS = 30_000;

const keyOf = (context: CampaignTestContext): ProgressKey => ({
  campaignId: context.participation.id,
  testId: context.test.id,
  userId: context.user.id,
});

/** An answer's score as the model reads it: 0..1, a share of MAXSCORE where the item declares one. */
const asShare = (score: number, maxScore: number | null) => Math.min(1, Math.max(0, maxScore ? score / maxScore : score));

/** The outcomes of a session: THETA, SE, ITEMS and each given item's SCORE (by its identifier). */
export function adaptiveOutcomes(session: Pick<AdaptiveSessionState, 'given' | 'theta' | 'se'>): Outcome[] {
  const { given } = session;
  return [
    ...given.map((g) => ({ questionId: g.item, value: g.raw })),
    { questionId: 'THETA', value: Math.round(session.theta * 1e4) / 1e4 },
    { questionId: 'SE', value: Math.round(session.se * 1e4) / 1e4 },
    { questionId: 'ITEMS', value: given.length },
  ];
}

export function createAdaptiveDelivery(
  repos: AdaptiveRepos,
  scoring: Scoring,
  events: { testCompleted(key: ProgressKey): void },
  changes?: Pick<ChangeFeed, 'subscribe'>,
) {
  // Parsed once per content: the engine keeps its constants by the settings' items object (packages/measurement).
  const tests = new LRUCache<string, LoadedTest>({ max: 64, ttl: TESTS_KEPT_MS });
  const unsubscribe = changes?.subscribe((change) => {
    if (change.kind === 'all') tests.clear();
  });

  const loadTest = async (test: CampaignTestContext['test']): Promise<LoadedTest> => {
    const key = `${test.id} ${test.url}`;
    const kept = tests.get(key);
    if (kept) return kept;
    const row = await repos.adaptive.findTest(test.id);
    if (!row) throw notFound('Adaptive test');
    if (!row.settings) throw new HttpError(500, 'INTERNAL', `The adaptive settings of test ${test.id} do not read`);
    const loaded = { hash: row.package_hash, settings: row.settings, bank: row.bank };
    tests.set(key, loaded);
    return loaded;
  };

  const itemOf = (test: LoadedTest, id: string) => {
    const entry = test.bank[id];
    if (!entry) throw new HttpError(500, 'INTERNAL', `Item ${id} is not in the bank`);
    return { identifier: id, href: entry.href, xml: entry.xml };
  };

  const answer = (test: LoadedTest, session: AdaptiveSessionState, at: number): AdaptiveNextResponse => {
    if (at < session.answered) {
      // A replay: the item given after the answer at `at`.
      return { done: false, answered: at, item: itemOf(test, session.given[at]!.item) };
    }
    if (session.done === 1 || session.current === null) return { done: true, answered: session.answered };
    return { done: false, answered: session.answered, item: itemOf(test, session.current) };
  };

  /** The session of this attempt, opened (first item chosen) if it is not yet. */
  const sessionFor = async (key: ProgressKey, test: LoadedTest, attempt: string): Promise<AdaptiveSessionState> => {
    for (let tries = 0; tries < 3; tries++) {
      const found = await repos.adaptive.findSession(key);
      if (found && found.attempt === attempt) return found;
      const seed = randomUUID();
      const step = adaptiveStep(test.settings, [], seed);
      const state: AdaptiveSessionState = {
        attempt,
        seed,
        answered: 0,
        given: [],
        current: step.next,
        theta: step.theta,
        se: step.se,
        done: step.done ? 1 : 0,
      };
      await repos.adaptive.open(key, state, found ? found.attempt : null);
    }
    throw new HttpError(409, 'CONFLICT', 'The adaptive session could not be opened: try again');
  };

  const scoreAnswer = async (test: LoadedTest, item: string, response: Record<string, unknown>) => {
    const model = await scoring.qtiModels.get(test.hash, () => repos.tests.qtiScoringModel(test.hash));
    const scored = model ? scoreOneItem(model, item, response) : undefined;
    return { raw: scored?.score ?? 0, share: scored ? asShare(scored.score, scored.maxScore) : 0 };
  };

  /** The stop rule was met: the test is complete (its responses as its progress), and its scoring queued. */
  const complete = async (key: ProgressKey, version: number, given: GivenItem[], now: Date) => {
    const data = JSON.stringify({
      qti: 1,
      position: null,
      responses: Object.fromEntries(given.map((g) => [g.item, g.response ?? {}])),
      flagged: [],
    });
    const [state] = await repos.progress.saveProgress(
      [{ ...key, version: version + 1, status: 'complete', data, endsAt: null, scored: true, at: now }],
      now,
    );
    if (state?.completeNow) {
      scoring.enqueue(key);
      events.testCompleted(key);
    }
  };

  return {
    /** Stops listening to the change feed (the server closing). */
    close: () => unsubscribe?.(),

    async next(context: CampaignTestContext, request: AdaptiveNextRequest): Promise<AdaptiveNextResponse> {
      // The write rules of every save: the campaign open, the prerequisites done, the test started and not complete.
      if (!acceptsAnswers(context.participation)) throw campaignClosed();
      await requirePrerequisites(repos, context);
      const test = await loadTest(context.test);
      const key = keyOf(context);
      const now = new Date();
      const row = await repos.progress.find(key.campaignId, key.testId, key.userId);
      if (!row?.started_at) throw new HttpError(409, 'CONFLICT', 'The test is not open: start it first');
      let session = await sessionFor(key, test, row.started_at);
      const isReplay = request.response === undefined || request.answered !== session.answered;
      if (effectiveStatus(row, now) === 'complete') {
        // A retry of the call that ended it, or a reload, is told it ended; a new answer is refused.
        if (session.done === 1 && isReplay) return { done: true, answered: session.answered };
        throw testComplete(row.status !== 'complete' && isTimeUp(row, now));
      }
      if (isReplay) {
        // Told again what the server holds: after a known count with a response, the item that followed it.
        const at = request.response !== undefined && request.answered < session.answered ? request.answered + 1 : session.answered;
        return answer(test, session, at);
      }
      const current = session.current;
      if (current === null || session.done === 1) return answer(test, session, session.answered);
      const scored = await scoreAnswer(test, current, request.response!);
      const given: GivenItem[] = [...session.given, { item: current, score: scored.share, raw: scored.raw, response: request.response! }];
      const step = adaptiveStep(test.settings, given, session.seed);
      given[given.length - 1] = { ...given[given.length - 1]!, theta: step.theta, se: step.se };
      const next = {
        answered: given.length,
        given,
        current: step.next,
        theta: step.theta,
        se: step.se,
        done: step.done ? 1 : 0,
      };
      if (await repos.adaptive.advance(key, { attempt: session.attempt, answered: session.answered }, next, now)) {
        session = { ...session, ...next };
        if (step.done) await complete(key, row.version, given, now);
      } else {
        // Another call counted this answer first: answer from what it wrote.
        session = (await repos.adaptive.findSession(key)) ?? session;
      }
      return answer(test, session, Math.min(request.answered + 1, session.answered));
    },
  };
}
export type AdaptiveDelivery = ReturnType<typeof createAdaptiveDelivery>;
export type { AdaptiveRepository };
