import type { ChangeFeed, DataChange } from '../db/change-feed';
import type { Auth } from '../plugins/session';
import { type CampaignContent, campaignContentOf, type Participation } from '../repositories/campaigns-repository';
import type { CampaignTestRow } from '../repositories/tests-repository';

/**
 * How long a copy is trusted at most, should a change go unannounced or unheard (a write past the server, a
 * lost notification). Who is asking (`who`): briefly, as it bounds how long an instance that has not heard a
 * sign-out may still honour the session (SECURITY.md). What they take part in and the campaign's tests
 * (`what`): longer, so that a candidate whose activity saves every few seconds is not read anew at nearly
 * every save; a participation's copy is not served past its campaign's end anyway.
 */
export const ACCESS_CACHE_TTL_MS = { who: 5_000, what: 30_000 };
export type AccessCacheTtls = typeof ACCESS_CACHE_TTL_MS;
const MAX_ENTRIES = 50_000;

interface Entry<T> {
  value: T;
  /** Served until then (its life, or sooner when the value itself ends). */
  until: number;
  /** Read again in the background from then on: past half its life. */
  renewAt: number;
}

type KindName = 'auth' | 'participation' | 'campaignTest' | 'campaignTestList' | 'campaignContent' | 'languageNames';

/** One kind of copy: the copies by key, and the reads under way (shared by the requests that miss meanwhile). */
interface Copies<T> {
  name: KindName;
  entries: Map<string, Entry<T>>;
  loads: Map<string, { generation: number; promise: Promise<T | undefined> }>;
  ttlMs: number;
  /** When a value itself stops holding (a session's end, a campaign's close): its copy is not kept past it. */
  validUntil?: (value: T) => number;
}
const copies = <T>(name: KindName, ttlMs: number, validUntil?: (value: T) => number): Copies<T> => ({
  name,
  entries: new Map(),
  loads: new Map(),
  ttlMs,
  validUntil,
});

/** Changes remembered, to tell whether a read under way is stale: far more than arrive while a read takes. */
const RECENT_CHANGES = 1_000;

/** Whether `change` may make what was read for `key` stale; `value` is what was read, when known. */
function touches(kind: KindName, key: string, change: DataChange, value: unknown): boolean {
  switch (change.kind) {
    case 'all':
      return true;
    case 'session':
      return kind === 'auth' && key === change.sessionId;
    case 'user':
      return (
        (kind === 'auth' && (value === undefined || (value as Auth).user.id === change.userId)) ||
        (kind === 'participation' && key.startsWith(`${change.userId}:`))
      );
    case 'participation':
      return kind === 'participation' && key === `${change.userId}:${change.campaignId}`;
  }
}

/**
 * Who is asking, and what they take part in: every request of a candidate needs the session, the
 * person, the participation and the test, and they change seldom. Copies are kept for seconds
 * (ACCESS_CACHE_TTL_MS) and dropped as soon as a change is announced (logout, password change, consent, a campaign's import)
 * by this instance or, through the database, by another one (db/change-feed.ts).
 *
 * A copy in its second half of life is served and read again in the background, so that someone active
 * never waits for the database: otherwise every copy made in the same second (a campaign's start) runs
 * out in the same second, and all their requests read at once. Requests that miss together share one read.
 */
