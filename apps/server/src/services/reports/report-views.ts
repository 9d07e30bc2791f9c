import type { ReportSubjectContext } from '../../policies/report-access';
import type { Repositories } from '../../repositories/create-repositories';
import type { ReportViewKind } from '../../repositories/personal-data-repository';

/**
 * Someone other than the person read their report (`opened`) or took its PDF (`downloaded`): kept for the person's
 * "who saw my report" (issue 52). The person's own reads are not recorded.
 */
export async function recordReportView(
  repos: Pick<Repositories, 'personalData'>,
  context: Pick<ReportSubjectContext, 'viewer' | 'user' | 'subject' | 'participation'>,
  kind: ReportViewKind,
): Promise<void> {
  if (context.viewer === 'self' || context.user.id === context.subject.id) return;
  await repos.personalData.recordReportView({
    viewerId: context.user.id,
    subjectId: context.subject.id,
    campaignId: context.participation.id,
    kind,
  });
}
