// Which origins the app's pages may frame, and which test urls may be imported. The list is the
// operator's (ACTIVITIES_URL and ACTIVITY_ORIGINS, read at start): a bundle never grows it, so no
// company's tests can make the page's headers larger (150 long host names once made /login too large
// for a browser to read).

/** Most external origins ACTIVITY_ORIGINS may list, and the longest each may be: the page's CSP stays a few KB. */
export const MAX_ACTIVITY_ORIGINS = 20;
export const MAX_ACTIVITY_ORIGIN_LENGTH = 100;

/** An origin as a CSP host-source carries it (letters, digits and '-' in labels, optional port). */
const CSP_ORIGIN = /^https?:\/\/[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::\d{1,5})?$/;

/** What a test's url is checked against: the server's settings. */
export interface ActivityOrigins {
  /** PUBLIC_URL: a url on it (or a path) is a page of the app, shown as that page and never framed. */
  publicUrl: string;
  /** ACTIVITIES_URL: where `/activities/...` paths are served. */
  activitiesUrl: string;
  /** Every origin the app's pages frame: the platform's activities first, then ACTIVITY_ORIGINS. */
  framed: readonly string[];
}

export function activityOriginsOf(settings: { publicUrl: string; activitiesUrl: string; external: readonly string[] }): ActivityOrigins {
  const framed = [...new Set([new URL(settings.activitiesUrl).origin, ...settings.external])];
  return { publicUrl: settings.publicUrl, activitiesUrl: settings.activitiesUrl, framed };
}

/**
 * Without a server's settings (an import in a test, a tool): only paths, the platform's activities and
 * pages of the app, are accepted; every absolute url is refused.
 */
export const PATHS_ONLY: ActivityOrigins = activityOriginsOf({
  publicUrl: 'http://app.invalid',
  activitiesUrl: 'http://activities.invalid',
  external: [],
});

/**
 * The serialized origin of an ACTIVITY_ORIGINS entry (`https://host[:port]`, nothing after it), or
 * null when it is something else or a CSP header could not carry it (';' or ',' would end the
 * directive, and the URL parser lets them through in host names).
 */
export function parseActivityOrigin(entry: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(entry);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (
    parsed.username ||
    parsed.password ||
    parsed.pathname !== '/' ||
    parsed.search ||
    parsed.hash ||
    entry.includes('?') ||
    entry.includes('#')
  )
    return null;
  return CSP_ORIGIN.test(parsed.origin) ? parsed.origin : null;
}

/**
 * Paths served on the activities origin: the platform's activities, the players of content packages, and the packages'
 * files (a web activity uploaded in the console is framed there, its page in its package).
 */
const ACTIVITIES_ORIGIN_PATHS = ['/activities/', '/players/', '/packages/'];

/** The url the room opens for a test: the platform's activities, players and packages on their origin, any other as imported. */
export const activityUrl = (url: string, activitiesUrl: string) =>
  ACTIVITIES_ORIGIN_PATHS.some((prefix) => url.startsWith(prefix)) ? `${activitiesUrl}${url}` : url;

/**
 * Why a test's url cannot be imported, or null: it must be a path or a url on the app (a page of the
 * app), or a page on an origin the app frames (the platform's activities, ACTIVITY_ORIGINS).
 */
export function testUrlProblem(url: string, origins: ActivityOrigins): string | null {
  let target: URL;
  try {
    target = new URL(activityUrl(url, origins.activitiesUrl), origins.publicUrl);
  } catch {
    return 'Expected a URL or a path';
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return 'Expected an http(s) URL or a path';
  if (target.origin === new URL(origins.publicUrl).origin || origins.framed.includes(target.origin)) return null;
  return (
    `${target.origin} is not an origin this platform frames: an absolute URL must be on an origin the operator ` +
    'allows (ACTIVITY_ORIGINS), or use a path on the platform (/activities/...)'
  );
}
