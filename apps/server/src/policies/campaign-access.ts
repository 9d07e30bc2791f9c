import type { FastifyRequest } from 'fastify';
import { NO_SELECTED_CAMPAIGN_MESSAGE } from '@prova/contract/errors';
import { HttpError } from '../http/http-error';
import type { Participation } from '../repositories/campaigns-repository';
import { type Auth, requireAuth } from '../plugins/session';
import { requireConsent } from './consent';

export interface CampaignContext extends Auth {
  participation: Participation;
}

/** The caller and the campaign selected in their session, which must still be open to them. */
export async function requireSelectedCampaign(request: FastifyRequest): Promise<CampaignContext> {
  const auth = await requireAuth(request);
  const campaignId = auth.session.campaignId;
  if (campaignId == null) throw new HttpError(422, 'NO_SELECTED_CAMPAIGN', NO_SELECTED_CAMPAIGN_MESSAGE);
  const { accessCache, repos } = request.server;
  const participation = await accessCache.participation(auth.user.id, campaignId, () =>
    repos.campaigns.findOpenForUser(auth.user.id, campaignId),
  );
  if (!participation) throw new HttpError(422, 'NO_SELECTED_CAMPAIGN', NO_SELECTED_CAMPAIGN_MESSAGE);
  return { session: auth.session, user: auth.user, participation };
}

/** As above, and the privacy consent for that campaign has been given. */
export async function requireConsentedCampaign(request: FastifyRequest): Promise<CampaignContext> {
  const context = await requireSelectedCampaign(request);
  requireConsent(context.participation, context.user);
  return context;
}
