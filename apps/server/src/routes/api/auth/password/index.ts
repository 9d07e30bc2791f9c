import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@prova/contract/errors';
import {
  checkTokenRequestSchema,
  checkTokenResponseSchema,
  resetPasswordRequestSchema,
  resetPasswordResponseSchema,
  sendPasswordResetRequestSchema,
  sendPasswordResetResponseSchema,
} from '@prova/contract/password';
import { HttpError } from '../../../../http/http-error';
import { findResetLink } from './password-reset-links';
import { resetPassword } from './reset-password';
import { createResetLinkSender } from './send-password-reset';

export interface PasswordRoutesOptions {
  /** Base of the links in the mails. */
  publicUrl: string;
}

const MINUTE = 60_000;
const bodyEmail = (request: FastifyRequest) =>
  String((request.body as { email?: unknown } | undefined)?.email ?? '')
    .trim()
    .toLowerCase();

/** Password reset by e-mail link. Mounted under /api/auth. */
export default async function passwordRoutes(fastify: FastifyInstance, opts: PasswordRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { users } = app.repos;

  // Per caller and address, on top of the per-caller limit each route sets in its config.
  function limitPerAddress(max: number) {
    const limiter = app.createRateLimit({ max, timeWindow: MINUTE, keyGenerator: (r) => `${r.ip}|${bodyEmail(r)}` });
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const result = await limiter(request);
      if (result.isAllowed || !result.isExceeded) return;
      reply.header('retry-after', result.ttlInSeconds);
      throw new HttpError(429, 'RATE_LIMITED', `Too many requests, retry in ${result.ttlInSeconds} seconds`);
    };
  }

  const sendPasswordReset = createResetLinkSender(app, opts.publicUrl);

  app.post(
    '/sendPasswordReset',
    {
      schema: {
        tags: ['auth'],
        body: sendPasswordResetRequestSchema,
        response: { 200: sendPasswordResetResponseSchema, 429: apiErrorSchema },
      },
      config: { rateLimit: { max: 20, timeWindow: MINUTE } },
      preHandler: limitPerAddress(5),
    },
    async (request) => {
      sendPasswordReset(request.body.email);
      request.audit({ event: 'password-reset-requested', email: request.body.email });
      return { status: true as const };
    },
  );

  app.post(
    '/checkToken',
    {
      schema: { tags: ['auth'], body: checkTokenRequestSchema, response: { 200: checkTokenResponseSchema, 429: apiErrorSchema } },
      config: { rateLimit: { max: 30, timeWindow: MINUTE } },
    },
    async (request) => {
      const link = await findResetLink(users, request.body.email, request.body.token);
      if (link.valid) return { status: true as const, username: link.user.email };
      // The address as it was given: the same for an unknown one and a known one with a wrong token.
      return { status: false as const, code: link.code, username: request.body.email.trim().toLowerCase() };
    },
  );

  app.post(
    '/resetPassword',
    {
      schema: {
        tags: ['auth'],
        body: resetPasswordRequestSchema,
        response: { 200: resetPasswordResponseSchema, 422: apiErrorSchema, 429: apiErrorSchema },
      },
      config: { rateLimit: { max: 20, timeWindow: MINUTE } },
      preHandler: limitPerAddress(10),
    },
    async (request) => {
      const { username } = await resetPassword(app, request.body);
      request.audit({ event: 'password-changed', email: username });
      return { status: true as const, username };
    },
  );
}
