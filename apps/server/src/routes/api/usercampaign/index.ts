import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  campaignListResponseSchema,
  selectCampaignRequestSchema,
  selectCampaignResponseSchema,
  selectedCampaignResponseSchema,
} from '@prova/contract/campaigns';
import { assessmentsResponseSchema } from '@prova/contract/assessments';
import { idParamsSchema } from '@prova/contract/common';
import { apiErrorSchema } from '@prova/contract/errors';
import { campaignParamsSchema } from '@prova/contract/tests';
import { HttpError, invalidBody } from '../../../http/http-error';
import { requireSelectedCampaign } from '../../../policies/campaign-access';
import { acceptsAnswers, acceptsRatings } from '../../../domain/campaign-window';
import { campaignLanguages } from '../../../domain/content-language';
import { presentCampaign, presentCampaignListItem, privacyText } from '../../../presenters/present-campaign';
import { requireAuth } from '../../../plugins/session';
import { requireAssessor, requireParticipation } from '../../../policies/test-access';
import { listAssessorTests } from '../../../services/rating/assessor-assignments';
import { withCompanyConsent } from '../../../services/company-consent';

export default async function userCampaignRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { campaigns } = app.repos;

  app.get('/list', { schema: { tags: ['campaigns'], response: { 200: campaignListResponseSchema } } }, async (request) => {
    const { user } = await requireAuth(request);
    const [open, names] = await Promise.all([campaigns.listOpenForUser(user.id), campaigns.languageNames()]);
    const progress = await campaigns.progressFor(
      user.id,
      open.map((c) => c.id),
    );
    return { status: true as const, campaigns: open.map((c) => presentCampaignListItem(c, user, names, progress.get(c.id))) };
  });

  app.get(
    '/',
    { schema: { tags: ['campaigns'], response: { 200: selectedCampaignResponseSchema, 422: apiErrorSchema } } },
    async (request) => {
      const { participation: selected, user } = await requireSelectedCampaign(request);
      // Its `privacy` counts a consent given to the same text in another campaign of the company (read, not written).
      const participation = await withCompanyConsent(campaigns, selected, user, { keep: false });
      return { status: true as const, campaign: presentCampaign(participation, user, await campaigns.languageNames()) };
    },
  );

  app.post(
    '/:id',
    {
      schema: {
        tags: ['campaigns'],
        params: idParamsSchema,
        body: selectCampaignRequestSchema,
        response: { 200: selectCampaignResponseSchema, 404: apiErrorSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const auth = await requireAuth(request);
      const { id } = request.params;
      const found = await campaigns.findOpenForUser(auth.user.id, id);
      if (!found) throw new HttpError(404, 'NOT_FOUND', 'Campaign not found');

      // The content language is chosen once and cannot change afterwards (campaign picker).
      const langs = campaignLanguages(found);
      let lang = found.participant_lang;
      const asked = request.body?.lang;
      if (!lang) {
        if (asked && !langs.includes(asked)) {
          throw invalidBody([{ path: 'body.lang', message: 'not a language of this campaign' }]);
        }
        lang = asked ?? (langs.length === 1 ? langs[0] : null);
        if (!lang) {
          throw invalidBody([{ path: 'body.lang', message: 'a language is required' }]);
        }
      }
      // One transaction, one commit and one wait for the other instances to drop their copies, not one of each a write
      // (at a campaign's start every candidate enters at once).
      const lastAccess = await fastify.withTransaction(async (repos) => {
        const at = await repos.campaigns.enter(id, auth.user.id, lang);
        await repos.sessions.selectCampaign(auth.session.id, id);
        return at;
      });
      // The campaign as these writes left it: they change nothing else of it, so it is not read again. A consent given
      // to the same text in another campaign of the company counts here too.
      const participation = await withCompanyConsent(campaigns, { ...found, participant_lang: lang, last_access: lastAccess }, auth.user, {
        keep: true,
      });
      const campaign = presentCampaign(participation, auth.user, await campaigns.languageNames());
      return {
        status: true as const,
        privacy: campaign.privacy,
        privacyAgreement: privacyText(participation, auth.user),
        campaign,
      };
    },
  );

  // The assessor's home: whom they rate in this campaign, by test, and how far they are with each.
  app.get(
    '/:campaignId/assessments',
    {
      schema: {
        tags: ['campaigns'],
        params: campaignParamsSchema,
        response: { 200: assessmentsResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema },
      },
    },
    async (request) => {
      const context = await requireParticipation(request, request.params.campaignId);
      requireAssessor(context);
      const campaign = context.participation;
      const ratingsLocked = !acceptsRatings(campaign);
      const reopenedUntil = !ratingsLocked && !acceptsAnswers(campaign) ? campaign.assessments_open_until : null;
      return { status: true as const, tests: await listAssessorTests(fastify.repos, context), ratingsLocked, reopenedUntil };
    },
  );
}
