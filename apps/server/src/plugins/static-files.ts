import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
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

/** A year, and never revalidated: a hashed file's name changes with its content. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The sign-in page already rendered (apps/web/scripts/prerender-login.mjs): sent for GET /login instead of the shell. */
const PRERENDERED: Record<string, string> = { '/login': 'login.html' };

/**
 * Serves the SPA and the SDK script; other GETs get index.html (/login gets login.html, the same shell with the
 * sign-in form already in it, when the build wrote it). The build writes each text file also as .br and
 * .gz (apps/web/vite.config.ts): the one the browser accepts is sent (`preCompressed`), else the file itself.
 * Files hashed by the build (/assets/) are cached for good; the shell (index.html) is revalidated every time.
 */
export const staticFiles = fp(async (app: FastifyInstance, opts: StaticOptions) => {
  const hasWeb = existsSync(opts.webRoot);
  const prerendered = new Map(Object.entries(PRERENDERED).filter(([, file]) => existsSync(join(opts.webRoot, file))));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.webRoot,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      // The variants are found next to the file they encode; they are not routes of their own.
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders(reply, path) {
        const [top, name] = relative(opts.webRoot, path).split(sep);
        if (top === 'assets' && name) reply.header('cache-control', IMMUTABLE);
        else if (/^(index|login)\.html(\.br|\.gz)?$/.test(top)) reply.header('cache-control', 'no-cache');
      },
    });
  }
  await app.register(sdkFiles, { sdkRoot: opts.sdkRoot });
  // An activity is never served on the app's origin: an old link is sent on to the activities' own.
  app.get('/activities/*', async (request, reply) => reply.redirect(`${opts.activitiesUrl}${request.url}`, 308));
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0];
    // A missing build asset (an old chunk after a deploy) must be a 404, not the app shell.
    const isFileArea = path === '/api' || ['/api/', '/sdk/', '/assets/'].some((p) => path.startsWith(p));
    if (request.method !== 'GET' || isFileArea || !hasWeb) throw notFound('Route');
    // The shell must always be fresh: setHeaders above marks it (and the prerendered pages) no-cache.
    return reply.sendFile(prerendered.get(path) ?? 'index.html', opts.webRoot);
  });
});
