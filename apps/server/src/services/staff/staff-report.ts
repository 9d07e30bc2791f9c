import { reportHasContent } from '@prova/contract/reports';
import { HttpError, notFound } from '../../http/http-error';
import type { Auth } from '../../plugins/session';
import type { Repositories } from '../../repositories/create-repositories';
import { buildPersonalReport } from '../reports/personal-report';
import { reportPdf } from '../reports/report-pdf';
import { recordReportView } from '../reports/report-views';

type Repos = Pick<Repositories, 'staff' | 'users' | 'reports' | 'campaigns' | 'personalData'>;

/**
 * The personal report of a participant of one of the company's campaigns as a PDF, for its staff:
 * open or finished campaign alike, whatever its download rules (they hold the assessed only).
 */
export async function staffReportPdf(repos: Repos, auth: Auth, companyId: number, campaignId: number, userId: number) {
  const [participation, subject] = await Promise.all([
    repos.staff.campaigns.findParticipation(companyId, campaignId, userId),
    repos.users.findById(userId),
  ]);
  if (!participation || !subject || subject.company_id !== companyId) throw notFound('Participant');
  const view = await buildPersonalReport(repos, { ...auth, viewer: 'staff', participation, subject });
  if (!reportHasContent(view)) throw new HttpError(409, 'REPORT_NOT_AVAILABLE', 'The report has nothing to show yet');
  const pdf = await reportPdf(view);
  await recordReportView(repos, { viewer: 'staff', user: auth.user, subject, participation }, 'downloaded');
  return pdf;
}
