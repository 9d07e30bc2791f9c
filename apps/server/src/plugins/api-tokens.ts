import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_TOKEN_RATE_PER_MINUTE, type TokenScope } from '@prova/contract/integrations';
import { forbidden, HttpError, unauthenticated } from '../http/http-error';
import { authenticateToken, type TokenCaller } from '../services/integrations/api-tokens';
import { takeSharedLimits } from '../services/shared-limits';

/**
 * What each scope opens: the only routes an API token reaches (any of the scopes listed), each also held by its own
 * staff policy as a session would be (the token's company only). Token and webhook management are not here: a token
 * never makes tokens. docs/staff-api.md lists these; the access matrix proves each.
 */
export const TOKEN_ROUTE_SCOPES: Record<string, readonly TokenScope[]> = {
  'GET /api/staff/campaigns': ['read-results'],
  'GET /api/staff/campaigns/:campaignId': ['read-results'],
  'GET /api/staff/campaigns/:campaignId/progress': ['read-results'],
  'GET /api/staff/campaigns/:campaignId/participants/:userId/report.pdf': ['read-results'],
  'GET /api/staff/campaigns/:campaignId/participants/:userId/tests/:testId/responses': ['read-results'],
  'POST /api/staff/campaigns/:campaignId/exports': ['read-results'],
  'GET /api/people': ['manage-people'],
  'GET /api/people/:id': ['manage-people'],
  'POST /api/people': ['manage-people'],
  'PUT /api/people/:id': ['manage-people'],
  'DELETE /api/people/:id': ['manage-people'],
  'DELETE /api/people/selection': ['manage-people'],
  'POST /api/staff/campaigns/:campaignId/invitations': ['manage-people'],
  'POST /api/staff/imports': ['import-bundles'],
  'POST /api/staff/imports/:jobId/confirm': ['import-bundles'],
  // A job is an export (read-results) or an import (import-bundles): the routes show a token only the kinds its scopes open.
  'GET /api/staff/jobs': ['read-results', 'import-bundles'],
  'GET /api/staff/jobs/:jobId': ['read-results', 'import-bundles'],
  'GET /api/staff/jobs/:jobId/file': ['read-results', 'import-bundles'],
};

/** The scope a staff job's kind needs of a token. */
export const JOB_KIND_SCOPE: Record<string, TokenScope> = { export: 'read-results', import: 'import-bundles' };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the caller is an API token (the Bearer path), after the token gate let it through. */
    apiToken: TokenCaller | null;
  }
}

/** last_used_at is written at most this often per token and process: a busy integration is not a write a request. */
const TOUCH_EVERY_MS = 60_000;

/** The token of an `Authorization: Bearer` header, if the request has one. */
export function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : '';
}

/**
 * The Bearer path: a request with an `Authorization: Bearer` header is its token's caller, not its cookie's. The gate
 * (run by default-deny before every signed-in route) refuses an unknown, revoked or expired token (401), a route its
 * scopes do not open (403) and a token past its rate (429, counted in the database: across instances); then the
 * request's caller is the token's maker (a staff member of its company), which every staff policy reads as it reads
 * a session's.
 */
export const apiTokens = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('apiToken', null);
    // The OpenAPI page says which routes a token opens, and with which scopes (the same schema object the docs read).
    app.addHook('onRoute', (route) => {
      const scopes = [route.method]
        .flat()
        .map((m) => TOKEN_ROUTE_SCOPES[`${m} ${route.url.replace(/\/+$/, '')}`])
        .find(Boolean);
      if (!scopes || !route.schema) return;
      Object.assign(route.schema, {
        security: [{ session: [] }, { apiToken: [] }],
        description: `${(route.schema as { description?: string }).description ?? ''}API token scopes: ${scopes.join(', ')}.`,
      });
    });
    const touched = new Map<number, number>();

    app.decorate('tokenGate', async (request: FastifyRequest, reply: FastifyReply, secret: string) => {
      const now = new Date();
      const token = secret ? await authenticateToken(app.repos.staff.apiTokens, secret, now) : null;
      if (!token) throw unauthenticated();
      const scopes =
        TOKEN_ROUTE_SCOPES[
          `${request.method === 'HEAD' ? 'GET' : request.method} ${(request.routeOptions.url ?? '').replace(/\/+$/, '')}`
        ] ?? [];
      if (!scopes.some((s) => token.scopes.includes(s))) throw forbidden('This API token’s scopes do not open this call');
      const wait = await takeSharedLimits(
        app.repos,
        [{ key: `api-token:${token.tokenId}`, max: API_TOKEN_RATE_PER_MINUTE, windowMs: 60_000 }],
        now,
      );
      if (wait > 0) {
        void reply.header('retry-after', String(wait));
        throw new HttpError(429, 'RATE_LIMITED', 'Too many requests with this API token: wait and try again');
      }
      if ((touched.get(token.tokenId) ?? 0) + TOUCH_EVERY_MS <= now.getTime()) {
        if (touched.size > 10_000) touched.clear();
        touched.set(token.tokenId, now.getTime());
        void app.repos.staff.apiTokens
          .touch(token.tokenId, now.toISOString())
          .catch((err: unknown) => app.log.warn({ err }, 'token use not written'));
      }
      request.apiToken = token;
      // The caller every policy reads (loadAuth answers it): the token's maker, under a session of the token's own.
      request.authLookup = Promise.resolve({
        session: {
          id: `api-token:${token.tokenId}`,
          userId: token.user.id,
          campaignId: null,
          viaSso: false,
          // A token works on its own company only: never an operator's other current one.
          currentCompanyId: null,
          endsAt: Date.parse(token.expiresAt),
        },
        user: token.user,
      });
    });
  },
  { name: 'api-tokens', dependencies: ['repositories', 'session'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    tokenGate(request: FastifyRequest, reply: FastifyReply, secret: string): Promise<void>;
  }
}
