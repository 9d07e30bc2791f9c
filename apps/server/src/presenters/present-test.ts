import type { LangCode } from '@prova/contract/limits';
import type { TestStatus, TestTiming, UserTest } from '@prova/contract/tests';
import type { StartCheck } from '../policies/test-start';
import type { CampaignTestRow, TestSettings } from '../repositories/tests-repository';
import { activityUrl } from '../domain/activity-origins';
import { type Gender, genderedText } from '@prova/contract/gendered-text';
import { localize, pickLang } from './localize';

type Json = Record<string, unknown>;

const LOCALIZED_JSON_DATA = ['exitMessage', 'autoInstructions', 'hetInstructions'] as const;

/**
 * jsonData for one person: localized texts, and a timed test's duration lengthened by their extra time. A copy: the
 * stored settings are shared by every reader of the test (tests-repository).
 */
export function presentJsonData(stored: TestSettings, lang: LangCode, extraTimePercent: number, gender?: Gender): Json {
  const jsonData: Json = { ...stored };
  for (const key of LOCALIZED_JSON_DATA) {
    if (jsonData[key] != null && typeof jsonData[key] === 'object') jsonData[key] = pickLang(jsonData[key], lang, gender);
  }
  if (jsonData.hasTimer === true && typeof jsonData.duration === 'number' && extraTimePercent > 0) {
    jsonData.duration = Math.ceil((jsonData.duration * (100 + extraTimePercent)) / 100);
  }
  return jsonData;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/**
 * The agenda theme with its preview texts in one language and `{firstName}` filled in: as text in the
 * subject and chat messages, escaped in the e-mail's content, which is HTML (cleaned on import, but a
 * name is anyone's to choose and is put in later).
 */
export function presentTheme(theme: Json | null, lang: LangCode, firstName: string, gender?: Gender): Json | null {
  if (!theme) return null;
  // A function, so '$&' and the like in a name are text, not replacement patterns.
  const fill = (value: unknown, name = firstName) => pickLang(value, lang, gender).replaceAll('{firstName}', () => name);
  const preview = theme.preview as Json | undefined;
  if (!preview || typeof preview !== 'object') return theme;
  return {
    ...theme,
    preview: {
      ...preview,
      ...(preview.subject !== undefined ? { subject: fill(preview.subject) } : {}),
      ...(preview.content !== undefined ? { content: fill(preview.content, escapeHtml(firstName)) } : {}),
      ...(Array.isArray(preview.messages) ? { messages: preview.messages.map((m: Json) => ({ ...m, text: fill(m?.text) })) } : {}),
    },
  };
}

/** One language's 360 explanations with their gendered words resolved for the reader. */
const genderedLabels = (labels: Json, gender: Gender): Json =>
  Object.fromEntries(Object.entries(labels).map(([key, value]) => [key, typeof value === 'string' ? genderedText(value, gender) : value]));

export interface PresentTestInput {
  test: CampaignTestRow;
  lang: LangCode;
  firstName: string;
  /** The person's gender: the test's texts speak to them. */
  gender: Gender;
  extraTimePercent: number;
  status: TestStatus;
  version: number;
  start: StartCheck;
  /** The campaign takes answers now (acceptsAnswers). */
  campaignOpen: boolean;
  timing: TestTiming | null;
  /** Where the platform's own activities are served (ACTIVITIES_URL). */
  activitiesUrl: string;
}

export function presentUserTest({
  test,
  lang,
  firstName,
  gender,
  extraTimePercent,
  status,
  version,
  start,
  campaignOpen,
  timing,
  activitiesUrl,
}: PresentTestInput): UserTest {
  return {
    id: test.id,
    abbreviation: test.abbreviation,
    name: localize(test.name, lang, gender),
    description: localize(test.description, lang, gender),
    instructions: localize(test.instructions, lang, gender),
    url: activityUrl(test.url, activitiesUrl),
    img: test.img,
    label: test.label,
    repeatable: test.repeatable === 1,
    legacy: test.legacy === 1,
    jsonData: presentJsonData(test.json_data, lang, extraTimePercent, gender),
    theme: presentTheme(test.theme, lang, firstName, gender),
    labels360: test.labels360?.map((labels) => genderedLabels(labels, gender)) ?? null,
    prerequisites: start.prerequisites,
    missingPrerequisites: start.missingPrerequisites,
    // A campaign that is over starts nothing (domain/campaign-window.ts).
    canStart: start.canStart && campaignOpen,
    attemptsLeft: start.attemptsLeft,
    status,
    version,
    startDate: test.agenda_date,
    section: test.section,
    timing,
    assessorTest: test.assessor_test === 1,
  };
}
