import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_IDLE_MS } from '@prova/contract/limits';
import { unauthenticated } from '../http/http-error';
import type { SessionRecord } from '../repositories/sessions-repository';
import type { UserWithCompany } from '../repositories/users-repository';

export const SESSION_COOKIE = 'prova_session';
/** Over HTTPS the cookie is a __Host- one: only this host, path /, Secure, so no subdomain can set or read it. */
export const sessionCookieName = (secure: boolean) => (secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE);

export interface Auth {
  session: SessionRecord;
  user: UserWithCompany;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Loaded lazily: only routes that need the caller pay for the lookup. */
    loadAuth(): Promise<Auth | null>;
  }
  interface FastifyReply {
    startSession(userId: number, viaSso?: boolean): Promise<void>;
    endSession(): Promise<void>;
  }
}

const HOUSEKEEPING_INTERVAL_MS = 10 * 60 * 1000;

/** Server-side sessions in the database behind an HttpOnly, SameSite cookie. */
export const session = fp(
  async (app: FastifyInstance, opts: { secureCookie: boolean }) => {
    await app.register(cookie);
    const name = sessionCookieName(opts.secureCookie);
    const cookieOptions = {
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: opts.secureCookie,
      maxAge: Math.floor(SESSION_IDLE_MS / 1000),
    };
    const cache = new WeakMap<FastifyRequest, Promise<Auth | null>>();
    // Idempotency keys and limit counts past their time are dropped now and then, off the sign-in's own
    // path: the limit counts have no index on their window, and a morning of sign-ins would scan them each time.
    let nextHousekeeping = 0;
    const housekeeping = () => {
      if (Date.now() < nextHousekeeping) return;
      nextHousekeeping = Date.now() + HOUSEKEEPING_INTERVAL_MS;
      void Promise.all([app.repos.requestKeys.purgeExpired(), app.repos.signInThrottle.purgeStale()]).catch((err: unknown) =>
        app.log.warn({ err }, 'could not drop expired idempotency keys and limit counts'),
      );
    };

    app.decorateRequest('loadAuth', function (this: FastifyRequest) {
      let pending = cache.get(this);
      if (!pending) {
        pending = resolveAuth(app, this, name);
        cache.set(this, pending);
      }
      return pending;
    });

    app.decorateReply('startSession', async function (this: FastifyReply, userId: number, viaSso = false) {
      // A new sign-in ends the session this browser had: a session id is never carried across.
      const previous = await this.request.loadAuth();
      if (previous) await app.repos.sessions.delete(previous.session.id);
      const token = await app.repos.sessions.create(userId, viaSso);
      housekeeping();
      this.setCookie(name, token, cookieOptions);
    });

    app.decorateReply('endSession', async function (this: FastifyReply) {
      const auth = await this.request.loadAuth();
      if (auth) await app.repos.sessions.delete(auth.session.id);
      this.clearCookie(name, { path: '/', secure: opts.secureCookie });
    });
  },
  { name: 'session', dependencies: ['repositories'] },
);

async function resolveAuth(app: FastifyInstance, request: FastifyRequest, cookieName: string): Promise<Auth | null> {
  const token = request.cookies[cookieName];
  if (!token) return null;
  const found = await app.repos.sessions.find(token);
  if (!found) return null;
  const user = await app.repos.users.findById(found.userId);
  return user ? { session: found, user } : null;
}

/** The caller, or 401. */
export async function requireAuth(request: FastifyRequest): Promise<Auth> {
  const auth = await request.loadAuth();
  if (!auth) throw unauthenticated();
  return auth;
}
