import { z } from './zod';
import { idSchema, statusOk } from './common';

// The personal report: what the server computes from the campaign's competency model, and the
// rules the page and the PDF share to present it (rating bands, best and worst skills).

/** Scores run from 0 to 5; a bar is 20% wide per point. */
export const REPORT_SCALE_MAX = 5;
export const BAR_PERCENT_PER_POINT = 20;
/** The best two skills above 3 get a star; the worst two below 3 a 'Punto di attenzione'. */
export const HIGHLIGHTED_SKILLS = 2;
export const HIGHLIGHT_PIVOT = 3;
/** A 'Punto di attenzione' suggests development from two markers at most. */
export const SUGGESTED_MARKERS = 2;
/** Separates the parts of a development suggestion. */
export const DEV_SUGGESTION_SEPARATOR = '---';
/** Fewest raters a 360 relation group needs to be shown on its own, unless the campaign sets another. */
export const DEFAULT_CONFIDENTIALITY_THRESHOLD = 3;

export const RATING_BANDS = [1, 2, 3, 4] as const;
export type RatingBand = (typeof RATING_BANDS)[number];

/** 1: below 2 ('Presidio insufficiente', values under 1 included), 2: 2 to below 3, 3: 3 to below 4, 4: 4 and above. */
export function ratingBand(value: number): RatingBand {
  if (value >= 4) return 4;
  if (value >= 3) return 3;
  if (value >= 2) return 2;
  return 1;
}

/** Width of a score bar, in percent of the whole scale. */
export const barPercent = (value: number) => Math.min(100, Math.max(0, value * BAR_PERCENT_PER_POINT));

/** The parts of a development suggestion, trimmed, empty ones left out. */
export const devSuggestionParts = (text: string) =>
  text
    .split(DEV_SUGGESTION_SEPARATOR)
    .map((part) => part.trim())
    .filter(Boolean);

const id = z.int();

export const reportAreaSchema = z.object({
  id,
  name: z.string(),
  value: z.number(),
  /** The qualitative summary of the area's rating band. */
  feedback: z.string(),
  /** False: listed in the details, left out of the radar and the summary. */
  inProfile: z.boolean(),
});
export const reportSkillSchema = z.object({ id, areaId: id, name: z.string(), value: z.number() });
export const reportMarkerSchema = z.object({
  id,
  skillId: id,
  name: z.string(),
  value: z.number(),
  feedback: z.string(),
  /** Parts separated by '---' (devSuggestionParts). */
  devSuggestion: z.string(),
});
export const reportTaskSchema = z.object({ id, markerId: id, name: z.string(), abbreviation: z.string() });
export const reportTestSchema = z.object({ id, taskId: id, name: z.string() });

/** Only what has a value: a marker without any valued task is left out, and so on upwards. */
export const personalReportSchema = z.object({
  areas: z.array(reportAreaSchema),
  skills: z.array(reportSkillSchema),
  markers: z.array(reportMarkerSchema),
  tasks: z.array(reportTaskSchema),
  tests: z.array(reportTestSchema),
});
export type PersonalReport = z.infer<typeof personalReportSchema>;
export type ReportArea = z.infer<typeof reportAreaSchema>;
export type ReportSkill = z.infer<typeof reportSkillSchema>;
export type ReportMarker = z.infer<typeof reportMarkerSchema>;

/** A 360 column: the evaluee, a relation group big enough, the smaller groups pooled, or every other rater. */
export const GROUP_KINDS = ['self', 'relation', 'others', 'all'] as const;
export const results360GroupSchema = z.object({
  key: z.string(),
  kind: z.enum(GROUP_KINDS),
  /** The relation's label for kind 'relation'; empty for the others (the interface names them). */
  label: z.string(),
});
export const results360QuestionSchema = z.object({
  id,
  text: z.string(),
  /** Mean rating by group key; a group hidden for this question (too few raters) is absent. */
  means: z.record(z.string(), z.number()),
  /** How many rated, by group key (same keys as `means`). */
  raters: z.record(z.string(), z.int()),
});
export const results360Schema = z.object({
  /** Points of the closed scale (range360Num). */
  scaleMax: z.int(),
  threshold: z.int(),
  groups: z.array(results360GroupSchema),
  questions: z.array(results360QuestionSchema),
  /** Open answers by question; others' comments only where enough people rated, sorted so order says nothing. */
  comments: z.array(z.object({ id, text: z.string(), self: z.array(z.string()), others: z.array(z.string()) })),
});
export type Results360 = z.infer<typeof results360Schema>;
export type Results360Group = z.infer<typeof results360GroupSchema>;

export const reportPersonSchema = z.object({ id, firstName: z.string(), lastName: z.string() });

