import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { requireAuth } from './session';

/**
 * The /api routes anyone may call, signed in or not: signing in and out, password reset, single
 * sign-on, the API description. Every other /api route needs a session (default deny), checked once
 * here whatever its handler does; the access matrix test keeps this list and the routes in step.
 */
export const PUBLIC_API_ROUTES = [
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/auth/sendPasswordReset',
  'POST /api/auth/checkToken',
  'POST /api/auth/resetPassword',
  'GET /api/v2/auth/sso/:slug',
  'GET /api/v2/auth/sso/:slug/callback',
  'GET /api/health',
] as const;

const isDocs = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');

export const defaultDeny = fp(
  async (app: FastifyInstance) => {
    const open = new Set<string>(PUBLIC_API_ROUTES);
    app.addHook('onRequest', async (request) => {
      const url = request.routeOptions.url;
      if (!url || !url.startsWith('/api/') || isDocs(url)) return;
      const method = request.method === 'HEAD' ? 'GET' : request.method;
      if (open.has(`${method} ${url.replace(/\/+$/, '')}`)) return;
      await requireAuth(request);
    });
  },
  { name: 'default-deny', dependencies: ['session'] },
);
