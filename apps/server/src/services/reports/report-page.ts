import { type ReportDocument, type ReportPageContent, reportHasContent } from '@prova/contract/reports';
import type { BundleReport } from '@prova/contract/bundle';
import type { ReportSubjectContext, ReportViewer } from '../../policies/report-access';
import { pickLang } from '../../presenters/localize';
import type { Repositories } from '../../repositories/create-repositories';
import { buildPersonalReport, type PersonalReportView } from './personal-report';

/** The only kind of document the platform produces today: the person's individual report. */
const PRODUCED_KINDS = new Set(['individual']);

/** The campaign's documents a viewer is offered: the assessed never see those kept for assessors. */
export function reportDocumentsFor(viewer: ReportViewer, settings: BundleReport, lang: string): ReportDocument[] {
  return settings.documents
    .filter((d) => PRODUCED_KINDS.has(d.kind ?? 'individual') && (viewer !== 'self' || !d.visibleToAssessorsOnly))
    .map((d) => ({
      id: d.id,
      name: d.name === undefined ? '' : pickLang(d.name, lang),
      kind: d.kind ?? 'individual',
      visibleToAssessorsOnly: d.visibleToAssessorsOnly,
    }));
}

/** Whether the report may be given now and has something in it: what a download and a document need. */
export const reportAvailable = (view: PersonalReportView) => view.downloadAllowed && reportHasContent(view);

/**
 * What the person's report page shows, from one computation of the report: a document to download when the
 * campaign offers one, else the report itself, else nothing (not allowed yet, or nothing to show).
 */
export async function reportPageOf(
  repos: Pick<Repositories, 'reports' | 'campaigns'>,
  context: ReportSubjectContext,
): Promise<ReportPageContent> {
  const view = await buildPersonalReport(repos, context);
  if (!reportAvailable(view)) return { kind: 'none' };
  const document = reportDocumentsFor(context.viewer, context.participation.report, view.lang).find((d) => !d.visibleToAssessorsOnly);
  if (document) return { kind: 'document', document };
  const { rep, results360, norms, person, campaign } = view;
  return { kind: 'individual', report: { rep, results360, norms, person, campaign } };
}
