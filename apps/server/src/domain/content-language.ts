import { DEFAULT_LANG, type LangCode } from '@prova/contract/limits';

/** The languages a campaign's contents are written in, as its repository read them (never empty). */
export function campaignLanguages(campaign: { languages: readonly LangCode[] }): LangCode[] {
  return campaign.languages.length ? [...campaign.languages] : [DEFAULT_LANG];
}

/**
 * The language the campaign's contents are shown in for this person: the one they chose in it, the campaign's only
 * one, their own, or the default language (or the campaign's first) in that order.
 */
export function contentLang(
  participation: { languages: readonly LangCode[]; participant_lang: string | null },
  user: { lang: string | null },
): LangCode {
  const langs = campaignLanguages(participation);
  if (participation.participant_lang && langs.includes(participation.participant_lang as LangCode))
    return participation.participant_lang as LangCode;
  if (langs.length === 1) return langs[0];
  if (user.lang && langs.includes(user.lang as LangCode)) return user.lang as LangCode;
  return langs.includes(DEFAULT_LANG) ? DEFAULT_LANG : langs[0];
}