export function createAccessCache(changes: ChangeFeed, ttl: AccessCacheTtls = ACCESS_CACHE_TTL_MS) {
  const auths = copies<Auth>('auth', ttl.who, (a) => a.session.endsAt);
  const participations = copies<Participation>('participation', ttl.what, openUntil);
  const campaignTests = copies<CampaignTestRow>('campaignTest', ttl.what);
  // What every candidate of a campaign reads alike in the room: its tests, and the languages' names.
  const campaignTestLists = copies<CampaignTestRow[]>('campaignTestList', ttl.what);
  const campaignContents = copies<CampaignContent>('campaignContent', ttl.what);
  const languageNames = copies<Map<string, string>>('languageNames', ttl.what);
  const all = [auths, participations, campaignTests, campaignTestLists, campaignContents, languageNames];
  // Bumped by every change, and the latest changes kept: what was read before a change that touches it is
  // not kept after it. (Changes to others do not count: at a campaign's start, people enter it all the time.)
  let generation = 0;
  let recent: { generation: number; change: DataChange }[] = [];
  const changedSince = <T>(kind: Copies<T>, key: string, since: number, value?: T): boolean => {
    if (since === generation) return false;
    if (recent.length === 0 || recent[0].generation > since + 1) return true; // older than what is remembered
    for (let i = recent.length - 1; i >= 0 && recent[i].generation > since; i--) {
      if (touches(kind.name, key, recent[i].change, value)) return true;
    }
    return false;
  };

  const forgetWhere = <T>({ entries }: Copies<T>, stale: (key: string, value: T) => boolean) => {
    for (const [key, entry] of entries) if (stale(key, entry.value)) entries.delete(key);
  };
  function apply(change: DataChange) {
    generation += 1;
    recent.push({ generation, change });
    if (recent.length > 2 * RECENT_CHANGES) recent = recent.slice(-RECENT_CHANGES);
    switch (change.kind) {
      case 'session':
        auths.entries.delete(change.sessionId);
        break;
      case 'user':
        forgetWhere(auths, (_, auth) => auth.user.id === change.userId);
        forgetWhere(participations, (key) => key.startsWith(`${change.userId}:`));
        break;
      case 'participation':
        participations.entries.delete(`${change.userId}:${change.campaignId}`);
        break;
      case 'all':
        for (const kind of all) kind.entries.clear();
        break;
    }
  }
  const unsubscribe = changes.subscribe(apply);

  /** `load`'s answer, kept unless a change to it came while loading; a read under way since its last change is joined. */
  function read<T>(kind: Copies<T>, key: string, load: () => Promise<T | undefined | null>, live: boolean): Promise<T | undefined> {
    const under = kind.loads.get(key);
    if (under && !changedSince(kind, key, under.generation)) return under.promise;
    const before = generation;
    const pending = {
      generation: before,
      promise: Promise.resolve()
        .then(load)
        .then((loaded) => {
          const value = loaded ?? undefined;
          if (value !== undefined && live && !changedSince(kind, key, before, value)) {
            if (kind.entries.size >= MAX_ENTRIES) kind.entries.clear();
            const now = Date.now();
            const until = now + kind.ttlMs;
            kind.entries.set(key, {
              value,
              until: kind.validUntil ? Math.min(until, kind.validUntil(value)) : until,
              renewAt: now + kind.ttlMs / 2,
            });
          }
          return value;
        })
        .finally(() => {
          if (kind.loads.get(key) === pending) kind.loads.delete(key);
        }),
    };
    kind.loads.set(key, pending);
    return pending.promise;
  }

  /**
   * The copy (read again in the background past half its life), else `load`'s answer. Nothing is kept of a miss,
   * nor a copy past its kind's `validUntil`, worked out once when it is read rather than at each use. Not async: a
   * hit costs no promise of its own.
   */
  function through<T>(kind: Copies<T>, key: string, load: () => Promise<T | undefined | null>): T | undefined | Promise<T | undefined> {
    const live = changes.live();
    const hit = live ? kind.entries.get(key) : undefined;
    const now = Date.now();
    if (hit && hit.until > now) {
      // A failed background read leaves the copy to run out; the request that then misses reads for itself.
      if (now > hit.renewAt) read(kind, key, load, live).catch(() => {});
      return hit.value;
    }
    if (hit) kind.entries.delete(key);
    return read(kind, key, load, live);
  }

  return {
    /**
     * The session (by its id, the token's hash) and its person; a copy is not served past the session's end.
     * Whatever ends a session answers only once this instance's listener heard it back
     * (ChangeFeed.announce, announcingTransaction), when the others have heard it too.
     */
    auth: (sessionId: string, load: () => Promise<Auth | null>) => through(auths, sessionId, load),

    /** An open participation; a copy is not served past its campaign's end. */
    participation: (userId: number, campaignId: number, load: () => Promise<Participation | undefined>) =>
      through(participations, `${userId}:${campaignId}`, load),

    campaignTest: (campaignId: number, testId: number, load: () => Promise<CampaignTestRow | undefined>) =>
      through(campaignTests, `${campaignId}:${testId}`, load),

    /** A campaign's tests, in order (changed only by an import or the staff console, which announce it). Shared: never changed by callers. */
    campaignTestList: async (campaignId: number, load: () => Promise<CampaignTestRow[]>) =>
      (await through(campaignTestLists, String(campaignId), load)) ?? [],

    /** A campaign's report model, 360 questions and scale (changed only by an import or the staff console). Shared: never changed by callers. */
    campaignContent: async (campaignId: number, load: () => Promise<CampaignContent>) =>
      (await through(campaignContents, String(campaignId), load)) ?? campaignContentOf(undefined),

    /** The languages' names by code. Shared: never changed by callers. */
    languageNames: async (load: () => Promise<Map<string, string>>) =>
      (await through(languageNames, 'all', load)) ?? new Map<string, string>(),

    close: unsubscribe,
  };
}
export type AccessCache = ReturnType<typeof createAccessCache>;

/**
 * Until when a participation read open stays open (campaigns-repository's openParticipationsOf): through its
 * campaign's end, or for good once the campaign is finished with reports. An end it cannot read keeps no copy.
 */
function openUntil(p: Participation): number {
  if (p.status === 'COMPLETED' || p.status === 'REPORT') return Number.POSITIVE_INFINITY;
  const end = Date.parse(p.date_end);
  return Number.isNaN(end) ? 0 : end + 1;
}
