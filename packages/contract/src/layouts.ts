import { z } from './zod';

// The campaign's layout data (the bundle's `data`), checked and put in the campaign language by the
// server, for the agenda and challenge homes.

export const layoutLinkSchema = z.object({ label: z.string(), url: z.string(), description: z.string() });
export type LayoutLink = z.infer<typeof layoutLinkSchema>;

export const challengeSectionSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  motivation: z.string(),
  tests: z.array(z.int()),
  links: z.array(layoutLinkSchema),
});
export type ChallengeSection = z.infer<typeof challengeSectionSchema>;

export const challengeLayoutSchema = z.object({
  kind: z.literal('challenge'),
  title: z.string(),
  /** In the campaign's order (four sections). */
  sections: z.array(challengeSectionSchema),
  intro: z.string(),
  outro: z.string(),
  links: z.object({ corporate: z.array(layoutLinkSchema), news: z.array(layoutLinkSchema), cards: z.array(layoutLinkSchema) }),
});
export type ChallengeLayout = z.infer<typeof challengeLayoutSchema>;

export const agendaLayoutSchema = z.object({
  kind: z.literal('agenda'),
  /** YYYY-MM: the month the agenda shows. */
  month: z.string().check(z.regex(/^\d{4}-\d{2}$/)),
  tutorialVideo: z.string(),
});
export type AgendaLayout = z.infer<typeof agendaLayoutSchema>;

export const campaignLayoutSchema = z.nullable(z.discriminatedUnion('kind', [challengeLayoutSchema, agendaLayoutSchema]));
export type CampaignLayout = z.infer<typeof campaignLayoutSchema>;

/** The month the agenda shows when a campaign does not say (the spec's fixed November 2021). */
export const DEFAULT_AGENDA_MONTH = '2021-11';
/** Sections of a challenge. */
export const CHALLENGE_SECTIONS = 4;
