import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { unauthenticated } from '../http/http-error';
import { bearerOf } from './api-tokens';

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

/** What every other /api route checks before its own hooks and handler (a callback hook: no promise of its own). */
const signedIn = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
  // An API token (plugins/api-tokens.ts) is the caller instead of any cookie, on the routes its scopes open.
  const bearer = bearerOf(request);
  if (bearer !== undefined) {
    request.server.tokenGate(request, reply, bearer).then(() => done(), done);
    return;
  }
  request.loadAuth().then((auth) => {
    if (auth) return done();
    // A session that ran out or ended elsewhere: the app stops asking who is signed in, until the next sign-in.
    reply.tellSignedIn(false);
    done(unauthenticated());
  }, done);
};

export const defaultDeny = fp(
  async (app: FastifyInstance) => {
    const open = new Set<string>(PUBLIC_API_ROUTES);
    // Decided once for each route as it is registered (HEAD routes too, as GET), not on every request.
    app.addHook('onRoute', (route) => {
      const url = route.url.replace(/\/+$/, '');
      if (!url.startsWith('/api/') || isDocs(url)) return;
      const methods = [route.method].flat().map((method) => (method === 'HEAD' ? 'GET' : method));
      const openMethods = methods.filter((method) => open.has(`${method} ${url}`));
      if (openMethods.length === methods.length) return;
      if (openMethods.length > 0) throw new Error(`${url}: a route is public for all its methods or for none`);
      route.onRequest = [signedIn, ...[route.onRequest ?? []].flat()];
    });
  },
  { name: 'default-deny', dependencies: ['session', 'api-tokens'] },
);
