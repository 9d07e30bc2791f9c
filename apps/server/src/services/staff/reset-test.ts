import { staffStatusOf } from './campaign-progress';
import { TEST_360_ID } from '@prova/contract/limits';
import type { ResetResponse } from '@prova/contract/staff-participants';
import type { StaffCampaignRow } from '../../repositories/staff/campaign-progress-repository';
import { HttpError, notFound } from '../../http/http-error';
import type { Repositories } from '../../repositories/create-repositories';

type Repos = Pick<Repositories, 'staff' | 'tests'>;

/**
 * A participant must take a test again: the attempt and its outcomes go to the history
 * (repositories/staff/resets-repository.ts) and the test starts over at the next opening.
 */
export async function resetTest(
  repos: Repos,
  opts: { companyId: number; campaign: StaffCampaignRow; userId: number; testId: number; by: number; reason?: string },
  now = new Date(),
): Promise<Omit<ResetResponse, 'status'>> {
  const { campaign, userId, testId } = opts;
  if (!(await repos.staff.campaigns.participantIds(campaign.id, opts.companyId, [userId])).length) throw notFound('Participant');
  if (!(await repos.tests.findInCampaign(campaign.id, testId))) throw notFound('Test');
  if (testId === TEST_360_ID) {
    throw new HttpError(422, 'VALIDATION', 'The 360 questionnaire is not reset here', [
      { path: 'params.testId', message: 'the 360 questionnaire' },
    ]);
  }
  const key = { campaignId: campaign.id, testId, userId };
  const reason = `reset by staff ${opts.by}${opts.reason ? `: ${opts.reason}` : ''}`;
  const archived = await repos.staff.resets.reset(key, reason, now);
  if (!archived) throw new HttpError(409, 'CONFLICT', 'Nothing to reset: the test has not been started and has no outcomes');
  const [row, previousAttempts] = await Promise.all([repos.staff.resets.findProgress(key), repos.staff.resets.historyCount(key)]);
  return {
    cell: {
      testId,
      status: staffStatusOf(row, now),
      startedAt: row?.started_at ?? null,
      updatedAt: row?.updated_at ?? null,
      previousAttempts,
    },
    archived,
  };
}
