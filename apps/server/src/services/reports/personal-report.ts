import type { BundleQuestions360 } from '@prova/contract/bundle';
import { type Gender, genderOf } from '@prova/contract/gendered-text';
import type { ReportNorm } from '@prova/contract/reports';
import type { PersonalReport, Results360 } from '@prova/contract/reports';
import { reportDownloadAllowed } from '../../domain/report-download';
import type { ReportSubjectContext } from '../../policies/report-access';
import { contentLang } from '../../domain/content-language';
import { localize } from '../../presenters/localize';
import type { Repositories } from '../../repositories/create-repositories';
import { computeReport } from './compute-report';
import { reportNorms } from './report-norms';
import { computeResults360 } from './results-360';

type ReportRepos = Pick<Repositories, 'reports' | 'campaigns'>;

export interface PersonalReportView {
  rep: PersonalReport;
  results360: Results360 | null;
  /** The person's normed outcomes, for a campaign with norms. */
  norms: ReportNorm[];
  person: { id: number; firstName: string; lastName: string };
  campaign: { id: number; name: string };
  /** The person's content language: the report's texts are in it. */
  lang: string;
  downloadAllowed: boolean;
}

/** Computes the report of the context's person, in their language, with whether the viewer may have it. */
/** Who reads whose report: what the report's contents and its download rules depend on. */
type ReportReading = Pick<ReportSubjectContext, 'viewer' | 'participation' | 'subject'>;

export async function buildPersonalReport(repos: ReportRepos, context: ReportReading): Promise<PersonalReportView> {
  const { participation: campaign, subject } = context;
  const lang = contentLang(campaign, subject);
  // The report speaks about the person ('Tende a lavorare da solo'): its gendered words follow them.
  const gender = genderOf(subject.gender);
  const settings = campaign.report;
  const [tests, assessedTests, outcomes, content, campaignNorms] = await Promise.all([
    repos.reports.listTestResults(campaign.id, subject.id),
    repos.reports.listAssessedTests(campaign.id, subject.id),
    repos.reports.listOutcomes(campaign.id, subject.id),
    repos.campaigns.contentOf(campaign.id),
    repos.reports.listCampaignNorms(campaign.id),
  ]);
  const rep = computeReport({
    model: content.model,
    lang,
    gender,
    tests,
    assessedTests,
    outcomes,
  });
  const results360 =
    campaign.is360 === 1
      ? await build360(
          repos,
          campaign.id,
          subject.id,
          { questions360: content.questions360, range360_num: campaign.range360_num },
          settings.confidentialityThreshold,
          lang,
          gender,
        )
      : null;
  const norms = reportNorms(campaignNorms, { tests, assessedTests, outcomes, lang });
  return {
    rep,
    results360,
    norms,
    person: { id: subject.id, firstName: subject.first_name, lastName: subject.last_name },
    campaign: { id: campaign.id, name: localize(campaign.name, lang, gender) },
    lang,
    downloadAllowed: downloadAllowedFor(context, tests),
  };
}

/** Whether the viewer may have the report now: the campaign's rules and the person's finished tests. */
function downloadAllowedFor(context: ReportReading, tests: ReadonlyArray<{ status: string | null }>): boolean {
  return reportDownloadAllowed({
    viewer: context.viewer,
    status: context.participation.status,
    settings: context.participation.report,
    completedTests: tests.filter((t) => t.status === 'complete').length,
  });
}

/** The same answer without computing the report (the report page asks it first). */
export async function reportDownloadAllowedFor(repos: ReportRepos, context: ReportSubjectContext): Promise<boolean> {
  return downloadAllowedFor(context, await repos.reports.listTestResults(context.participation.id, context.subject.id));
}

async function build360(
  repos: ReportRepos,
  campaignId: number,
  evalueeId: number,
  campaign: { questions360: BundleQuestions360 | null; range360_num: number },
  threshold: number,
  lang: string,
  gender: Gender,
): Promise<Results360 | null> {
  const questions = campaign.questions360;
  if (!questions) return null;
  const [raters, answers] = await Promise.all([
    repos.reports.listRaters(campaignId, evalueeId),
    repos.reports.listAnswers360(campaignId, evalueeId),
  ]);
  return computeResults360({
    evalueeId,
    questions,
    raters,
    answers,
    threshold,
    scaleMax: campaign.range360_num,
    lang,
    gender,
  });
}
