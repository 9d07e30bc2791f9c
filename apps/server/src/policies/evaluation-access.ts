import type { FastifyRequest } from 'fastify';
import { forbidden, notFound } from '../http/http-error';
import { contentLang } from '../domain/content-language';
import type { RelationRow } from '../repositories/feedback360-repository';
import { type CampaignUse, type ParticipationContext, requireParticipation } from './test-access';

export interface Feedback360Context extends ParticipationContext {
  lang: string;
}

/** A 360 campaign the caller takes part in (their company's, consent given). */
export async function requireFeedbackCampaign(
  request: FastifyRequest,
  campaignId: number,
  use: CampaignUse = 'read',
): Promise<Feedback360Context> {
  const context = await requireParticipation(request, campaignId, use);
  if (context.participation.is360 !== 1) throw notFound('Campaign');
  const { session, user, participation } = context;
  return { session, user, participation, lang: contentLang(participation, user) };
}

/** As above, and the caller evaluates `evalueeId` there: the relations, not the path, say whose answers these are. */
export async function requireEvaluator(
  request: FastifyRequest,
  campaignId: number,
  evalueeId: number,
  use: CampaignUse = 'read',
): Promise<Feedback360Context & { relation: RelationRow }> {
  const context = await requireFeedbackCampaign(request, campaignId, use);
  const relation = await request.server.repos.feedback360.findRelation({ campaignId, evaluatorId: context.user.id, evalueeId });
  if (!relation) throw forbidden('Not someone you evaluate in this campaign');
  const { session, user, participation, lang } = context;
  return { session, user, participation, lang, relation };
}
