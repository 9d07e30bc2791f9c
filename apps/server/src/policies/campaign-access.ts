import type { FastifyRequest } from 'fastify';
import { NO_SELECTED_CAMPAIGN_MESSAGE } from '@prova/contract/errors';
import { HttpError } from '../http/http-error';
import type { Participation } from '../repositories/campaigns-repository';
import { type Auth, requireAuth } from '../plugins/session';
import { requireCompanyConsent } from './consent';

export interface CampaignContext extends Auth {
  participation: Participation;
}

/** The caller and the campaign selected in their session, which must still be open to them. */
export async function requireSelectedCampaign(request: FastifyRequest): Promise<CampaignContext> {
  const auth = await requireAuth(request);
  const participation = await selectedParticipation(request, auth);
  if (!participation) throw new HttpError(422, 'NO_SELECTED_CAMPAIGN', NO_SELECTED_CAMPAIGN_MESSAGE);
  return { session: auth.session, user: auth.user, participation };
}

/** The campaign selected in the caller's session, if one is and it is still open to them. */
export async function selectedParticipation(request: FastifyRequest, auth: Auth): Promise<Participation | undefined> {
  const campaignId = auth.session.campaignId;
  if (campaignId == null) return undefined;
  const { accessCache, repos } = request.server;
  return accessCache.participation(auth.user.id, campaignId, () => repos.campaigns.findOpenForUser(auth.user.id, campaignId));
}

/** As above, and the privacy consent for that campaign has been given (there, or to the same text in the company). */
export async function requireConsentedCampaign(request: FastifyRequest): Promise<CampaignContext> {
  const context = await requireSelectedCampaign(request);
  const participation = await requireCompanyConsent(request, context.participation, context.user);
  return { session: context.session, user: context.user, participation };
}
