import { CANDIDATE_ROLE } from '@prova/contract/auth';
import { reportHasContent } from '@prova/contract/reports';
import { HttpError, notFound } from '../../http/http-error';
import type { Auth } from '../../plugins/session';
import type { Repositories } from '../../repositories/create-repositories';
import { buildPersonalReport, type PersonalReportView } from '../reports/personal-report';
import { reportPdf } from '../reports/report-pdf';
import { recordReportView } from '../reports/report-views';

type Repos = Pick<Repositories, 'staff' | 'users' | 'reports' | 'campaigns' | 'personalData'>;
export type StaffReportRepos = Pick<Repositories, 'staff' | 'users' | 'reports' | 'campaigns'>;

/**
 * A participant's report as staff read it, and whether it has anything to show. A campaign's reports are its
 * candidates': an assessor it lists (for access to the people they rate) has none.
 */
async function staffReportView(repos: StaffReportRepos, companyId: number, campaignId: number, userId: number) {
  const [participation, subject] = await Promise.all([
    repos.staff.campaigns.findParticipation(companyId, campaignId, userId),
    repos.users.findById(userId),
  ]);
  if (!participation || !subject || subject.company_id !== companyId) throw notFound('Participant');
  if (subject.role !== CANDIDATE_ROLE) return { participation, subject, view: null };
  const view: PersonalReportView = await buildPersonalReport(repos, { viewer: 'staff', participation, subject });
  return { participation, subject, view: reportHasContent(view) ? view : null };
}

/** Whether staff would get a report PDF of this participant now: the console offers it only then. */
export async function staffReportShows(repos: StaffReportRepos, companyId: number, campaignId: number, userId: number) {
  return (await staffReportView(repos, companyId, campaignId, userId)).view !== null;
}

/**
 * The personal report of a participant of one of the company's campaigns as a PDF, for its staff:
 * open or finished campaign alike, whatever its download rules (they hold the assessed only).
 */
export async function staffReportPdf(repos: Repos, auth: Auth, companyId: number, campaignId: number, userId: number) {
  const { participation, subject, view } = await staffReportView(repos, companyId, campaignId, userId);
  if (!view) throw new HttpError(409, 'REPORT_NOT_AVAILABLE', 'The report has nothing to show yet');
  const pdf = await reportPdf(view);
  await recordReportView(repos, { viewer: 'staff', user: auth.user, subject, participation }, 'downloaded');
  return pdf;
}
