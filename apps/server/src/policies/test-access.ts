import type { FastifyRequest } from 'fastify';
import { forbidden, HttpError, notFound } from '../http/http-error';
import { type Auth, requireAuth } from '../plugins/session';
import { hasConsent } from '../presenters/present-campaign';
import { isAssessor } from '../presenters/present-user';
import type { Participation } from '../repositories/campaigns-repository';
import type { CampaignTestRow } from '../repositories/tests-repository';
import type { TestDeliveryRepos } from '../repositories/create-repositories';

export interface ParticipationContext extends Auth {
  participation: Participation;
}

export interface CampaignTestContext extends ParticipationContext {
  test: CampaignTestRow;
}

/**
 * The caller takes part in this open campaign of their own company and has given consent for it.
 * The campaign need not be the one selected in the session: a queue may still be sending for it.
 */
export async function requireParticipation(request: FastifyRequest, campaignId: number): Promise<ParticipationContext> {
  const auth = await requireAuth(request);
  const { accessCache, repos } = request.server;
  const participation = await accessCache.participation(auth.user.id, campaignId, () =>
    repos.campaigns.findOpenForUser(auth.user.id, campaignId),
  );
  if (!participation || participation.company_id !== auth.user.company_id) throw notFound('Campaign');
  if (!hasConsent(participation, auth.user)) throw new HttpError(422, 'NO_PRIVACY_CONSENT', 'Privacy consent required');
  return { session: auth.session, user: auth.user, participation };
}

/** As above, and the test belongs to the campaign. */
export async function requireCampaignTest(
  request: FastifyRequest,
  repos: TestDeliveryRepos,
  campaignId: number,
  testId: number,
): Promise<CampaignTestContext> {
  const context = await requireParticipation(request, campaignId);
  const test = await request.server.accessCache.campaignTest(campaignId, testId, () => repos.tests.findInCampaign(campaignId, testId));
  if (!test || (test.id === 360 && context.participation.is360 !== 1)) throw notFound('Test');
  const { session, user, participation } = context;
  return { session, user, participation, test };
}

export const callerIsAssessor = (context: Auth) => isAssessor(context.user.role);

/** Assessor calls are for assessors only. */
export function requireAssessor(context: Auth): void {
  if (!callerIsAssessor(context)) throw forbidden('Assessors only');
}

/**
 * Whose data the path names: the caller's own, or (when `assessed` is allowed) a person this
 * assessor is assigned to in this campaign and test.
 */
export async function requireSubject(
  context: CampaignTestContext,
  repos: TestDeliveryRepos,
  userId: number,
  opts: { assessed: boolean } = { assessed: false },
): Promise<void> {
  if (userId === context.user.id) return;
  if (opts.assessed && callerIsAssessor(context)) {
    if (await repos.tests.isAssigned(context.participation.id, context.user.id, userId, context.test.id)) return;
  }
  throw forbidden('Not allowed for this user');
}

/**
 * An assessor test is filled in by the assessors assigned in it; the candidates it is about never
 * open it, save into it or post outcomes for it.
 */
export async function requireTestRole(context: CampaignTestContext, repos: TestDeliveryRepos): Promise<void> {
  if (context.test.assessor_test !== 1) return;
  if (callerIsAssessor(context) && (await repos.tests.assessesInTest(context.participation.id, context.user.id, context.test.id))) return;
  throw forbidden('This test is filled in by assessors');
}
