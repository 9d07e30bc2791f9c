import { resolve } from 'node:path';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { BODY_LIMIT_BYTES } from '@prova/contract/limits';
import { activityOriginsOfEnv, type Env } from './config/env';
import { OneLinePerRequest } from './http/access-log';
import { requestSerializer } from './http/log-redaction';
import { responseSerializerCompiler } from './http/response-serializer';
import { audit } from './plugins/audit';
import { logRetention } from './plugins/log-retention';
import type { DatabaseHandle } from './db/database';
import { apiDocs } from './plugins/api-docs';
import { apiTokens } from './plugins/api-tokens';
import { defaultDeny } from './plugins/default-deny';
import { errorHandler } from './plugins/error-handler';
import { inputGuard } from './plugins/input-guard';
import { sharedRateLimitStore } from './plugins/rate-limit-store';
import { repositories } from './plugins/repositories';
import { scoring } from './plugins/scoring';
import { security } from './plugins/security';
import { session } from './plugins/session';
import { staticFiles } from './plugins/static-files';
import { webhooks } from './plugins/webhooks';
import authRoutes from './routes/api/auth/index';
import userCampaignRoutes from './routes/api/usercampaign/index';
import logsRoutes from './routes/api/logs/index';
import outcomesRoutes from './routes/api/outcomes/index';
import testsRoutes from './routes/api/tests/index';
import usersRoutes from './routes/api/users/index';
import meRoutes from './routes/api/me/index';
import ratingsRoutes from './routes/api/ratings/index';
import reportRoutes from './routes/api/report/index';
import reportDocumentRoutes from './routes/api/report/documents';
import feedback360Routes from './routes/api/feedback360/index';
import healthRoutes from './routes/api/health/index';
import campaignStorageRoutes from './routes/api/v2/campaigns/index';
import userTestsRoutes from './routes/api/usertests/index';
import rpcRoutes from './routes/api/v2/rpc/index';
import passwordRoutes from './routes/api/auth/password/index';
import ssoRoutes from './routes/api/v2/sso/index';
import companiesRoutes from './routes/api/companies/index';
import languagesRoutes from './routes/api/languages/index';
import peopleRoutes from './routes/api/people/index';
import samplesRoutes from './routes/api/samples/index';
import staffRoutes from './routes/api/staff/index';
import { staffJobs } from './services/staff/jobs/job-runner';
import { mail } from './services/mail/mail-plugin';
import { retention } from './services/staff/retention/retention-plugin';

export interface AppOptions {
  env: Env;
  database: DatabaseHandle;
  /** The built SPA; defaults to apps/web/dist. */
  webRoot?: string;
  /** The SDK's browser build; defaults to packages/activity-sdk/dist. */
  sdkRoot?: string;
  logger?: FastifyServerOptions['logger'];
  /** Told of every route as it is registered (the access-matrix test collects them). */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the app: external plugins, then our own, then routes. Listening is server.ts's job. */
export async function buildApp(opts: AppOptions) {
  const logger = opts.logger ?? { level: opts.env.LOG_LEVEL };
  const app = Fastify({
    // Paths can carry secrets (the reset link): the request log shows them redacted.
    logger: typeof logger === 'object' ? { ...logger, serializers: { req: requestSerializer } } : logger,
    logController: new OneLinePerRequest(),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustProxy(opts.env.TRUST_PROXY),
    routerOptions: { ignoreTrailingSlash: true },
  });
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);

  await app.register(errorHandler);
  await app.register(audit);
  await app.register(inputGuard);
  await app.register(repositories, { database: opts.database });
  await app.register(security, { publicUrl: opts.env.PUBLIC_URL, activityOrigins: activityOriginsOfEnv(opts.env) });
  // preHandler, so per-route keys can use the parsed body (the e-mail being tried). Counted in the
  // database, so that the limits hold across app instances.
  await app.register(rateLimit, { global: false, hook: 'preHandler', store: sharedRateLimitStore(app.repos.signInThrottle) });
  await app.register(apiDocs);
  await app.register(webhooks, {
    sweepIntervalMs: opts.env.SWEEP_INTERVAL_MS,
    privateAddresses: opts.env.WEBHOOK_PRIVATE_ADDRESSES === '1',
  });
  await app.register(scoring, { workers: opts.env.SCORING_WORKERS, sweepIntervalMs: opts.env.SWEEP_INTERVAL_MS });
  // The purge is periodic work as the sweep is: with the sweep off (tests), it runs only when called.
  await app.register(logRetention, {
    retentionDays: opts.env.LOG_RETENTION_DAYS,
    intervalMs: opts.env.SWEEP_INTERVAL_MS === 0 ? 0 : undefined,
  });
  await app.register(session, {
    secureCookie: opts.env.COOKIE_SECURE ? opts.env.COOKIE_SECURE === '1' : opts.env.PUBLIC_URL.startsWith('https:'),
  });
  await app.register(apiTokens);
  await app.register(defaultDeny);

