import type { FastifyBaseLogger } from 'fastify';

/**
 * How long the frameable origins are trusted before the database is read again. Short, because a
 * bundle imported by another process (the import CLI, another instance) cannot tell this one.
 */
export const FRAME_ORIGINS_TTL_MS = 5_000;

/** An origin as a CSP host-source allows it (letters, digits and '-' in labels, optional port). */
const CSP_ORIGIN = /^https?:\/\/[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::\d{1,5})?$/;

/**
 * The origin the browser frames for a test url, serialized by the URL parser, or null for a url
 * that is not http(s), is malformed, or whose origin a CSP header cannot carry (';' or ',' would
 * end the directive, and the URL parser lets them through in host names).
 */
export function frameOriginOf(url: string, base: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, base);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  return CSP_ORIGIN.test(parsed.origin) ? parsed.origin : null;
}

export interface FrameOriginsOptions {
  /** The test urls that may lead to another origin (tests-repository listExternalUrls). */
  load: () => Promise<string[]>;
  /** What relative urls resolve against: the app's public URL. */
  base: string;
}

/**
 * The origins of the imported tests, read at most once per TTL however many requests come: the
 * first request after expiry waits for one query that concurrent requests share. Nothing is read
 * before the first request, so the demo seed written at start is already there.
 */
export function createFrameOrigins({ load, base }: FrameOriginsOptions) {
  let origins: readonly string[] = [];
  let expiresAt = 0;
  let loading: Promise<void> | null = null;

  const read = async (log: FastifyBaseLogger) => {
    try {
      const found = (await load()).map((url) => frameOriginOf(url, base)).filter((o): o is string => o !== null);
      origins = [...new Set(found)].sort();
    } catch (err) {
      // Keep the last list: a failed read must not take the header (or the request) down.
      log.warn({ err }, 'could not read the origins of imported tests; keeping the last list');
    } finally {
      expiresAt = Date.now() + FRAME_ORIGINS_TTL_MS;
      loading = null;
    }
  };

  return {
    /** The origins as last read; refresh() first. */
    current: (): readonly string[] => origins,
    async refresh(log: FastifyBaseLogger): Promise<void> {
      if (Date.now() < expiresAt) return;
      loading ??= read(log);
      await loading;
    },
  };
}
