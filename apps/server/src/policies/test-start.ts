import type { TestStatus } from '@prova/contract/tests';
import { parseJson } from '../db/json-column';
import type { CampaignTestRow } from '../repositories/tests-repository';

export interface StartCheck {
  prerequisites: number[];
  missingPrerequisites: number[];
  canStart: boolean;
}

/** A test's prerequisites: its own plus the campaign's, as integers, each once. */
export function prerequisitesOf(test: Pick<CampaignTestRow, 'json_data' | 'campaign_prerequisites'>): number[] {
  const own = parseJson<{ prerequisites?: unknown[] }>(test.json_data, {})?.prerequisites ?? [];
  const campaign = parseJson<unknown[]>(test.campaign_prerequisites, []);
  const ids = [...(Array.isArray(own) ? own : []), ...(Array.isArray(campaign) ? campaign : [])]
    .map((v) => Number.parseInt(String(v), 10))
    .filter((n) => Number.isInteger(n));
  return [...new Set(ids)];
}

/**
 * A test can be started when it is not complete or is repeatable, and has no
 * missing prerequisites unless the caller is an assessor. (The legacy-browser rule is the client's.)
 */
export function checkStart(
  test: Pick<CampaignTestRow, 'json_data' | 'campaign_prerequisites' | 'repeatable'>,
  status: TestStatus,
  statusOf: (testId: number) => TestStatus,
  assessor: boolean,
): StartCheck {
  const prerequisites = prerequisitesOf(test);
  const missingPrerequisites = prerequisites.filter((id) => statusOf(id) !== 'complete');
  const canStart = (status !== 'complete' || test.repeatable === 1) && (assessor || missingPrerequisites.length === 0);
  return { prerequisites, missingPrerequisites, canStart };
}

/** Why a test may not start: the prerequisites still to complete, or none (it is complete already). */
export function testLockedMessage(missingPrerequisites: number[]): string {
  return missingPrerequisites.length ? `Test locked: complete tests ${missingPrerequisites.join(', ')} first` : 'Test already complete';
}
