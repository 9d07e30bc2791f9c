import { z } from './zod';
import { langSchema } from './common';
import { passwordMustBeSetResponseSchema, userSchema } from './auth';
import { campaignLayoutSchema } from './layouts';

export const CAMPAIGN_THEMES = ['dashboard', 'agenda', 'challenge', 'assessor'] as const;
export const themeSchema = z.enum(CAMPAIGN_THEMES);
export type CampaignTheme = z.infer<typeof themeSchema>;
export const CAMPAIGN_STATUSES = ['ACTIVE', 'COMPLETED', 'REPORT'] as const;

export const CAMPAIGN_PHASES = ['upcoming', 'open', 'ended'] as const;
export type CampaignPhase = (typeof CAMPAIGN_PHASES)[number];

/**
 * Where a campaign stands, one rule for every screen (the picker, the room, the console): ended once staff have
 * closed it (COMPLETED, REPORT) or its end has passed, whatever its dates say; upcoming before its start.
 */
export function campaignPhaseOf(campaign: { status: string; dateStart: string; dateEnd: string }, now: number = Date.now()): CampaignPhase {
  if (campaign.status !== 'ACTIVE' || now > Date.parse(campaign.dateEnd)) return 'ended';
  return now < Date.parse(campaign.dateStart) ? 'upcoming' : 'open';
}

export const languageSchema = z.object({ lang: langSchema, name: z.string() });

/** A campaign as the user sees it, texts already resolved to the user's language. */
export const campaignSummarySchema = z.object({
  id: z.int(),
  name: z.string(),
  theme: themeSchema,
  languages: z.array(languageSchema),
  dateStart: z.string(),
  dateEnd: z.string(),
  /** `campaignPhaseOf` on the server's clock: no screen works it out from the dates alone. */
  phase: z.enum(CAMPAIGN_PHASES),
  user: z.object({ lang: z.nullable(langSchema), accessDate: z.nullable(z.string()) }),
});
export type CampaignSummary = z.infer<typeof campaignSummarySchema>;

export const campaignSchema = z.extend(campaignSummarySchema, {
  lang: langSchema,
  description: z.string(),
  onCompleteText: z.string(),
  noReportText: z.string(),
  createdOn: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  /** It takes answers now (ACTIVE, between its dates): once over, results are final and the pages only read. */
  acceptsAnswers: z.boolean(),
  reportStatus: z.string(),
  range360Num: z.int(),
  privacy: z.boolean(),
  is360: z.boolean(),
  self_evaluation: z.boolean(),
  logo: z.nullable(z.string()),
  data: z.unknown(),
  storage: z.unknown(),
  /** The agenda's or challenge's data, checked and in the campaign language; null for other layouts. */
  layout: campaignLayoutSchema,
});
export type Campaign = z.infer<typeof campaignSchema>;

/** A campaign in the picker: what the person needs to choose where to go. */
export const campaignListItemSchema = z.extend(campaignSummarySchema, {
  status: z.enum(CAMPAIGN_STATUSES),
  is360: z.boolean(),
  /** The person's own tests (not the assessors', not the 360 questionnaire); null when there are none. */
  progress: z.nullable(z.object({ completed: z.int().check(z.minimum(0)), total: z.int().check(z.minimum(1)) })),
  /** Their personal report can be read now. */
  reportAvailable: z.boolean(),
});
export type CampaignListItem = z.infer<typeof campaignListItemSchema>;

export const campaignListResponseSchema = z.object({
  status: z.literal(true),
  campaigns: z.array(campaignListItemSchema),
});

export const selectedCampaignResponseSchema = z.object({ status: z.literal(true), campaign: campaignSchema });

export const selectCampaignRequestSchema = z.object({ lang: z.optional(langSchema) });
export type SelectCampaignRequest = z.infer<typeof selectCampaignRequestSchema>;

export const selectCampaignResponseSchema = z.object({
  status: z.literal(true),
  privacy: z.boolean(),
  privacyAgreement: z.string(),
  campaign: campaignSchema,
});
export type SelectCampaignResponse = z.infer<typeof selectCampaignResponseSchema>;

export const loginResponseSchema = z.object({
  status: z.literal(true),
  user: userSchema,
  campaigns: z.array(campaignSummarySchema),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/**
 * Every 200 answer of POST /auth/login: signed in (user and campaigns; staff may have no campaign), or
 * a password must be set first (no session is started then).
 */
export const loginAnswerSchema = z.union([loginResponseSchema, passwordMustBeSetResponseSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;
export const mustSetPassword = (answer: LoginAnswer): answer is z.infer<typeof passwordMustBeSetResponseSchema> =>
  'passwordMustBeSet' in answer;
