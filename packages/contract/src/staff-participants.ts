import { z } from './zod';
import { idSchema } from './common';
import { bodyId, trimmedText } from './staff';
import { progressCellSchema } from './staff-campaigns';

// Invitations: POST /api/staff/campaigns/{campaignId}/invitations

/**
 * Without `userIds`: every participant not invited yet. With: those participants (again if invited
 * before). Each gets a mail in their language with the sign-in address and, when they have no
 * password and do not use single sign-on, a link to set one (valid INVITATION_TTL_MS). Mails go
 * out in the background; who was invited when is recorded at once.
 */
export const invitationRequestSchema = z.object({ userIds: z.optional(z.array(bodyId).check(z.minLength(1), z.maxLength(5_000))) });
export type InvitationRequest = z.infer<typeof invitationRequestSchema>;

export const invitationResponseSchema = z.object({
  status: z.literal(true),
  invited: z.array(z.object({ userId: z.int(), invitedAt: z.string(), setPasswordLink: z.boolean() })),
  /** Named people that were not invited: not a participant, or deactivated. */
  skipped: z.array(z.object({ userId: z.int(), reason: z.enum(['not-participant', 'inactive']) })),
});
export type InvitationResponse = z.infer<typeof invitationResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Reset: POST /api/staff/campaigns/{campaignId}/participants/{userId}/tests/{testId}/reset

export const resetParamsSchema = z.object({ campaignId: idSchema, userId: idSchema, testId: idSchema });

/**
 * The attempt (progress and outcomes, ratings included) moves to the history and the test starts
 * over: the person opens it anew (a timed test's clock starts then). 422 for the 360 questionnaire;
 * 409 CONFLICT when there is nothing to reset.
 */
export const resetRequestSchema = z.object({ reason: z.optional(trimmedText(500)) });
export const resetResponseSchema = z.object({
  status: z.literal(true),
  cell: progressCellSchema,
  archived: z.object({ attempts: z.int(), outcomes: z.int() }),
});
export type ResetResponse = z.infer<typeof resetResponseSchema>;

// ---------------------------------------------------------------------------------------------
// PDF report: GET /api/staff/campaigns/{campaignId}/participants/{userId}/report.pdf: the personal
// report of any participant of the company's campaigns, whatever the campaign's download rules;
// 409 REPORT_NOT_AVAILABLE while the person's report has nothing to show yet.

export const participantParamsSchema = z.object({ campaignId: idSchema, userId: idSchema });
