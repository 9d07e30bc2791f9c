import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@prova/contract/errors';
import {
  campaignNormsParamsSchema,
  campaignNormsRequestSchema,
  createNormRequestSchema,
  normListResponseSchema,
  normPreviewResponseSchema,
  normResponseSchema,
} from '@prova/contract/norms';
import { requireStaff, requireStaffCampaign } from '../../../../policies/staff-access';
import { computeNorm, createNorm, listNorms, setCampaignNorms } from '../../../../services/staff/norms';
import { staffLang } from '../staff-lang';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema };

/** The company's norm groups: list, preview and build one from its campaigns' results, choose a campaign's. */
export default async function normsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repos = app.repos;

  app.get('/norms', { schema: { tags: ['staff'], response: { 200: normListResponseSchema, ...errors } } }, async (request) => {
    const context = await requireStaff(request);
    return { status: true as const, norms: await listNorms(repos, context.companyId, staffLang(context)) };
  });

  app.post(
    '/norms/preview',
    { schema: { tags: ['staff'], body: createNormRequestSchema, response: { 200: normPreviewResponseSchema, ...errors } } },
    async (request) => {
      const context = await requireStaff(request);
      return { status: true as const, norm: await computeNorm(repos, context.companyId, request.body) };
    },
  );

  app.post(
    '/norms',
    { schema: { tags: ['staff'], body: createNormRequestSchema, response: { 200: normResponseSchema, ...errors } } },
    async (request) => {
      const context = await requireStaff(request);
      const norm = await createNorm(repos, context.companyId, request.body, staffLang(context));
      request.audit({ event: 'staff-created', userId: context.user.id, target: `norms/${norm.id}` });
      return { status: true as const, norm };
    },
  );

  app.put(
    '/campaigns/:campaignId/norms',
    {
      schema: {
        tags: ['staff'],
        params: campaignNormsParamsSchema,
        body: campaignNormsRequestSchema,
        response: { 200: normListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const context = await requireStaffCampaign(request, request.params.campaignId);
      await setCampaignNorms(repos, context.companyId, context.campaign.id, request.body.norms);
      request.audit({ event: 'staff-updated', userId: context.user.id, target: `campaigns/${context.campaign.id}/norms` });
      return { status: true as const, norms: await listNorms(repos, context.companyId, staffLang(context)) };
    },
  );
}
