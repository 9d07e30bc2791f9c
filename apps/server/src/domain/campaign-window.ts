import type { CampaignRow } from '../db/schema';

/**
 * Whether a campaign takes answers now: its status is ACTIVE and `now` lies between its start and its end (both
 * included). Staff mark a campaign COMPLETED or REPORT when it is over, whatever its dates, and its results are
 * then final. This is the one rule every write of a participant passes (progress saves, test starts, outcomes,
 * assessors' outcomes, 360 answers, the layout storage: policies/test-access.ts); reads stay open longer (a
 * finished campaign with reports: campaigns-repository's openParticipationsOf). Log entries are diagnostics and
 * are not held by it.
 */
export function acceptsAnswers(campaign: Pick<CampaignRow, 'status' | 'date_start' | 'date_end'>, now: Date = new Date()): boolean {
  if (campaign.status !== 'ACTIVE') return false;
  const at = now.getTime();
  return Date.parse(campaign.date_start) <= at && at <= Date.parse(campaign.date_end);
}

/**
 * Whether staff may add a test to a campaign: not once it is over (staff marked it COMPLETED or REPORT, or its end
 * has passed), since its results are then final. A campaign that has not begun yet takes tests.
 */
export function takesNewTests(campaign: Pick<CampaignRow, 'status' | 'date_end'>, now: Date = new Date()): boolean {
  return campaign.status === 'ACTIVE' && now.getTime() <= Date.parse(campaign.date_end);
}

/**
 * Whether an assessor's ratings and notes are taken now: while the campaign takes answers, and once it is over
 * (closed by staff, its reports published, or past its end) only until the instant staff reopened its assessments
 * to (`assessments_open_until`, audited). Past that they are locked: what the reports were made from stays as it was.
 */
export function acceptsRatings(
  campaign: Pick<CampaignRow, 'status' | 'date_start' | 'date_end' | 'assessments_open_until'>,
  now: Date = new Date(),
): boolean {
  if (acceptsAnswers(campaign, now)) return true;
  return campaign.assessments_open_until !== null && now.getTime() <= Date.parse(campaign.assessments_open_until);
}
