import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ActivityOrigins } from '../domain/activity-origins';
import { HttpError } from '../http/http-error';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the app's pages frame (the operator's settings), which test urls importers and staff must keep to. */
    activityOrigins: ActivityOrigins;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The JSON API; its description (/api/docs) is a page. */
const isApi = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/** The headers a helmet policy sets, collected from a response that only records them. */
function headersOf(policy: ReturnType<typeof helmet>): Record<string, string> {
  const values: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      values[name] = String(value);
    },
    removeHeader: (name: string) => {
      delete values[name];
    },
  };
  policy({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return values;
}

/** Security headers, and refusal of state-changing requests sent from another origin. */
export const security = fp(
  async (app: FastifyInstance, opts: { publicUrl: string; activityOrigins: ActivityOrigins }) => {
    const publicOrigin = new URL(opts.publicUrl).origin;
    app.decorate('activityOrigins', opts.activityOrigins);
    const policy = helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // The platform's activities origin too: a test's picture is under its activity (`images/`), which on
          // plain http (a local or test run) `https:` would not cover.
          imgSrc: ["'self'", 'data:', 'https:', new URL(opts.activityOrigins.activitiesUrl).origin],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          // Only activities are framed: the platform's own on their origin, and the operator's
          // ACTIVITY_ORIGINS (a fixed, capped list: imports cannot grow this header); never a page of the app.
          frameSrc: [...opts.activityOrigins.framed],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      // The app is never framed, by itself or anyone else.
      frameguard: { action: 'deny' },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: publicOrigin.startsWith('https:'),
    });
    // Helmet works out the headers once, not on every request (that cost a tenth of a save); each
    // response gets the same set in one call.
    const pageHeaders = headersOf(policy);
    // What the API answers is JSON, never a document: the headers that matter for it (OWASP's REST
    // guidance), without the page's policy and its frameable origins (nothing to read per request).
    const apiHeaders: Record<string, string> = {
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      ...(publicOrigin.startsWith('https:') ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    };

    const crossOrigin = (request: FastifyRequest): HttpError | undefined => {
      if (!UNSAFE_METHODS.has(request.method)) return undefined;
      const origin = request.headers.origin;
      if (origin) {
        // The host's own origin is worked out only when the public one does not match (it reads the proxy's headers).
        if (origin !== publicOrigin && origin !== `${request.protocol}://${request.headers.host}`) {
          return new HttpError(403, 'CROSS_ORIGIN', 'Cross-origin request refused');
        }
      } else if (request.headers['sec-fetch-site'] === 'cross-site') {
        return new HttpError(403, 'CROSS_ORIGIN', 'Cross-origin request refused');
      }
      return undefined;
    };

    // A callback hook: every request passes without a promise or a wait.
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(isApi(request.url) ? apiHeaders : pageHeaders);
      done(crossOrigin(request));
    });
  },
  { name: 'security' },
);
