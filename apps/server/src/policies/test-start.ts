import type { TestStatus } from '@prova/contract/tests';
import { derivedFromJson, parseJson } from '../db/json-column';
import type { CampaignTestRow } from '../repositories/tests-repository';

export interface StartCheck {
  prerequisites: number[];
  missingPrerequisites: number[];
  canStart: boolean;
}

/** A test's prerequisites: its own plus the campaign's, as integers, each once. */
export function prerequisitesOf(test: Pick<CampaignTestRow, 'json_data' | 'campaign_prerequisites'>): number[] {
  const own = ownPrerequisites(test.json_data);
  const campaign = test.campaign_prerequisites ? campaignPrerequisites(test.campaign_prerequisites) : [];
  if (campaign.length === 0) return [...own];
  return [...new Set([...own, ...campaign])];
}

const idsOf = (values: unknown) =>
  (Array.isArray(values) ? values : []).map((v) => Number.parseInt(String(v), 10)).filter((n) => Number.isInteger(n));
// Read on every save: each text is parsed once.
const ownPrerequisites = derivedFromJson((jsonData) => [
  ...new Set(idsOf(parseJson<{ prerequisites?: unknown }>(jsonData, {})?.prerequisites)),
]);
const campaignPrerequisites = derivedFromJson((text) => idsOf(parseJson<unknown>(text, [])));

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
