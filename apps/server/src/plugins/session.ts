import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_IDLE_MS } from '@prova/contract/limits';
import { unauthenticated } from '../http/http-error';
import type { SessionRecord } from '../repositories/sessions-repository';
import type { UserWithCompany } from '../repositories/users-repository';

export const SESSION_COOKIE = 'prova_session';

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

/** Server-side sessions in the database behind an HttpOnly, SameSite cookie. */
export const session = fp(
  async (app: FastifyInstance, opts: { secureCookie: boolean }) => {
    await app.register(cookie);
    const cookieOptions = {
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: opts.secureCookie,
      maxAge: Math.floor(SESSION_IDLE_MS / 1000),
    };
    const cache = new WeakMap<FastifyRequest, Promise<Auth | null>>();

    app.decorateRequest('loadAuth', function (this: FastifyRequest) {
      let pending = cache.get(this);
      if (!pending) {
        pending = resolveAuth(app, this);
        cache.set(this, pending);
      }
      return pending;
    });

    app.decorateReply('startSession', async function (this: FastifyReply, userId: number, viaSso = false) {
      const token = await app.repos.sessions.create(userId, viaSso);
      this.setCookie(SESSION_COOKIE, token, cookieOptions);
    });

    app.decorateReply('endSession', async function (this: FastifyReply) {
      const auth = await this.request.loadAuth();
      if (auth) await app.repos.sessions.delete(auth.session.id);
      this.clearCookie(SESSION_COOKIE, { path: '/' });
    });
  },
  { name: 'session', dependencies: ['repositories'] },
);

async function resolveAuth(app: FastifyInstance, request: FastifyRequest): Promise<Auth | null> {
  const token = request.cookies[SESSION_COOKIE];
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
