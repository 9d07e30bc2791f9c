import { existsSync } from 'node:fs';
import { relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../http/http-error';

export interface StaticOptions {
  /** The built single-page app (apps/web/dist). */
  webRoot: string;
  /** Activities served by this platform at /activities/ (activities/). */
  activitiesRoot: string;
  /** The activity SDK's browser build, served at /sdk/ (packages/activity-sdk/dist). */
  sdkRoot: string;
}

/** Serves the SPA, the platform's own activities and the SDK script; other GETs get index.html. */
export const staticFiles = fp(async (app: FastifyInstance, opts: StaticOptions) => {
  const hasWeb = existsSync(opts.webRoot);
  if (hasWeb) {
    await app.register(fastifyStatic, { root: opts.webRoot, prefix: '/', wildcard: false, index: false });
  }
  if (existsSync(opts.activitiesRoot)) {
    await app.register(fastifyStatic, {
      root: opts.activitiesRoot,
      prefix: '/activities/',
      decorateReply: false,
      index: ['index.html'],
      redirect: true,
    });
  }
  if (existsSync(opts.sdkRoot)) {
    // What activities load from the platform, whatever their origin: the SDK and the activity kit.
    // A versioned path (/sdk/1.0.0/...) never changes, so it is cached for a year; the unversioned
    // one follows the latest release and is revalidated.
    await app.register(fastifyStatic, {
      root: opts.sdkRoot,
      prefix: '/sdk/',
      decorateReply: false,
      index: false,
      setHeaders(reply, path) {
        const versioned = /^\d+\.\d+\.\d+$/.test(relative(opts.sdkRoot, path).split(sep)[0]);
        reply.headers({
          'cross-origin-resource-policy': 'cross-origin',
          'access-control-allow-origin': '*',
          'cache-control': versioned ? 'public, max-age=31536000, immutable' : 'public, max-age=300, must-revalidate',
        });
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0];
    // A missing build asset (an old chunk after a deploy) must be a 404, not the app shell.
    const isFileArea = path === '/api' || ['/api/', '/activities/', '/sdk/', '/assets/'].some((p) => path.startsWith(p));
    if (request.method !== 'GET' || isFileArea || !hasWeb) throw notFound('Route');
    // Hashed assets are immutable; the shell must always be fresh.
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html', opts.webRoot);
  });
});
