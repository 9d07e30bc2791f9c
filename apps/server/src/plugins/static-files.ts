import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type CampaignPage, campaignPageOf } from '@prova/contract/pages';
import { notFound } from '../http/http-error';
import { requireConsentedCampaign } from '../policies/campaign-access';
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
 * The files each campaign page loads at once (apps/web/scripts/write-page-chunks.mjs writes them with the build), as
 * Link header values: preloaded with the page, they arrive with the shell instead of one after another once it has run.
 * None when the build has not written them (an older build): the page loads as before.
 */
function pageChunkLinks(webRoot: string): Partial<Record<CampaignPage, string[]>> {
  const file = join(webRoot, '.vite', 'page-chunks.json');
  if (!existsSync(file)) return {};
  const pages = JSON.parse(readFileSync(file, 'utf8')) as Partial<Record<CampaignPage, string[]>>;
  return Object.fromEntries(
    Object.entries(pages).map(([page, files]) => [
      page,
      // Stylesheets too with crossorigin: the app's loader asks for them so, and a preload is only used by a request like it.
      files.map((url) =>
        url.endsWith('.css') ? `<${url}>; rel=preload; as=style; crossorigin` : `<${url}>; rel=modulepreload; crossorigin`,
      ),
    ]),
  );
}

/** How long the page may wait to know whether to preload them (from memory it takes microseconds, from the database a few ms). */
const READS_WAIT_MS = 200;

/**
 * Which of a page's first reads will answer 200: the profile (signed in; `undefined` when the database did not say in
 * time), the campaign and its tests (consented).
 */
interface PageReads {
  profile: boolean | undefined;
  campaign: boolean;
}
const NONE: PageReads = { profile: false, campaign: false };
const UNKNOWN: PageReads = { profile: undefined, campaign: false };

/**
 * What a page will ask first (apps/web/src/app/prefetch-route-data.ts), to be preloaded with the page when the answers
 * are sure to be 200: the profile when signed in; on a campaign's page also the campaign and its tests, once a campaign
 * is selected and consented to. Otherwise none: an unused preload costs bytes and a console warning, a refused one an error.
 */
async function pageReads(request: FastifyRequest, campaignPage: boolean): Promise<PageReads> {
  let timer: NodeJS.Timeout | undefined;
  // The page is not held back for them: should the database be slow or down, it goes without.
  const late = new Promise<PageReads>((resolve) => (timer = setTimeout(resolve, READS_WAIT_MS, UNKNOWN)));
  const consented = () =>
    requireConsentedCampaign(request).then(
      () => true,
      () => false,
    );
  const reads = request.loadAuth().then(
    async (auth): Promise<PageReads> => (auth ? { profile: true, campaign: campaignPage && (await consented()) } : NONE),
    () => NONE,
  );
  try {
    return await Promise.race([reads, late]);
  } finally {
    clearTimeout(timer);
  }
}

const preload = (read: string) => `<${read}>; rel=preload; as=fetch; crossorigin`;

/**
 * Serves the SPA and the SDK script; other GETs get index.html (/login gets login.html, the same shell with the
 * sign-in form already in it, when the build wrote it). The build writes each text file also as .br and
 * .gz (apps/web/vite.config.ts): the one the browser accepts is sent (`preCompressed`), else the file itself.
 * Files hashed by the build (/assets/) are cached for good; the shell (index.html) is revalidated every time.
 */
export const staticFiles = fp(async (app: FastifyInstance, opts: StaticOptions) => {
  const hasWeb = existsSync(opts.webRoot);
  const prerendered = new Map(Object.entries(PRERENDERED).filter(([, file]) => existsSync(join(opts.webRoot, file))));
  const chunkLinks = hasWeb ? pageChunkLinks(opts.webRoot) : {};
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
  // An activity (a package's files too) is never served on the app's origin: a link is sent on to the activities' own.
  for (const area of ['/activities/*', '/players/*', '/packages/*'])
    app.get(area, async (request, reply) => reply.redirect(`${opts.activitiesUrl}${request.url}`, 308));
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0];
    // A missing build asset (an old chunk after a deploy) must be a 404, not the app shell.
    const isFileArea = path === '/api' || ['/api/', '/sdk/', '/assets/'].some((p) => path.startsWith(p));
    if (request.method !== 'GET' || isFileArea || !hasWeb) throw notFound('Route');
    // The shell must always be fresh: setHeaders above marks it (and the prerendered pages) no-cache.
    const file = prerendered.get(path) ?? 'index.html';
    const page = file === 'index.html' ? campaignPageOf(path) : undefined;
    // Asked with the page (a Link header: the file stays the build's, compressed), not once the scripts have run and
    // the profile has answered: on a slow network two round trips before the room can show. A campaign page's code
    // too, for someone who will see it (the same condition): else the sign-in page shows, and its code is in the shell.
    const reads = await pageReads(request, page !== undefined);
    const links = [
      ...(reads.profile ? [preload('/api/auth/me')] : []),
      ...(page && reads.campaign
        ? [...['/api/usercampaign', '/api/usercampaign/list', '/api/usertests'].map(preload), ...(chunkLinks[page] ?? [])]
        : []),
    ];
    if (links.length > 0) reply.header('link', links.join(', '));
    reply.header('vary', 'Cookie');
    // The app asks who is signed in only when the page says a session may be open (a session from before this
    // cookie existed gets it here, one that ran out loses it).
    reply.tellSignedIn(reads.profile);
    return reply.sendFile(file, opts.webRoot);
  });
});
