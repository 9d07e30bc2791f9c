import { type LangCode, UI_LANG } from '@prova/contract/limits';
import type { PersonalReportView } from './personal-report';
import { renderReportPdf } from './render-report-pdf';

/** The individual report as a PDF in the person's language, with the file name it is offered under. */
export async function reportPdf(view: PersonalReportView, documentName?: string): Promise<{ body: Buffer; filename: string }> {
  const body = await renderReportPdf({
    lang: UI_LANG[view.lang as LangCode] ?? 'it',
    person: view.person,
    campaign: view.campaign,
    report: view.rep,
    results360: view.results360,
    norms: view.norms,
    generatedAt: new Date(),
    title: documentName,
  });
  const name = [documentName || 'report', view.person.lastName, view.person.firstName].filter(Boolean).join('-');
  return { body, filename: `${name}.pdf` };
}
