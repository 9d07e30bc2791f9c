import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@prova/contract/errors';
import {
  createdTokenResponseSchema,
  createTokenRequestSchema,
  tokenListResponseSchema,
  tokenParamsSchema,
  tokenResponseSchema,
} from '@prova/contract/integrations';
import { requireStaff } from '../../../../policies/staff-access';
import { presentToken } from '../../../../presenters/present-integrations';
import { createToken, revokeToken } from '../../../../services/integrations/api-tokens';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema };

/** The company's API tokens (docs/staff-api.md, "API tokens"): made by staff signed in, never by a token. */
export default async function tokensRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tokens = app.repos.staff.apiTokens;

  app.get('/', { schema: { tags: ['staff'], response: { 200: tokenListResponseSchema, ...errors } } }, async (request) => {
    const context = await requireStaff(request);
    return { status: true as const, tokens: (await tokens.list(context.companyId)).map(presentToken) };
  });

  app.post(
    '/',
    {
      schema: { tags: ['staff'], body: createTokenRequestSchema, response: { 201: createdTokenResponseSchema, ...errors } },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const context = await requireStaff(request);
      const created = await createToken(tokens, { companyId: context.companyId, userId: context.user.id }, request.body);
      request.audit({
        event: 'api-token-created',
        userId: context.user.id,
        target: `tokens/${created.token.id}`,
        detail: `scopes ${created.token.scopes.join(' ')}, expires ${created.token.expiresAt}`,
      });
      void reply.status(201);
      return { status: true as const, ...created };
    },
  );

  app.delete(
    '/:tokenId',
    { schema: { tags: ['staff'], params: tokenParamsSchema, response: { 200: tokenResponseSchema, ...errors } } },
    async (request) => {
      const context = await requireStaff(request);
      const token = await revokeToken(tokens, context.companyId, request.params.tokenId);
      request.audit({ event: 'api-token-revoked', userId: context.user.id, target: `tokens/${token.id}` });
      return { status: true as const, token };
    },
  );
}
