import type { FastifyBaseLogger } from 'fastify';
import type { OutcomesRepository } from '../../repositories/outcomes-repository';
import type { ProgressRepository } from '../../repositories/progress-repository';
import type { TestsRepository } from '../../repositories/tests-repository';
import { runAlgorithm, scriptInput } from './run-algorithm';

interface ScoringDeps {
  tests: TestsRepository;
  progress: ProgressRepository;
  outcomes: OutcomesRepository;
  log: FastifyBaseLogger;
}

/**
 * Scores a complete test that has an algorithm: runs it on the stored data and keeps the result as
 * the 'server' outcomes. Never throws: a failing or looping script is logged and the save stands.
 */
export async function scoreProgress(deps: ScoringDeps, campaignId: number, testId: number, userId: number): Promise<boolean> {
  try {
    const algorithm = await deps.tests.findAlgorithm(testId);
    if (!algorithm) return false;
    const row = await deps.progress.find(campaignId, testId, userId);
    if (!row || row.status !== 'complete') return false;
    const values = await runAlgorithm(algorithm, scriptInput(row.data));
    await deps.outcomes.replace({ campaignId, testId, userId, source: 'server' }, values);
    return true;
  } catch (err) {
    deps.log.warn({ err, campaignId, testId, userId }, 'scoring algorithm failed');
    return false;
  }
}
