import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { Env } from './config/env';
import { sdkFiles } from './plugins/sdk-files';

export interface ActivitiesAppOptions {
  env: Pick<Env, 'PUBLIC_URL' | 'LOG_LEVEL'>;
  /** The platform's own activities (activities/ at the repository's root). */
  activitiesRoot: string;
  /** The players of content packages (apps/players/dist), at /players/<name>/. */
  playersRoot?: string;
  /** The SDK's browser build (packages/activity-sdk/dist), which the activities load from their own origin. */
  sdkRoot: string;
  logger?: FastifyServerOptions['logger'];
}

/**
 * The platform's own activities on their own origin (ACTIVITIES_URL): a script injected into an
 * activity runs there, where the app's cookies, storage and pages are out of its reach. Only the app
 * may frame them, and they may talk to their own origin only: the host does their network work.
 */
export async function buildActivitiesApp(opts: ActivitiesAppOptions) {
  const app = Fastify({ logger: opts.logger ?? { level: opts.env.LOG_LEVEL }, routerOptions: { ignoreTrailingSlash: true } });
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "form-action 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `frame-ancestors ${new URL(opts.env.PUBLIC_URL).origin}`,
  ].join('; ');
  app.addHook('onSend', async (_request, reply) => {
    reply.headers({ 'content-security-policy': csp, 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' });
  });
  if (existsSync(opts.activitiesRoot)) {
    await app.register(fastifyStatic, { root: opts.activitiesRoot, prefix: '/activities/', index: ['index.html'], redirect: true });
  }
  if (opts.playersRoot && existsSync(opts.playersRoot)) {
    // A second static root: decorateReply once is enough.
    await app.register(fastifyStatic, {
      root: opts.playersRoot,
      prefix: '/players/',
      index: ['index.html'],
      redirect: true,
      decorateReply: false,
    });
  }
  await app.register(sdkFiles, { sdkRoot: opts.sdkRoot });
  app.setNotFoundHandler(async (_request, reply) => reply.code(404).type('text/plain; charset=utf-8').send('Not found'));
  return app;
}
