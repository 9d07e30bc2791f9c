import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../http/http-error';
import { sdkFiles } from './sdk-files';

export interface StaticOptions {
  /** The built single-page app (apps/web/dist). */
  webRoot: string;
  /** The activity SDK's browser build, served at /sdk/ (packages/activity-sdk/dist). */
  sdkRoot: string;
  /** Where the platform's own activities live (their own origin: activities-app.ts). */
  activitiesUrl: string;
}

/** Serves the SPA and the SDK script; other GETs get index.html. */
export const staticFiles = fp(async (app: FastifyInstance, opts: StaticOptions) => {
  const hasWeb = existsSync(opts.webRoot);
  if (hasWeb) {
    await app.register(fastifyStatic, { root: opts.webRoot, prefix: '/', wildcard: false, index: false });
  }
  await app.register(sdkFiles, { sdkRoot: opts.sdkRoot });
  // An activity is never served on the app's origin: an old link is sent on to the activities' own.
  app.get('/activities/*', async (request, reply) => reply.redirect(`${opts.activitiesUrl}${request.url}`, 308));
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0];
    // A missing build asset (an old chunk after a deploy) must be a 404, not the app shell.
    const isFileArea = path === '/api' || ['/api/', '/sdk/', '/assets/'].some((p) => path.startsWith(p));
    if (request.method !== 'GET' || isFileArea || !hasWeb) throw notFound('Route');
    // Hashed assets are immutable; the shell must always be fresh.
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html', opts.webRoot);
  });
});
