import { resolve } from 'node:path';
import { getDomain } from 'tldts';
import { z } from 'zod';
import {
  type ActivityOrigins,
  activityOriginsOf,
  MAX_ACTIVITY_ORIGIN_LENGTH,
  MAX_ACTIVITY_ORIGINS,
  parseActivityOrigin,
} from '../domain/activity-origins';

// Environment read and checked once at start; everything else takes values from here.
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().default(`sqlite:${resolve('data/prova.db')}`),
  /** Most PostgreSQL connections one server process opens. */
  PG_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  PUBLIC_URL: z.string().url().optional(),
  /**
   * Where the platform's own activities (/activities/) are served: another origin than PUBLIC_URL, so a
   * script in an activity never runs with the app's origin. Default for a local PUBLIC_URL: the other local
   * name (localhost and 127.0.0.1 share no cookies) on ACTIVITIES_PORT. Required otherwise, on another site.
   */
  ACTIVITIES_URL: z.string().url().optional(),
  /**
   * The other origins whose activities the app may frame (comma-separated `https://host[:port]`): the
   * operator's list, which no bundle can grow. A test whose url is on any other origin is refused at import.
   */
  ACTIVITY_ORIGINS: z
    .string()
    .default('')
    .transform((value, ctx): string[] => {
      const entries = value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      const problems: string[] = [];
      if (entries.length > MAX_ACTIVITY_ORIGINS) problems.push(`at most ${MAX_ACTIVITY_ORIGINS} origins (${entries.length} given)`);
      const long = entries.filter((entry) => entry.length > MAX_ACTIVITY_ORIGIN_LENGTH);
      if (long.length) problems.push(`an origin is at most ${MAX_ACTIVITY_ORIGIN_LENGTH} characters: ${long.join(', ')}`);
      const bad = entries.filter((entry) => entry.length <= MAX_ACTIVITY_ORIGIN_LENGTH && parseActivityOrigin(entry) === null);
      if (bad.length) problems.push(`not an origin (http(s)://host[:port], nothing after it): ${bad.join(', ')}`);
      for (const message of problems) ctx.addIssue({ code: 'custom', message });
      return problems.length ? z.NEVER : [...new Set(entries.map((entry) => parseActivityOrigin(entry)!))];
    }),
  /** The port the activities are served on by this process; default PORT + 1. */
  ACTIVITIES_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Unset: the demo loads into an empty database only when PUBLIC_URL is local (see demoDecision). */
  DEMO: z.enum(['0', '1']).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Prova <no-reply@prova.local>'),
  MAIL_DIR: z.string().default(resolve('data/mail')),
  /** Seals the short-lived SSO sign-in cookie; set it when several server processes share the traffic. */
  SSO_STATE_SECRET: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('production'),
  /** Scoring scripts run at once, each in its own worker thread. */
  SCORING_WORKERS: z.coerce.number().int().min(1).max(16).default(2),
  /** How often timed tests past their end are settled and waiting scorings picked up; 0 turns the sweep off. */
  SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).default(5000),
  /**
   * Which X-Forwarded-* headers to believe: off (the caller is the connection's peer), a number of proxy
   * hops, or the proxies' addresses (comma-separated, CIDR allowed). Rate limits key on the caller's
   * address, so a wrong setting lets anyone reset them.
   */
  TRUST_PROXY: z
    .string()
    .default('0')
    .transform((value, ctx): boolean | number | string[] => {
      if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
      const addresses = value.split(',').map((part) => part.trim());
      const bad = addresses.filter((address) => !z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]).safeParse(address).success);
      if (bad.length === 0) return addresses;
      ctx.addIssue({ code: 'custom', message: `not a hop count or proxy addresses: ${bad.join(', ')}` });
      return z.NEVER;
    }),
  /**
   * 1: a webhook may point at a loopback, private or link-local address (an HR system inside the operator's own
   * network). Unset or 0: such a URL is refused when saved, and a delivery to it is not sent (docs/webhooks.md).
   */
  WEBHOOK_PRIVATE_ADDRESSES: z.enum(['0', '1']).optional(),
  /** Set behind a TLS-terminating proxy so the session cookie is Secure. */
  COOKIE_SECURE: z.enum(['0', '1']).optional(),

  // Bounds of what people leave behind, and the sign-in's device cookie.
  /** Days a log entry (POST /api/logs) is kept before the hourly purge deletes it. */
  LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /**
   * Signs the device cookies that let a browser where someone signed in before past the sign-in holds others cause
   * (services/device-cookie.ts); set it, the same on all, when several server processes share the traffic.
   */
  DEVICE_COOKIE_SECRET: z.string().min(32).optional(),
});

