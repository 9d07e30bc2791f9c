import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_IDLE_MS, SIGNED_IN_COOKIE } from '@prova/contract/limits';
import { inGroups } from '../services/in-groups';
import { unauthenticated } from '../http/http-error';
import { sessionIdOf } from '../repositories/session-rows';
import type { SessionRecord } from '../repositories/sessions-repository';
import type { UserWithCompany } from '../repositories/users-repository';

export const SESSION_COOKIE = 'prova_session';
/** Over HTTPS the cookie is a __Host- one: only this host, path /, Secure, so no subdomain can set or read it. */
export const sessionCookieName = (secure: boolean) => (secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE);
const signedInCookieName = (secure: boolean) => (secure ? `__Host-${SIGNED_IN_COOKIE}` : SIGNED_IN_COOKIE);

export interface Auth {
  session: SessionRecord;
  user: UserWithCompany;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Loaded lazily: only routes that need the caller pay for the lookup. */
    loadAuth(): Promise<Auth | null>;
    /** loadAuth's answer, once asked. */
    authLookup: Promise<Auth | null> | null;
  }
  interface FastifyReply {
    /**
     * Signs the browser in as `userId`: a new session, or with `token` the one a sign-in opened with its read
     * (session-rows.ts, openingSession). The browser's previous session ends.
     */
    startSession(userId: number, options?: { viaSso?: boolean; token?: string }): Promise<void>;
    endSession(): Promise<void>;
    /**
     * Tells the browser whether a session is open (SIGNED_IN_COOKIE), when its cookie says otherwise. `undefined`: not
     * known yet, so whether the request carries a session cookie at all.
     */
    tellSignedIn(open: boolean | undefined): void;
  }
}

const HOUSEKEEPING_INTERVAL_MS = 10 * 60 * 1000;
const MAX_REMEMBERED_IDS = 50_000;

/** Server-side sessions in the database behind an HttpOnly, SameSite cookie. */
export const session = fp(
  async (app: FastifyInstance, opts: { secureCookie: boolean }) => {
    await app.register(cookie);
    const name = sessionCookieName(opts.secureCookie);
    const signedInName = signedInCookieName(opts.secureCookie);
    const cookieOptions = {
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: opts.secureCookie,
      maxAge: Math.floor(SESSION_IDLE_MS / 1000),
    };
    // Read by the app's scripts, unlike the session's.
    const signedInOptions = { ...cookieOptions, httpOnly: false };
    const clearOptions = { path: '/', secure: opts.secureCookie };
    // Expired sessions, idempotency keys and limit counts are dropped now and then, off the sign-in's own
    // path: a morning of sign-ins would otherwise scan them each time.
    let nextHousekeeping = 0;
    const housekeeping = () => {
      if (Date.now() < nextHousekeeping) return;
      nextHousekeeping = Date.now() + HOUSEKEEPING_INTERVAL_MS;
      const { sessions, requestKeys, signInThrottle } = app.repos;
      void Promise.all([sessions.purgeExpired(), requestKeys.purgeExpired(), signInThrottle.purgeStale()]).catch((err: unknown) =>
        app.log.warn({ err }, 'could not drop expired sessions, idempotency keys and limit counts'),
      );
    };

    const resolveAuth = authResolver(app, name);
    // Once per request, kept on the request itself (a field every request has: one shape, no lookup).
    app.decorateRequest('authLookup', null);
    app.decorateRequest('loadAuth', function (this: FastifyRequest) {
      return (this.authLookup ??= resolveAuth(this));
    });

    app.decorateReply(
      'startSession',
      async function (this: FastifyReply, userId: number, options: { viaSso?: boolean; token?: string } = {}) {
        // A new sign-in ends the session this browser had: a session id is never carried across.
        const previous = await this.request.loadAuth();
        if (previous) await app.repos.sessions.delete(previous.session.id);
        const token = options.token ?? (await app.repos.sessions.create(userId, options.viaSso));
        housekeeping();
        this.setCookie(name, token, cookieOptions);
        this.setCookie(signedInName, '1', signedInOptions);
      },
    );

    app.decorateReply('endSession', async function (this: FastifyReply) {
      const auth = await this.request.loadAuth();
      if (auth) await app.repos.sessions.delete(auth.session.id);
      this.clearCookie(name, clearOptions);
      this.clearCookie(signedInName, clearOptions);
    });

    app.decorateReply('tellSignedIn', function (this: FastifyReply, open: boolean | undefined) {
      const cookies = this.request.cookies;
      const told = cookies[signedInName] !== undefined;
      const isOpen = open ?? cookies[name] !== undefined;
      if (isOpen && !told) this.setCookie(signedInName, '1', signedInOptions);
      else if (!isOpen && told) this.clearCookie(signedInName, clearOptions);
    });
  },
  { name: 'session', dependencies: ['repositories'] },
);

/** The caller's session and person: from the access cache, else read, with concurrent requests' reads grouped. */
function authResolver(app: FastifyInstance, cookieName: string) {
  const auths = inGroups((ids: string[]) => app.repos.sessions.findManyWithUser(ids));
  // A session's id is its token's hash: worked out once per token, not on every request.
  const ids = new Map<string, string>();
  const idOf = (token: string) => {
    let id = ids.get(token);
    if (id === undefined) {
      if (ids.size >= MAX_REMEMBERED_IDS) ids.clear();
      id = sessionIdOf(token);
      ids.set(token, id);
    }
    return id;
  };
  return async (request: FastifyRequest): Promise<Auth | null> => {
    const token = request.cookies[cookieName];
    if (!token) return null;
    const id = idOf(token);
    return (await app.accessCache.auth(id, () => auths.run(id))) ?? null;
  };
}

/** The caller, or 401. */
export async function requireAuth(request: FastifyRequest): Promise<Auth> {
  const auth = await request.loadAuth();
  if (!auth) throw unauthenticated();
  return auth;
}
