import { CANDIDATE_ROLE, type Role } from '@prova/contract/auth';
import type { LangCode } from '@prova/contract/limits';
import type { ProgressCell, ProgressQuery, ProgressResponse, StaffCampaign, StaffCampaignResponse } from '@prova/contract/staff-campaigns';
import type { z } from 'zod';
import type { progressQuerySchema } from '@prova/contract/staff-campaigns';
import type { StaffCampaignRow } from '../../repositories/staff/campaign-progress-repository';
import { belongsToCampaign, isCandidatesOwnTest } from '../../domain/candidate-tests';
import { effectiveStatus, expiredBefore } from '../../domain/test-clock';
import { notFound } from '../../http/http-error';
import { localize } from '../../presenters/localize';
import { presentStaffCampaign } from '../../presenters/present-staff';
import type { Repositories } from '../../repositories/create-repositories';
import type { ReportOffers } from './report-offers';
import type { StaffReportRepos } from './staff-report';

// What staff follow of their campaigns: the list with counts, and one campaign's live progress.

type Repos = Pick<Repositories, 'staff' | 'tests'>;
type Query = z.output<typeof progressQuerySchema>;
export type { ProgressQuery };

/** The campaign's tests in campaign order, and which of them a participant takes themself. */
export async function campaignTests(repos: Repos, campaign: StaffCampaignRow, lang: string) {
  const rows = (await repos.tests.listForCampaign(campaign.id)).filter((t) => belongsToCampaign(t, campaign));
  const present = (t: (typeof rows)[number]) => ({
    id: t.id,
    abbreviation: t.abbreviation,
    name: localize(t.name, lang),
    assessorTest: t.assessor_test === 1,
    ...(t.package_kind ? { packageKind: t.package_kind } : {}),
  });
  return { tests: rows.map(present), own: rows.filter(isCandidatesOwnTest).map(present) };
}

export async function listStaffCampaigns(repos: Repos, companyId: number, lang: string): Promise<StaffCampaign[]> {
  const rows = await repos.staff.campaigns.list(companyId);
  const counts = await repos.staff.campaigns.counts(
    companyId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => presentStaffCampaign(row, counts.get(row.id)!, lang));
}

export async function staffCampaign(
  repos: Repos,
  companyId: number,
  campaign: StaffCampaignRow,
  lang: string,
): Promise<StaffCampaignResponse> {
  const counts = await repos.staff.campaigns.counts(companyId, [campaign.id]);
  const { tests } = await campaignTests(repos, campaign, lang);
  return { status: true, campaign: presentStaffCampaign(campaign, counts.get(campaign.id)!, lang), tests };
}

/** A test's status as staff see it: a row emptied by a reset and not opened since is not started. */
export function staffStatusOf(row: { status: string; started_at: string | null; ends_at: string | null } | undefined, now: Date) {
  return row && row.status !== 'complete' && row.started_at === null ? ('not attempted' as const) : effectiveStatus(row, now);
}

/** One page of a campaign's participants with each one's status, clock and last save in every test. */
export async function campaignProgress(
  repos: Repos,
  companyId: number,
  campaign: StaffCampaignRow,
  query: Query,
  lang: string,
  now = new Date(),
): Promise<ProgressResponse> {
  const { own } = await campaignTests(repos, campaign, lang);
  if (query.testId !== undefined && !own.some((t) => t.id === query.testId)) throw notFound('Test');
  const testIds = own.map((t) => t.id);
  // The campaign's candidates unless another role is asked for: assessors are listed only on request.
  const role = query.role ?? CANDIDATE_ROLE;
  const page = await repos.staff.campaigns.page(campaign.id, companyId, { ...query, role, testIds, expiredBefore: expiredBefore(now) });
  const userIds = page.rows.map((r) => r.id);
  const [cells, attempts, feedback, evaluated] = await Promise.all([
    repos.staff.campaigns.cells(campaign.id, userIds),
    repos.staff.campaigns.previousAttempts(campaign.id, userIds),
    campaign.is360 === 1 ? repos.staff.campaigns.feedback360(campaign.id, userIds) : Promise.resolve(null),
    campaign.is360 === 1 ? repos.staff.campaigns.evaluatedIn360(campaign.id, userIds) : Promise.resolve(new Set<number>()),
  ]);
  const byKey = new Map(cells.map((c) => [`${c.user_id}:${c.test_id}`, c]));
  const participants = page.rows.map((row) => {
    const rowCells: ProgressCell[] = testIds.map((testId) => {
      const cell = byKey.get(`${row.id}:${testId}`);
      return {
        testId,
        status: staffStatusOf(cell, now),
        startedAt: cell?.started_at ?? null,
        updatedAt: cell?.updated_at ?? null,
        previousAttempts: attempts.get(`${row.id}:${testId}`) ?? 0,
      };
    });
    const last =
      [row.last_access, row.last_save]
        .filter((v): v is string => !!v)
        .sort()
        .at(-1) ?? null;
    const completed = rowCells.filter((c) => c.status === 'complete').length;
    return {
      user: {
        id: row.id,
        firstName: row.first_name,
        lastName: row.last_name,
        email: row.email,
        role: row.role as Role,
        lang: (row.lang as LangCode | null) ?? null,
        active: row.deactivated_at === null,
        hasPassword: row.has_password === 1,
      },
      cells: rowCells,
      completed,
      total: rowCells.length,
      lastActivity: last,
      invitedAt: row.invited_at,
      feedback360: feedback?.get(row.id) ?? null,
      // Whether the report may have something: liveProgress asks the report itself of these only.
      reportAvailable: row.role === CANDIDATE_ROLE && (completed > 0 || evaluated.has(row.id)),
      campaignLang: (row.campaign_lang as LangCode | null) ?? null,
    };
  });
  return {
    status: true,
    tests: own,
    participants,
    total: page.total,
    page: query.page,
    pageSize: query.pageSize,
    counts: page.counts,
    at: now.toISOString(),
  };
}

/**
 * The live progress as the console shows it: a participant's report PDF is offered only when the report has something
 * to show, as the PDF itself decides (a complete test that feeds no area, or 360 answers from fewer raters than the
 * confidentiality threshold, show nothing); an assessor the campaign lists has none.
 */
export async function liveProgress(
  repos: Repos & StaffReportRepos,
  offers: ReportOffers,
  companyId: number,
  campaign: StaffCampaignRow,
  query: Query,
  lang: string,
): Promise<ProgressResponse> {
  const answer = await campaignProgress(repos, companyId, campaign, query, lang);
  const shows = await Promise.all(answer.participants.map((p) => offers(repos, companyId, campaign.id, p)));
  return { ...answer, participants: answer.participants.map((p, i) => ({ ...p, reportAvailable: shows[i] })) };
}
