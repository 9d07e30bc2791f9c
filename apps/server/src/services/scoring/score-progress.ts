import type { FastifyBaseLogger } from 'fastify';
import type { Outcome } from '@prova/contract/tests';
import type { OutcomesRepository } from '../../repositories/outcomes-repository';
import type { ProgressKey, ProgressRepository } from '../../repositories/progress-repository';
import type { RatingsRepository } from '../../repositories/ratings-repository';
import type { TestsRepository } from '../../repositories/tests-repository';
import { runAlgorithm, scriptInput } from './run-algorithm';
import { scoreQti } from '@prova/qti/scoring';
import type { QtiModelCache } from './qti-models';
import type { AdaptiveRepository } from '../../repositories/adaptive-repository';
import { adaptiveOutcomes } from '../adaptive/adaptive-delivery';

interface ScoringRepos {
  tests: TestsRepository;
  progress: ProgressRepository;
  outcomes: OutcomesRepository;
  ratings: RatingsRepository;
  adaptive: AdaptiveRepository;
}

export interface ScoringDeps extends ScoringRepos {
  /** Runs `work` in one transaction, with the repositories bound to it. */
  withTransaction<T>(work: (repos: ScoringRepos) => Promise<T>): Promise<T>;
  log: FastifyBaseLogger;
  /** This instance, as it claims scorings (test_progress.scoring_claimed_by). */
  claimer: string;
  /** Where QTI packages' models are kept between scorings (the scoring plugin's). */
  qtiModels: QtiModelCache;
}

/** Ratings as scoreQti takes them: points by item. */
export const pointsByItem = (ratings: Array<{ itemId: string; points: number }>): Record<string, number> =>
  Object.fromEntries(ratings.map((r) => [r.itemId, r.points]));

/**
 * Scores a complete test that the server scores: claims it (another instance may be scoring it, or have done so),
 * runs its algorithm, or its QTI package's response and outcome processing (with the assessors' ratings of the items they rate), on the stored data and, in one transaction, takes the test out of the scoring queue and keeps
 * the result as the 'server' outcomes, only if the claim still held and the attempt is the one scored. A failing or
 * looping script is logged and not retried: the same data would fail the same way. True when outcomes were written.
 */
export async function scoreProgress(deps: ScoringDeps, key: ProgressKey): Promise<boolean> {
  const { campaignId, testId, userId } = key;
  if (!(await deps.progress.claimScoring(key, deps.claimer))) return false;
  let finished = false;
  try {
    const row = await deps.progress.find(campaignId, testId, userId);
    if (!row || row.status !== 'complete') return false;
    let values: Outcome[] | undefined;
    const scoring = await deps.tests.findScoring(testId);
    if (scoring) {
      try {
        if ('algorithm' in scoring) values = await runAlgorithm(scoring.algorithm, scriptInput(row.data));
        else {
          const hash = scoring.qtiPackage;
          // An adaptive test was scored answer by answer as it went: its outcomes are its session's.
          // (A time-up before the first answer: no items, the prior's estimate.)
          const adaptive = await deps.adaptive.findTest(testId);
          if (adaptive) values = adaptiveOutcomes((await deps.adaptive.findSession(key)) ?? { given: [], theta: 0, se: 1 });
          const model = adaptive ? undefined : await deps.qtiModels.get(hash, () => deps.tests.qtiScoringModel(hash));
          if (model) values = scoreQti(model, scriptInput(row.data), pointsByItem(await deps.ratings.list(key)));
        }
      } catch (err) {
        deps.log.warn({ err, campaignId, testId, userId }, 'scoring failed');
      }
    }
    finished = await deps.withTransaction(async (repos) => {
      if (!(await repos.progress.finishScoring(key, row.version, deps.claimer))) return false;
      if (values) await repos.outcomes.replace({ campaignId, testId, userId, source: 'server' }, values);
      return true;
    });
    // One line per run of a script, whichever instance ran it (the two-instance test counts them).
    if (scoring) deps.log.info({ campaignId, testId, userId, version: row.version, written: finished && !!values }, 'test scored');
    return finished && values !== undefined;
  } finally {
    // A claim left over (a run that failed, an attempt replaced meanwhile) goes: the next sweep decides.
    if (!finished) await deps.progress.releaseScoring(key, deps.claimer);
  }
}