  await app.register(authRoutes, {
    prefix: '/api/auth',
    publicUrl: opts.env.PUBLIC_URL,
    secureCookie: opts.env.COOKIE_SECURE ? opts.env.COOKIE_SECURE === '1' : opts.env.PUBLIC_URL.startsWith('https:'),
    deviceSecret: opts.env.DEVICE_COOKIE_SECRET,
  });
  await app.register(userCampaignRoutes, { prefix: '/api/usercampaign' });
  await app.register(userTestsRoutes, { prefix: '/api/usertests', activitiesUrl: opts.env.ACTIVITIES_URL });
  await app.register(testsRoutes, { prefix: '/api/tests' });
  await app.register(outcomesRoutes, { prefix: '/api/outcomes' });
  await app.register(logsRoutes, { prefix: '/api/logs' });
  await app.register(usersRoutes, { prefix: '/api/users' });
  await app.register(meRoutes, { prefix: '/api/me' });
  await app.register(ratingsRoutes, { prefix: '/api/ratings' });
  await app.register(reportRoutes, { prefix: '/api/report' });
  await app.register(reportDocumentRoutes, { prefix: '/api/reports' });
  await app.register(feedback360Routes, { prefix: '/api' });
  await app.register(healthRoutes, { prefix: '/api/health' });
  await app.register(campaignStorageRoutes, { prefix: '/api/v2/campaigns' });
  await app.register(rpcRoutes, { prefix: '/api/v2/rpc' });
  await app.register(mail, { smtpUrl: opts.env.SMTP_URL, from: opts.env.MAIL_FROM, mailDir: opts.env.MAIL_DIR });
  await app.register(passwordRoutes, { prefix: '/api/auth', publicUrl: opts.env.PUBLIC_URL });
  // The staff console: the generic resources of spec 7 and the campaign operations (docs/staff-api.md).
  await app.register(staffJobs);
  // Retention of personal data: daily, once across instances (with the sweep off, tests call app.retention.run()).
  await app.register(retention, { intervalMs: opts.env.SWEEP_INTERVAL_MS === 0 ? 0 : undefined });
  await app.register(companiesRoutes, { prefix: '/api/companies', publicUrl: opts.env.PUBLIC_URL });
  await app.register(languagesRoutes, { prefix: '/api/languages' });
  await app.register(samplesRoutes, { prefix: '/api/samples' });
  await app.register(peopleRoutes, { prefix: '/api/people' });
  await app.register(staffRoutes, { prefix: '/api/staff', publicUrl: opts.env.PUBLIC_URL });
  await app.register(ssoRoutes, {
    prefix: '/api/v2/auth/sso',
    publicUrl: opts.env.PUBLIC_URL,
    secureCookie: opts.env.COOKIE_SECURE ? opts.env.COOKIE_SECURE === '1' : opts.env.PUBLIC_URL.startsWith('https:'),
    stateSecret: opts.env.SSO_STATE_SECRET,
  });

  const repoRoot = resolve(import.meta.dirname, '../../..');
  await app.register(staticFiles, {
    webRoot: opts.webRoot ?? resolve(repoRoot, 'apps/web/dist'),
    sdkRoot: opts.sdkRoot ?? resolve(repoRoot, 'packages/activity-sdk/dist'),
    activitiesUrl: opts.env.ACTIVITIES_URL,
  });
  return app;
}

/** A hop count becomes the function Fastify's types ask for: the nearest `hops` proxies are believed. */
function trustProxy(setting: Env['TRUST_PROXY']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}
