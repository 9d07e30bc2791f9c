import { MAX_TEST_ATTEMPTS } from '@prova/contract/limits';
import type { TestStatus } from '@prova/contract/tests';
import type { CampaignTestRow } from '../repositories/tests-repository';

export interface StartCheck {
  prerequisites: number[];
  missingPrerequisites: number[];
  /** A repeatable test's attempts still to make (MAX_TEST_ATTEMPTS in all); null for a test taken once. */
  attemptsLeft: number | null;
  canStart: boolean;
}

/** A test's prerequisites: its own plus the campaign's, each once. */
export function prerequisitesOf(test: Pick<CampaignTestRow, 'json_data' | 'campaign_prerequisites'>): number[] {
  const own = test.json_data.prerequisites ?? [];
  const campaign = test.campaign_prerequisites;
  if (own.length === 0 && campaign.length === 0) return [];
  return [...new Set([...own, ...campaign])];
}

/**
 * A test can be started when it is not complete, or is repeatable with attempts left (`attemptsMade`: the
 * attempts the person has begun, the current one included once opened: progress-repository's attemptsMade),
 * and has no missing prerequisites unless the caller is an assessor. (The legacy-browser rule is the client's.)
 */
export function checkStart(
  test: Pick<CampaignTestRow, 'json_data' | 'campaign_prerequisites' | 'repeatable'>,
  status: TestStatus,
  statusOf: (testId: number) => TestStatus,
  assessor: boolean,
  attemptsMade: number,
): StartCheck {
  const prerequisites = prerequisitesOf(test);
  const missingPrerequisites = prerequisites.filter((id) => statusOf(id) !== 'complete');
  const attemptsLeft = test.repeatable === 1 ? Math.max(0, MAX_TEST_ATTEMPTS - attemptsMade) : null;
  const again = attemptsLeft !== null && attemptsLeft > 0;
  const canStart = (status !== 'complete' || again) && (assessor || missingPrerequisites.length === 0);
  return { prerequisites, missingPrerequisites, attemptsLeft, canStart };
}

/** The test is complete and repeatable, but the person has made every attempt it allows. */
export const attemptsExhausted = (check: Pick<StartCheck, 'attemptsLeft'>, status: TestStatus) =>
  status === 'complete' && check.attemptsLeft === 0;

/** Why a test may not start: the prerequisites still to complete, or none (it is complete already). */
export function testLockedMessage(missingPrerequisites: number[]): string {
  return missingPrerequisites.length ? `Test locked: complete tests ${missingPrerequisites.join(', ')} first` : 'Test already complete';
}