export type Env = Omit<z.infer<typeof envSchema>, 'PUBLIC_URL' | 'ACTIVITIES_URL' | 'ACTIVITIES_PORT'> & {
  PUBLIC_URL: string;
  ACTIVITIES_URL: string;
  ACTIVITIES_PORT: number;
};

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // An empty variable (`DATABASE_URL=`) means unset, as in most tools.
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const activitiesPort = env.ACTIVITIES_PORT ?? env.PORT + 1;
  if (env.ACTIVITIES_URL === undefined && !isLocalUrl(publicUrl)) {
    throw new Error(
      `Invalid environment:\nACTIVITIES_URL: required when PUBLIC_URL (${publicUrl}) is not local: the activities' own host name ` +
        'on another site (e.g. https://activities.example.net)',
    );
  }
  const activitiesUrl = (env.ACTIVITIES_URL ?? defaultActivitiesUrl(publicUrl, activitiesPort)).replace(/\/$/, '');
  if (new URL(activitiesUrl).origin === new URL(publicUrl).origin) {
    throw new Error(
      `Invalid environment:\nACTIVITIES_URL: must be another origin than PUBLIC_URL (${publicUrl}), so activities cannot act as the app`,
    );
  }
  // A host on the app's site may set cookies for it, and its requests count as same-site (SameSite cookies
  // go along): accepted only on this machine, where localhost and 127.0.0.1 are two sites anyway.
  if (!isLocalUrl(publicUrl) && sameSite(activitiesUrl, publicUrl)) {
    throw new Error(
      `Invalid environment:\nACTIVITIES_URL: ${activitiesUrl} is on the same site as PUBLIC_URL (${publicUrl}); ` +
        "give the activities a host name on another site (e.g. https://activities.example.net): on the app's site their pages could set and send its cookies",
    );
  }
  if (env.ACTIVITY_ORIGINS.includes(new URL(publicUrl).origin)) {
    throw new Error(`Invalid environment:\nACTIVITY_ORIGINS: must not list PUBLIC_URL's origin (${publicUrl}): the app is never framed`);
  }
  return { ...env, PUBLIC_URL: publicUrl, ACTIVITIES_URL: activitiesUrl, ACTIVITIES_PORT: activitiesPort };
}

/** What the app frames and what test urls it accepts, from the settings. */
export const activityOriginsOfEnv = (env: Pick<Env, 'PUBLIC_URL' | 'ACTIVITIES_URL' | 'ACTIVITY_ORIGINS'>): ActivityOrigins =>
  activityOriginsOf({ publicUrl: env.PUBLIC_URL, activitiesUrl: env.ACTIVITIES_URL, external: env.ACTIVITY_ORIGINS });

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether a URL points at this machine (localhost, 127.0.0.1, [::1]). */
export const isLocalUrl = (url: string) => LOCAL_HOSTS.has(new URL(url).hostname);

/** Same registrable domain (example.com for a.example.com and b.example.com), or the same host where there is none (an address). */
function sameSite(a: string, b: string): boolean {
  // Private suffixes count, as browsers count them (a.github.io and b.github.io are two sites).
  const site = (url: string) => getDomain(url, { allowPrivateDomains: true }) ?? new URL(url).hostname;
  return site(a) === site(b);
}

/** A local app's URL on the activities port, under the other local name. */
function defaultActivitiesUrl(publicUrl: string, port: number): string {
  const url = new URL(publicUrl);
  url.hostname = url.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
  url.port = String(port);
  return url.origin;
}

/**
 * Whether the demo data may be loaded into an empty database: `DEMO=1` always, `DEMO=0` never; unset,
 * only on a local address, so a real deployment never starts with the demo's known passwords by mistake.
 */
export function demoDecision(env: Pick<Env, 'DEMO' | 'PUBLIC_URL'>): { load: boolean; reason?: string } {
  if (env.DEMO === '1') return { load: true };
  if (env.DEMO === '0') return { load: false };
  if (isLocalUrl(env.PUBLIC_URL)) return { load: true };
  return {
    load: false,
    reason: `Demo data not loaded: PUBLIC_URL ${env.PUBLIC_URL} is not a local address. Set DEMO=1 to load it anyway.`,
  };
}
