import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@prova/contract/errors';
import {
  createdWebhookResponseSchema,
  createWebhookRequestSchema,
  deliveryListResponseSchema,
  deliveryParamsSchema,
  deliveryResponseSchema,
  updateWebhookRequestSchema,
  webhookListResponseSchema,
  webhookParamsSchema,
  webhookResponseSchema,
} from '@prova/contract/integrations';
import { statusOk } from '@prova/contract/common';
import { notFound } from '../../../../http/http-error';
import { requireStaff } from '../../../../policies/staff-access';
import { presentDelivery, presentWebhook } from '../../../../presenters/present-integrations';
import { createWebhook, deliveryLog, findWebhook, resendDelivery, updateWebhook } from '../../../../services/integrations/webhooks';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema };

/** The company's webhooks and their delivery log (docs/webhooks.md). */
export default async function webhooksRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = app.repos.staff.webhooks;
  const changed = (request: FastifyRequest, userId: number, id: number, detail: string) =>
    request.audit({ event: 'webhook-changed', userId, target: `webhooks/${id}`, detail });

  app.get('/', { schema: { tags: ['staff'], response: { 200: webhookListResponseSchema, ...errors } } }, async (request) => {
    const context = await requireStaff(request);
    return { status: true as const, webhooks: (await repo.list(context.companyId)).map(presentWebhook) };
  });

  app.post(
    '/',
    {
      schema: { tags: ['staff'], body: createWebhookRequestSchema, response: { 201: createdWebhookResponseSchema, ...errors } },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const context = await requireStaff(request);
      const created = await createWebhook(
        repo,
        app.webhooks.targets,
        { companyId: context.companyId, userId: context.user.id },
        request.body,
      );
      changed(request, context.user.id, created.webhook.id, `created: ${created.webhook.url} (${created.webhook.events.join(' ')})`);
      void reply.status(201);
      return { status: true as const, ...created };
    },
  );

  app.put(
    '/:webhookId',
    {
      schema: {
        tags: ['staff'],
        params: webhookParamsSchema,
        body: updateWebhookRequestSchema,
        response: { 200: webhookResponseSchema, ...errors },
      },
    },
    async (request) => {
      const context = await requireStaff(request);
      const webhook = await updateWebhook(repo, app.webhooks.targets, context.companyId, request.params.webhookId, request.body);
      changed(
        request,
        context.user.id,
        webhook.id,
        `updated: ${webhook.url} (${webhook.events.join(' ')}), ${webhook.enabled ? 'on' : 'off'}`,
      );
      return { status: true as const, webhook };
    },
  );

  app.delete(
    '/:webhookId',
    { schema: { tags: ['staff'], params: webhookParamsSchema, response: { 200: statusOk, ...errors } } },
    async (request) => {
      const context = await requireStaff(request);
      if (!(await repo.remove(context.companyId, request.params.webhookId))) throw notFound('Webhook');
      changed(request, context.user.id, request.params.webhookId, 'deleted');
      return { status: true as const };
    },
  );

  app.post(
    '/:webhookId/test',
    {
      schema: { tags: ['staff'], params: webhookParamsSchema, response: { 202: deliveryResponseSchema, ...errors } },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const context = await requireStaff(request);
      const hook = await findWebhook(repo, context.companyId, request.params.webhookId);
      const id = (await app.webhooks.ping(context.companyId, hook.id))!;
      void reply.status(202);
      return { status: true as const, delivery: presentDelivery((await repo.findDelivery(hook.id, id))!) };
    },
  );

  app.get(
    '/:webhookId/deliveries',
    { schema: { tags: ['staff'], params: webhookParamsSchema, response: { 200: deliveryListResponseSchema, ...errors } } },
    async (request) => {
      const context = await requireStaff(request);
      return { status: true as const, deliveries: await deliveryLog(repo, context.companyId, request.params.webhookId) };
    },
  );

  app.post(
    '/:webhookId/deliveries/:deliveryId/resend',
    {
      schema: { tags: ['staff'], params: deliveryParamsSchema, response: { 202: deliveryResponseSchema, ...errors } },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const context = await requireStaff(request);
      const delivery = await resendDelivery(repo, context.companyId, request.params.webhookId, request.params.deliveryId);
      app.webhooks.kick();
      void reply.status(202);
      return { status: true as const, delivery };
    },
  );
}
