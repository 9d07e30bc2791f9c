import { existsSync } from 'node:fs';
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
  for (const [prefix, root] of [
    ['/activities/', opts.activitiesRoot],
    ['/sdk/', opts.sdkRoot],
  ] as const) {
    if (existsSync(root)) {
      await app.register(fastifyStatic, { root, prefix, decorateReply: false, index: ['index.html'], redirect: true });
    }
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
