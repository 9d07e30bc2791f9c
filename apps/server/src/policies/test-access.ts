import type { FastifyRequest } from 'fastify';
import { acceptsAnswers, acceptsRatings } from '../domain/campaign-window';
import { belongsToCampaign } from '../domain/candidate-tests';
import { isAssessor } from '../domain/roles';
import { campaignClosed, forbidden, notFound, OtherCompanyError, ratingsLocked } from '../http/http-error';
import { type Auth, requireAuth } from '../plugins/session';
import type { Participation } from '../repositories/campaigns-repository';
import type { CampaignTestRow } from '../repositories/tests-repository';
import type { TestDeliveryRepos } from '../repositories/create-repositories';
import { hasConsent } from '../domain/consent';
import { requireCompanyConsent } from './consent';

export interface ParticipationContext extends Auth {
  participation: Participation;
}

export interface CampaignTestContext extends ParticipationContext {
  test: CampaignTestRow;
}

/**
 * What a call does with the campaign: `read` (open while the campaign is readable: a finished one with reports stays
 * so), or `write` (progress, starts, outcomes, 360 answers, storage), which the campaign takes only while it accepts
 * answers (domain/campaign-window.ts) and refuses with 409 CAMPAIGN_CLOSED after, changing nothing; or `rate` (an
 * assessor's ratings and notes, and the writes of an assessor test), taken as long as `acceptsRatings`: while the
 * campaign takes answers, and after only while staff have reopened its assessments.
 */
export type CampaignUse = 'read' | 'write' | 'rate';

/**
 * The caller takes part in this open campaign of their own company and has given consent for it.
 * The campaign need not be the one selected in the session: a queue may still be sending for it.
 */
export async function requireParticipation(
  request: FastifyRequest,
  campaignId: number,
  use: CampaignUse = 'read',
): Promise<ParticipationContext> {
  const auth = await requireAuth(request);
  return participationFor(request, auth, campaignId, use);
}

/** As above, and the test belongs to the campaign. One async step for the three (every save passes here). */
export async function requireCampaignTest(
  request: FastifyRequest,
  repos: TestDeliveryRepos,
  campaignId: number,
  testId: number,
  use: CampaignUse = 'read',
): Promise<CampaignTestContext> {
  const auth = await requireAuth(request);
  // A write to an assessor test is its assessors' ratings: the looser rule first, the test's own once it is known.
  const { session, user, participation } = await participationFor(request, auth, campaignId, use === 'write' ? 'rate' : use);
  const test = await request.server.accessCache.campaignTest(campaignId, testId, () => repos.tests.findInCampaign(campaignId, testId));
  if (!test || !belongsToCampaign(test, participation)) throw notFound('Test');
  if (use === 'write' && test.assessor_test !== 1 && !acceptsAnswers(participation)) throw campaignClosed();
  return { session, user, participation, test };
}

/** The caller's open participation in the campaign, from the access cache (a value when it holds a copy). */
function openParticipation(request: FastifyRequest, auth: Auth, campaignId: number) {
  const { accessCache, repos } = request.server;
  return accessCache.participation(auth.user.id, campaignId, () => repos.campaigns.findOpenForUser(auth.user.id, campaignId));
}

async function participationFor(request: FastifyRequest, auth: Auth, campaignId: number, use: CampaignUse) {
  const participation = await openParticipation(request, auth, campaignId);
  if (use === 'read') return consented(request, participationContext(auth, participation));
  // A campaign past its end and not finished with reports is no longer read as open: still, a write to it is told
  // the campaign is over (so the queue drops it), not that it does not exist.
  if (!participation && (await request.server.repos.campaigns.takesPartInEnded(auth.user.id, campaignId))) throw campaignClosed();
  const context = await consented(request, participationContext(auth, participation));
  if (use === 'rate' ? !acceptsRatings(context.participation) : !acceptsAnswers(context.participation))
    throw use === 'rate' ? ratingsLocked() : campaignClosed();
  return context;
}

function participationContext(auth: Auth, participation: Participation | undefined): ParticipationContext {
  if (!participation) throw notFound('Campaign');
  if (participation.company_id !== auth.user.company_id)
    throw new OtherCompanyError('Campaign', `campaigns/${participation.id}`, participation.company_id);
  return { session: auth.session, user: auth.user, participation };
}

/** The privacy consent, given in this campaign (no further step) or to the same text in another of the company. */
function consented(request: FastifyRequest, context: ParticipationContext): ParticipationContext | Promise<ParticipationContext> {
  if (hasConsent(context.participation, context.user)) return context;
  return requireCompanyConsent(request, context.participation, context.user).then((participation) => ({
    session: context.session,
    user: context.user,
    participation,
  }));
}

export const callerIsAssessor = (context: Auth) => isAssessor(context.user.role);

/** Assessor calls are for assessors only. */
export function requireAssessor(context: Auth): void {
  if (!callerIsAssessor(context)) throw forbidden('Assessors only');
}

const OWN_ONLY = { assessed: false };

/**
 * Whose data the path names: the caller's own, or (when `assessed` is allowed) a person this
 * assessor is assigned to in this campaign and test. Their own answers at once, without a promise.
 */
export function requireSubject(
  context: CampaignTestContext,
  repos: TestDeliveryRepos,
  userId: number,
  opts: { assessed: boolean } = OWN_ONLY,
): Promise<void> | undefined {
  if (userId === context.user.id) return undefined;
  return requireAssigned(context, repos, userId, opts.assessed);
}

async function requireAssigned(context: CampaignTestContext, repos: TestDeliveryRepos, userId: number, assessed: boolean) {
  if (assessed && callerIsAssessor(context)) {
    if (await repos.tests.isAssigned(context.participation.id, context.user.id, userId, context.test.id)) return;
  }
  throw forbidden('Not allowed for this user');
}

/**
 * An assessor test is filled in by the assessors assigned in it; the candidates it is about never
 * open it, save into it or post outcomes for it. Any other test answers at once, without a promise.
 */
export function requireTestRole(context: CampaignTestContext, repos: TestDeliveryRepos): Promise<void> | undefined {
  if (context.test.assessor_test !== 1) return undefined;
  return requireAssessorInTest(context, repos);
}

async function requireAssessorInTest(context: CampaignTestContext, repos: TestDeliveryRepos) {
  if (callerIsAssessor(context) && (await repos.tests.assessesInTest(context.participation.id, context.user.id, context.test.id))) return;
  throw forbidden('This test is filled in by assessors');
}
