import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createOidcSignIn } from '../../../../services/sso/oidc-sign-in';
import { SsoError, ssoErrorPath } from '../../../../services/sso/sso-error';
import { createStateSealer, SSO_STATE_COOKIE, SSO_STATE_TTL_MS } from '../../../../services/sso/sso-state-cookie';
import { findSsoCompany, signInWithSso } from './sign-in-with-sso';

export interface SsoRoutesOptions {
  /** The redirect URI is PUBLIC_URL/api/v2/auth/sso/:slug/callback. */
  publicUrl: string;
  secureCookie: boolean;
  /** Seals the pending sign-in cookie; without one a random key lives as long as the process. */
  stateSecret?: string;
}

const PREFIX = '/api/v2/auth/sso';
const paramsSchema = z.object({ slug: z.string().min(1).max(100) });

/** Company single sign-on by OpenID Connect. Mounted under /api/v2/auth/sso. */
export default async function ssoRoutes(fastify: FastifyInstance, opts: SsoRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const oidc = createOidcSignIn();
  const sealer = createStateSealer(opts.stateSecret ?? randomBytes(32).toString('hex'));
  const redirectUri = (slug: string) => `${opts.publicUrl}${PREFIX}/${encodeURIComponent(slug)}/callback`;
  const cookieOptions = (slug: string) => ({
    path: `${PREFIX}/${encodeURIComponent(slug)}`,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: opts.secureCookie,
  });

  /** Every failure ends on the SPA's error page, never on a JSON error the browser would show raw. */
  function fail(request: FastifyRequest, reply: FastifyReply, error: unknown) {
    const code = error instanceof SsoError ? error.code : 'SSO_FAILED';
    request.log.warn({ err: error, code }, 'SSO sign-in failed');
    request.audit({ event: 'sso-failed', detail: code });
    return reply.redirect(ssoErrorPath(code));
  }

  app.get(
    '/:slug',
    { schema: { tags: ['auth'], params: paramsSchema }, config: { rateLimit: { max: 30, timeWindow: 60_000 } } },
    async (request, reply) => {
      const { slug } = request.params;
      try {
        const company = await findSsoCompany(app, slug);
        const start = await oidc.start(company.settings, redirectUri(slug));
        const sealed = sealer.seal({
          slug,
          state: start.state,
          nonce: start.nonce,
          codeVerifier: start.codeVerifier,
          expiresAt: Date.now() + SSO_STATE_TTL_MS,
        });
        reply.setCookie(SSO_STATE_COOKIE, sealed, { ...cookieOptions(slug), maxAge: SSO_STATE_TTL_MS / 1000 });
        return reply.redirect(start.url.href);
      } catch (error) {
        return fail(request, reply, error);
      }
    },
  );

  app.get(
    '/:slug/callback',
    { schema: { tags: ['auth'], params: paramsSchema }, config: { rateLimit: { max: 30, timeWindow: 60_000 } } },
    async (request, reply) => {
      const { slug } = request.params;
      // Used or not, the pending sign-in is over.
      reply.clearCookie(SSO_STATE_COOKIE, cookieOptions(slug));
      try {
        const company = await findSsoCompany(app, slug);
        const pending = sealer.open(request.cookies[SSO_STATE_COOKIE]);
        if (!pending || pending.slug !== slug)
          throw new SsoError('SSO_FAILED', 'No pending sign-in (missing, forged or expired state cookie)');
        const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
        const user = await signInWithSso(app, oidc, company, new URL(redirectUri(slug) + query), pending);
        // A session someone else left in this browser ends before the new one starts.
        const previous = await request.loadAuth();
        if (previous) await app.repos.sessions.delete(previous.session.id);
        await reply.startSession(user.id, { viaSso: true });
        request.audit({ event: 'sso-sign-in', userId: user.id });
        return reply.redirect('/');
      } catch (error) {
        return fail(request, reply, error);
      }
    },
  );
}
