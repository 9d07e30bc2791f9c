import { type Campaign, type CampaignListItem, type CampaignSummary, campaignPhaseOf } from '@prova/contract/campaigns';
import type { LocalizedText } from '@prova/contract/bundle';
import type { PrivacyAgreement } from '@prova/contract/privacy';
import { DEFAULT_LANG, DEFAULT_RANGE_360, type LangCode } from '@prova/contract/limits';
import type { Participation } from '../repositories/campaigns-repository';
import type { UserWithCompany } from '../repositories/users-repository';
import { acceptsAnswers } from '../domain/campaign-window';
import { consentAt, hasConsent } from '../domain/consent';
import { campaignLanguages, contentLang } from '../domain/content-language';
import { DEFAULT_PRIVACY_AGREEMENT_HTML } from '../domain/default-privacy-agreement';
import { reportDownloadAllowed } from '../domain/report-download';
import { isAssessor } from '../domain/roles';
import { genderOf } from '@prova/contract/gendered-text';
import { localize, localizeWithLang } from './localize';
import { presentLayout } from './present-layout';

export function presentCampaignSummary(p: Participation, user: UserWithCompany, languageNames: Map<string, string>): CampaignSummary {
  const lang = contentLang(p, user);
  return {
    id: p.id,
    name: localize(p.name, lang, genderOf(user.gender)),
    theme: isAssessor(user.role) ? 'assessor' : (p.theme as CampaignSummary['theme']),
    languages: campaignLanguages(p).map((code) => ({ lang: code, name: languageNames.get(code) ?? code })),
    dateStart: p.date_start,
    dateEnd: p.date_end,
    phase: campaignPhaseOf({ status: p.status, dateStart: p.date_start, dateEnd: p.date_end }),
    user: { lang: (p.participant_lang as LangCode | null) ?? null, accessDate: p.last_access },
  };
}

/** A campaign in the picker: its summary, status, the person's progress and whether their report can be read. */
export function presentCampaignListItem(
  p: Participation,
  user: UserWithCompany,
  languageNames: Map<string, string>,
  progress: { completed: number; total: number } | undefined,
): CampaignListItem {
  const summary = presentCampaignSummary(p, user, languageNames);
  const assessor = summary.theme === 'assessor';
  const status = p.status as CampaignListItem['status'];
  return Object.assign(summary, {
    status,
    is360: p.is360 === 1,
    progress: !assessor && progress && progress.total > 0 ? progress : null,
    reportAvailable:
      !assessor && reportDownloadAllowed({ viewer: 'self', status, settings: p.report, completedTests: progress?.completed ?? 0 }),
  });
}

export function presentCampaign(p: Participation, user: UserWithCompany, languageNames: Map<string, string>): Campaign {
  const lang = contentLang(p, user);
  // The campaign's texts speak to the person: their gendered words follow them.
  const gender = genderOf(user.gender);
  return Object.assign(presentCampaignSummary(p, user, languageNames), {
    lang,
    description: localize(p.description, lang, gender),
    onCompleteText: localize(p.on_complete_text, lang, gender),
    noReportText: localize(p.no_report_text, lang, gender),
    createdOn: p.created_on,
    status: p.status as Campaign['status'],
    acceptsAnswers: acceptsAnswers(p),
    reportStatus: p.status === 'REPORT' ? 'COMPLETE' : 'INCOMPLETE',
    range360Num: p.range360_num ?? DEFAULT_RANGE_360,
    privacy: hasConsent(p, user),
    is360: p.is360 === 1,
    self_evaluation: p.self_evaluation === 1,
    logo: p.logo,
    data: p.data,
    storage: p.storage ?? p.data,
    layout: presentLayout(p.theme, p.data, lang, gender),
  });
}

export function privacyText(p: Participation, user: UserWithCompany): string {
  return presentPrivacyAgreement(p, user).privacy;
}

/** The privacy page of a campaign: its text in the person's language if the company wrote it in theirs, and their consent. */
export function presentPrivacyAgreement(p: Participation, user: UserWithCompany): Omit<PrivacyAgreement, 'status'> {
  return {
    ...privacyIn(p.privacy_text, contentLang(p, user), user),
    acceptedAt: consentAt(p),
    consentDeclaredByCompany: user.privacy === 1,
  };
}

/**
 * With no campaign selected: the text the person accepted last (`privacy_texts.text`), in the language of the campaign
 * they accepted it in (else their own); nothing when they never accepted one.
 */
export function presentLastConsent(
  last: { text: LocalizedText; accepted_at: string; lang: string | null } | undefined,
  user: UserWithCompany,
): Omit<PrivacyAgreement, 'status'> {
  const consentDeclaredByCompany = user.privacy === 1;
  if (!last) return { privacy: '', lang: (user.lang as LangCode | null) ?? DEFAULT_LANG, acceptedAt: null, consentDeclaredByCompany };
  const lang = (last.lang ?? user.lang ?? DEFAULT_LANG) as LangCode;
  return { ...privacyIn(last.text, lang, user), acceptedAt: last.accepted_at, consentDeclaredByCompany };
}

/** Its `[[male|female|neutral]]` words follow the reader's gender, as every text shown to them. */
function privacyIn(text: LocalizedText, lang: LangCode, reader: UserWithCompany): { privacy: string; lang: LangCode } {
  const found = localizeWithLang(text, lang, genderOf(reader.gender));
  return found.text ? { privacy: found.text, lang: found.lang } : { privacy: DEFAULT_PRIVACY_AGREEMENT_HTML, lang: DEFAULT_LANG };
}
