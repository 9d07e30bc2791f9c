import { existsSync } from 'node:fs';
import { relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The activity SDK's browser build and the activity kit at /sdk/: what activities load, whatever their
 * origin, from the app's origin and from the activities' own. A versioned path (/sdk/1.0.0/...) never
 * changes, so it is cached for a year; the unversioned one follows the latest release and is revalidated.
 * The build writes the scripts also as .br and .gz; the one the browser accepts is sent.
 */
export const sdkFiles = fp(async (app: FastifyInstance, opts: { sdkRoot: string }) => {
  if (!existsSync(opts.sdkRoot)) return;
  await app.register(fastifyStatic, {
    root: opts.sdkRoot,
    prefix: '/sdk/',
    decorateReply: false,
    index: false,
    preCompressed: true,
    setHeaders(reply, path) {
      const versioned = /^\d+\.\d+\.\d+$/.test(relative(opts.sdkRoot, path).split(sep)[0]);
      reply.headers({
        'cross-origin-resource-policy': 'cross-origin',
        'access-control-allow-origin': '*',
        'cache-control': versioned ? 'public, max-age=31536000, immutable' : 'public, max-age=300, must-revalidate',
      });
    },
  });
});
