import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../http/http-error';

export interface StaticOptions {
  /** The built SPA (apps/web/dist). */
  webRoot: string;
}

/** Serves the built single-page app; any non-API GET that is not a file gets index.html. */
export const staticFiles = fp(async (app: FastifyInstance, opts: StaticOptions) => {
  const hasWeb = existsSync(opts.webRoot);
  if (hasWeb) {
    await app.register(fastifyStatic, { root: opts.webRoot, prefix: '/', wildcard: false, index: false });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0];
    if (request.method !== 'GET' || path.startsWith('/api/') || path === '/api' || !hasWeb) throw notFound('Route');
    // Hashed assets are immutable; the shell must always be fresh.
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html', opts.webRoot);
  });
});
