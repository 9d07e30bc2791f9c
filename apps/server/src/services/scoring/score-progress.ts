import type { FastifyBaseLogger } from 'fastify';
import type { OutcomesRepository } from '../../repositories/outcomes-repository';
import type { ProgressKey, ProgressRepository } from '../../repositories/progress-repository';
import type { TestsRepository } from '../../repositories/tests-repository';
import { runAlgorithm, scriptInput } from './run-algorithm';

export interface ScoringDeps {
  tests: TestsRepository;
  progress: ProgressRepository;
  outcomes: OutcomesRepository;
  log: FastifyBaseLogger;
}

/**
 * Scores a complete test that has an algorithm: runs it on the stored data and keeps the result as
 * the 'server' outcomes, then takes the test out of the scoring queue. A failing or looping script
 * is logged and not retried: the same data would fail the same way.
 */
export async function scoreProgress(deps: ScoringDeps, key: ProgressKey): Promise<boolean> {
  const { campaignId, testId, userId } = key;
  const row = await deps.progress.find(campaignId, testId, userId);
  if (!row || row.status !== 'complete') return false;
  let scored = false;
  const algorithm = await deps.tests.findAlgorithm(testId);
  if (algorithm) {
    try {
      const values = await runAlgorithm(algorithm, scriptInput(row.data));
      await deps.outcomes.replace({ campaignId, testId, userId, source: 'server' }, values);
      scored = true;
    } catch (err) {
      deps.log.warn({ err, campaignId, testId, userId }, 'scoring algorithm failed');
    }
  }
  await deps.progress.clearScoringDue(key, row.version);
  return scored;
}
