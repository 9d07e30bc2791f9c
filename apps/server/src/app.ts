import { resolve } from 'node:path';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { BODY_LIMIT_BYTES } from '@prova/contract/limits';
import type { Env } from './config/env';
import type { DatabaseHandle } from './db/database';
import { apiDocs } from './plugins/api-docs';
import { errorHandler } from './plugins/error-handler';
import { repositories } from './plugins/repositories';
import { security } from './plugins/security';
import { session } from './plugins/session';
import { staticFiles } from './plugins/static-files';
import authRoutes from './routes/api/auth/index';
import userCampaignRoutes from './routes/api/usercampaign/index';

export interface AppOptions {
  env: Env;
  database: DatabaseHandle;
  /** The built SPA; defaults to apps/web/dist beside this package. */
  webRoot?: string;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the app: external plugins, then our own, then routes. Listening is server.ts's job. */
export async function buildApp(opts: AppOptions) {
  const app = Fastify({
    logger: opts.logger ?? { level: opts.env.LOG_LEVEL },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: true,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandler);
  await app.register(security, { publicUrl: opts.env.PUBLIC_URL });
  await app.register(rateLimit, { global: false });
  await app.register(apiDocs);
  await app.register(repositories, { database: opts.database });
  await app.register(session, {
    secureCookie: opts.env.COOKIE_SECURE ? opts.env.COOKIE_SECURE === '1' : opts.env.PUBLIC_URL.startsWith('https:'),
  });

  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(userCampaignRoutes, { prefix: '/api/usercampaign' });

  await app.register(staticFiles, { webRoot: opts.webRoot ?? resolve(import.meta.dirname, '../../web/dist') });
  return app;
}