/** One normed outcome (docs/measurement.md "Norm groups") in a person's report: a percentile and sten, or for an estimate with an SE a percentile range. */
export const reportNormSchema = z.object({
  normId: z.int(),
  testId: z.int(),
  testName: z.string(),
  outcome: z.string(),
  /** The norm group's name, in the report's language, and its size. */
  name: z.string(),
  n: z.int(),
  percentile: z.int(),
  sten: z.int(),
  /** For an estimate (THETA) with its SE beside it: the percentiles of estimate − SE and estimate + SE. */
  band: z.nullable(z.object({ low: z.int(), high: z.int() })),
});
export type ReportNorm = z.infer<typeof reportNormSchema>;

const personalReportResultSchema = z.object({
  rep: personalReportSchema,
  results360: z.nullable(results360Schema),
  /** The person's normed outcomes (a campaign with norms): percentile and sten against each norm group. */
  norms: z.optional(z.array(reportNormSchema)),
  person: reportPersonSchema,
  campaign: z.object({ id, name: z.string() }),
});

/** GET /report/{campaignId}/individual/personal/{userId}: `result.rep`, and the 360 results of a 360 campaign. */
export const personalReportResponseSchema = z.extend(statusOk, { result: personalReportResultSchema });
export type PersonalReportResponse = z.infer<typeof personalReportResponseSchema>;

/** GET /report/{campaignId}/config. `downloadAllowed` applies the download rules for the caller. */
export const reportConfigResponseSchema = z.extend(statusOk, {
  report: z.object({ individualConf: z.object({ individual: z.object({ canAssessedDownload: z.boolean() }) }) }),
  downloadAllowed: z.boolean(),
});
export type ReportConfigResponse = z.infer<typeof reportConfigResponseSchema>;

export const reportDocumentSchema = z.object({ id, name: z.string(), kind: z.string(), visibleToAssessorsOnly: z.boolean() });
export type ReportDocument = z.infer<typeof reportDocumentSchema>;

/** GET /reports?campaignId=: the documents the caller may download (none while downloads are closed). */
export const reportListResponseSchema = z.extend(statusOk, { reports: z.array(reportDocumentSchema) });
export type ReportListResponse = z.infer<typeof reportListResponseSchema>;

export const reportListQuerySchema = z.object({ campaignId: idSchema });

/**
 * GET /report/{campaignId}/page: what the signed-in person's report page shows, in one answer computed once: a
 * campaign document to download, else the individual report, else none (not allowed yet, or nothing to show).
 */
export const reportPageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('document'), document: reportDocumentSchema }),
  z.object({ kind: z.literal('individual'), report: personalReportResultSchema }),
  z.object({ kind: z.literal('none') }),
]);
export type ReportPageContent = z.infer<typeof reportPageSchema>;
export const reportPageResponseSchema = z.extend(statusOk, { page: reportPageSchema });

/**
 * The best skills (above the pivot, highest first) and the worst (below it, lowest first), two each,
 * among the skills of the areas in the profile: an area left out of the profile is never highlighted.
 */
export function highlightedSkills(report: Pick<PersonalReport, 'areas' | 'skills'>): { best: ReportSkill[]; worst: ReportSkill[] } {
  const inProfile = new Set(report.areas.filter((area) => area.inProfile).map((area) => area.id));
  const ordered = report.skills.filter((skill) => inProfile.has(skill.areaId)).map((skill, index) => ({ skill, index }));
  const best = ordered
    .filter(({ skill }) => skill.value > HIGHLIGHT_PIVOT)
    .sort((a, b) => b.skill.value - a.skill.value || a.index - b.index)
    .slice(0, HIGHLIGHTED_SKILLS)
    .map(({ skill }) => skill);
  const worst = ordered
    .filter(({ skill }) => skill.value < HIGHLIGHT_PIVOT)
    .sort((a, b) => a.skill.value - b.skill.value || a.index - b.index)
    .slice(0, HIGHLIGHTED_SKILLS)
    .map(({ skill }) => skill);
  return { best, worst };
}

/** The markers whose suggestions a 'Punto di attenzione' gives: the lowest ones of the skill that have any. */
export function suggestedMarkers(skillId: number, markers: readonly ReportMarker[]): ReportMarker[] {
  return markers
    .filter((marker) => marker.skillId === skillId && devSuggestionParts(marker.devSuggestion).length > 0)
    .sort((a, b) => a.value - b.value)
    .slice(0, SUGGESTED_MARKERS);
}

/** Whether a report has anything to show: a valued area, a normed outcome, or a 360 question with a group shown. */
export const reportHasContent = (report: {
  rep: Pick<PersonalReport, 'areas'>;
  results360: Results360 | null;
  norms?: readonly unknown[];
}) =>
  report.rep.areas.length > 0 ||
  (report.norms?.length ?? 0) > 0 ||
  (report.results360?.questions.some((q) => Object.keys(q.means).length > 0) ?? false);

/** Values are kept whole and rounded to two decimals only when shown. */
export const formatScore = (value: number, locale: string) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);

export const reportParamsSchema = z.object({ campaignId: idSchema, userId: idSchema });
export const reportCampaignParamsSchema = z.object({ campaignId: idSchema });
export const reportRunParamsSchema = z.object({ reportId: idSchema, campaignId: idSchema, userId: z.optional(idSchema) });
