import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@prova/contract/common';
import { apiErrorSchema } from '@prova/contract/errors';
import { staffCampaignParamsSchema } from '@prova/contract/staff-campaigns';
import {
  campaignRetentionResponseSchema,
  campaignRetentionSchema,
  erasureResponseSchema,
  personEraseSchema,
  RETENTION_NOTICE_DAYS,
  retentionResponseSchema,
} from '@prova/contract/staff-erasure';
import { requireStaff, requireStaffCampaign } from '../../../../policies/staff-access';
import { erasePerson } from '../../../../services/staff/people';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };

/** Erasure and retention of personal data (issue 52; docs/privacy-erasure.md). */
export default async function erasureRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repos = app.repos;

  app.post(
    '/people/:id/erase',
    { schema: { tags: ['staff'], params: idParamsSchema, body: personEraseSchema, response: { 200: erasureResponseSchema, ...errors } } },
    async (request) => {
      const context = await requireStaff(request);
      const erasure = await erasePerson(repos, context.companyId, context.user.id, request.params.id, request.body.confirm);
      // The receipt, not the person: the trail must not say who was erased.
      request.audit({ event: 'person-erased', userId: context.user.id, target: `erasures/${erasure.id}`, detail: 'staff' });
      return { status: true as const, erasure };
    },
  );

  app.get('/retention', { schema: { tags: ['staff'], response: { 200: retentionResponseSchema, ...errors } } }, async (request) => {
    const context = await requireStaff(request);
    // Who goes within the notice period (or is overdue, waiting for the day's run); later ones are not news yet.
    const until = Date.now() + RETENTION_NOTICE_DAYS * 24 * 60 * 60 * 1000;
    const due = (await repos.staff.retention.due(context.companyId)).filter((p) => p.eraseOn.getTime() <= until);
    return {
      status: true as const,
      due: due.map((p) => ({
        userId: p.userId,
        firstName: p.firstName,
        lastName: p.lastName,
        email: p.email,
        eraseOn: p.eraseOn.toISOString(),
        notifiedAt: p.notifiedAt,
      })),
    };
  });

  app.put(
    '/campaigns/:campaignId/retention',
    {
      schema: {
        tags: ['staff'],
        params: staffCampaignParamsSchema,
        body: campaignRetentionSchema,
        response: { 200: campaignRetentionResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { campaignId } = request.params;
      const context = await requireStaffCampaign(request, campaignId);
      await repos.staff.retention.setCampaignMonths(campaignId, request.body.retentionMonths);
      request.audit({
        event: 'staff-retention-updated',
        userId: context.user.id,
        target: `campaigns/${campaignId}`,
        detail: request.body.retentionMonths === null ? "the company's" : `${request.body.retentionMonths} months`,
      });
      return { status: true as const, retentionMonths: request.body.retentionMonths };
    },
  );
}
