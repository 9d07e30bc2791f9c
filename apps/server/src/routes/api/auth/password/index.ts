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
import { type SharedLimit, takeSharedLimits } from '../../../../services/shared-limits';
import { findResetLink } from './password-reset-links';
import { resetPassword } from './reset-password';
import { createResetLinkSender } from './send-password-reset';

export interface PasswordRoutesOptions {
  /** Base of the links in the mails. */
  publicUrl: string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const bodyEmail = (request: FastifyRequest) =>
  String((request.body as { email?: unknown } | undefined)?.email ?? '')
    .trim()
    .toLowerCase();

/** Password reset by e-mail link. Mounted under /api/auth. */
export default async function passwordRoutes(fastify: FastifyInstance, opts: PasswordRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { users } = app.repos;

  // Limits in the database, so that they hold across app instances: per caller, and per caller and
  // address; a reset mail also per address whoever asks (nobody floods someone's mailbox).
  function limit(route: string, perCaller: number, perPair: number, perAddressHourly?: number) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const email = bodyEmail(request);
      const limits: SharedLimit[] = [
        { key: `${route}:caller:${request.ip}`, max: perCaller, windowMs: MINUTE },
        { key: `${route}:pair:${request.ip}|${email}`, max: perPair, windowMs: MINUTE },
      ];
      if (perAddressHourly !== undefined) limits.push({ key: `${route}:address:${email}`, max: perAddressHourly, windowMs: HOUR });
      const wait = await takeSharedLimits(app.repos, limits);
      if (wait === 0) return;
      reply.header('retry-after', wait);
      throw new HttpError(429, 'RATE_LIMITED', `Too many requests, retry in ${wait} seconds`);
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
      preHandler: limit('reset-mail', 20, 5, 10),
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
      preHandler: limit('check-token', 30, 30),
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
      preHandler: limit('new-password', 20, 10),
    },
    async (request) => {
      const { username } = await resetPassword(app, request.body);
      request.audit({ event: 'password-changed', email: username });
      return { status: true as const, username };
    },
  );
}
