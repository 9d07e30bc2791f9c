import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { packageHashSchema } from '@prova/contract/content';
import type { Env } from './config/env';
import { pathProblem } from './content/zip-files';
import type { PackageReader } from './repositories/content-repository';
import { sdkFiles } from './plugins/sdk-files';

export interface ActivitiesAppOptions {
  env: Pick<Env, 'PUBLIC_URL' | 'LOG_LEVEL'>;
  /** The platform's own activities (activities/ at the repository's root). */
  activitiesRoot: string;
  /** The players of content packages (apps/players/dist), at /players/<name>/. */
  playersRoot?: string;
  /** The SDK's browser build (packages/activity-sdk/dist), which the activities load from their own origin. */
  sdkRoot: string;
  /** The stored content packages, served at /packages/<hash>/ (absent: none is). */
  packages?: PackageReader;
  logger?: FastifyServerOptions['logger'];
}

/** A package's files are named by its hash: what a url gives never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The platform's own activities on their own origin (ACTIVITIES_URL): a script injected into an
 * activity runs there, where the app's cookies, storage and pages are out of its reach. Only the app
 * may frame them, and they may talk to their own origin only: the host does their network work.
 */
export async function buildActivitiesApp(opts: ActivitiesAppOptions) {
  const app = Fastify({ logger: opts.logger ?? { level: opts.env.LOG_LEVEL }, routerOptions: { ignoreTrailingSlash: true } });
  const appOrigin = new URL(opts.env.PUBLIC_URL).origin;
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
    `frame-ancestors ${appOrigin}`,
  ].join('; ');
  // A package's content as authoring tools export it (a SCORM course) runs inline scripts and eval, and
  // plays its media: allowed there, on this origin only, which holds none of the app's cookies or storage.
  // Its SCO is framed by the player beside it ('self'), itself framed by the app; it talks to this origin only.
  const packageCsp = [
    "default-src 'self'",
    "script-src 'self' 'unsafe-inline' 'unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "form-action 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `frame-ancestors 'self' ${appOrigin}`,
  ].join('; ');
  app.addHook('onSend', async (request, reply) => {
    reply.headers({
      'content-security-policy': request.url.startsWith('/packages/') ? packageCsp : csp,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    });
  });
  if (existsSync(opts.activitiesRoot)) {
    await app.register(fastifyStatic, { root: opts.activitiesRoot, prefix: '/activities/', index: ['index.html'], redirect: true });
  }
  if (opts.playersRoot && existsSync(opts.playersRoot)) {
    // A second static root: decorateReply once is enough. The build writes each text file also as .br and .gz
    // (apps/players/scripts/precompress.mjs): the one the browser accepts is sent. Its hashed assets are cached for
    // good; a player's page is revalidated, so a new build reaches the next candidate.
    const playersRoot = opts.playersRoot;
    await app.register(fastifyStatic, {
      root: playersRoot,
      prefix: '/players/',
      index: ['index.html'],
      redirect: true,
      decorateReply: false,
      preCompressed: true,
      setHeaders(reply, path) {
        const [top, name] = relative(playersRoot, path).split(sep);
        reply.header('cache-control', top === 'assets' && name ? IMMUTABLE : 'no-cache');
      },
    });
  }
  await app.register(sdkFiles, { sdkRoot: opts.sdkRoot });
  if (opts.packages) {
    servePackages(app, opts.packages);
    preloadFirstItem(app, opts.packages);
  }
  app.setNotFoundHandler(async (_request, reply) => reply.code(404).type('text/plain; charset=utf-8').send('Not found'));
  return app;
}

const notFound = (reply: FastifyReply) => reply.code(404).type('text/plain; charset=utf-8').send('Not found');

/**
 * The QTI player's page names, in a `Link` header, the package's delivery.json and first item: the browser fetches
 * them with the player's scripts instead of one after the other once the scripts ran, which on a slow phone's
 * round trips is most of the wait for the first item (docs/performance.md, "The QTI player's first item").
 */
function preloadFirstItem(app: FastifyInstance, packages: PackageReader) {
  app.addHook('onSend', async (request, reply, payload) => {
    const [path, search] = request.url.split('?');
    if (request.method !== 'GET' || path !== '/players/qti/' || reply.statusCode !== 200) return payload;
    const hash = new URLSearchParams(search).get('package');
    if (!packageHashSchema.safeParse(hash).success) return payload;
    const delivery = await packages.qtiDelivery(hash as string);
    if (!delivery) return payload;
    const first = delivery.parts[0]?.sections.find((section) => section.items.length > 0)?.items[0];
    const base = `/packages/${hash}/`;
    const links = [`${base}delivery.json`, ...(first ? [`${base}${encodeURI(first.href)}`] : [])];
    reply.header('link', links.map((url) => `<${url}>; rel=preload; as=fetch; crossorigin`).join(', '));
    return payload;
  });
}

/** `GET` (and `HEAD`) `/packages/<hash>/delivery.json` and `/packages/<hash>/<path>`: a stored package's served files. */
function servePackages(app: FastifyInstance, packages: PackageReader) {
  app.get<{ Params: { hash: string; '*': string } }>('/packages/:hash/*', async (request, reply) => {
    const { hash, '*': path } = request.params;
    if (!packageHashSchema.safeParse(hash).success || pathProblem(path) !== null || path.endsWith('/')) return notFound(reply);
    const found =
      path === 'delivery.json'
        ? await packages.delivery(hash).then((json) => json && { mediaType: 'application/json', bytes: Buffer.from(json) })
        : await packages.file(hash, path);
    if (!found) return notFound(reply);
    const etag = `"${createHash('sha256').update(`${hash}/${path}`).digest('base64url').slice(0, 27)}"`;
    reply.headers({ etag, 'cache-control': IMMUTABLE });
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(found.mediaType).send(Buffer.from(found.bytes));
  });
}
