import { resolve } from 'node:path';
import { z } from 'zod';

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
   * script in an activity never runs with the app's origin. Default: the other local name for a local
   * PUBLIC_URL (localhost and 127.0.0.1 share no cookies), otherwise the same host, on ACTIVITIES_PORT.
   */
  ACTIVITIES_URL: z.string().url().optional(),
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
  const activitiesUrl = (env.ACTIVITIES_URL ?? defaultActivitiesUrl(publicUrl, activitiesPort)).replace(/\/$/, '');
  if (new URL(activitiesUrl).origin === new URL(publicUrl).origin) {
    throw new Error(
      `Invalid environment:\nACTIVITIES_URL: must be another origin than PUBLIC_URL (${publicUrl}), so activities cannot act as the app`,
    );
  }
  return { ...env, PUBLIC_URL: publicUrl, ACTIVITIES_URL: activitiesUrl, ACTIVITIES_PORT: activitiesPort };
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether a URL points at this machine (localhost, 127.0.0.1, [::1]). */
export const isLocalUrl = (url: string) => LOCAL_HOSTS.has(new URL(url).hostname);

/** The app's URL on the activities port, under the other local name when the app is local. */
function defaultActivitiesUrl(publicUrl: string, port: number): string {
  const url = new URL(publicUrl);
  if (LOCAL_HOSTS.has(url.hostname)) url.hostname = url.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
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
