import type { ChangeFeed, DataChange } from '../db/change-feed';
import type { Auth } from '../plugins/session';
import type { Participation } from '../repositories/campaigns-repository';
import type { CampaignTestRow } from '../repositories/tests-repository';

/** How long a copy is trusted at most, should a change go unannounced or unheard (a campaign's dates passing, a lost notification). */
export const ACCESS_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 50_000;

interface Entry<T> {
  value: T;
  until: number;
}

/**
 * Who is asking, and what they take part in: every request of a candidate needs the session, the
 * person, the participation and the test, and they change seldom. Copies are kept for a few seconds
 * and dropped as soon as a change is announced (logout, password change, consent, a campaign's import)
 * by this instance or, through the database, by another one (db/change-feed.ts).
 */
export function createAccessCache(changes: ChangeFeed, ttlMs = ACCESS_CACHE_TTL_MS) {
  const auths = new Map<string, Entry<Auth>>();
  const participations = new Map<string, Entry<Participation>>();
  const campaignTests = new Map<string, Entry<CampaignTestRow>>();
  // What every candidate of a campaign reads alike in the room: its tests, and the languages' names.
  const campaignTestLists = new Map<string, Entry<CampaignTestRow[]>>();
  const languageNames = new Map<string, Entry<Map<string, string>>>();
  // Bumped by every change: a copy read from the database before a change is not kept after it.
  let generation = 0;

  const forgetWhere = <T>(map: Map<string, Entry<T>>, stale: (key: string, value: T) => boolean) => {
    for (const [key, entry] of map) if (stale(key, entry.value)) map.delete(key);
  };
  function apply(change: DataChange) {
    generation += 1;
    switch (change.kind) {
      case 'session':
        auths.delete(change.sessionId);
        break;
      case 'user':
        forgetWhere(auths, (_, auth) => auth.user.id === change.userId);
        forgetWhere(participations, (key) => key.startsWith(`${change.userId}:`));
        break;
      case 'participation':
        participations.delete(`${change.userId}:${change.campaignId}`);
        break;
      case 'all':
        auths.clear();
        participations.clear();
        campaignTests.clear();
        campaignTestLists.clear();
        languageNames.clear();
        break;
    }
  }
  const unsubscribe = changes.subscribe(apply);

  /** The copy, else `load`'s answer, kept unless a change came while loading. Nothing is kept of a miss. */
  async function through<T>(
    map: Map<string, Entry<T>>,
    key: string,
    load: () => Promise<T | undefined | null>,
    stillValid: (value: T) => boolean = () => true,
  ): Promise<T | undefined> {
    const live = changes.live();
    const hit = live ? map.get(key) : undefined;
    if (hit && hit.until > Date.now() && stillValid(hit.value)) return hit.value;
    if (hit) map.delete(key);
    const before = generation;
    const value = (await load()) ?? undefined;
    if (value !== undefined && live && before === generation) {
      if (map.size >= MAX_ENTRIES) map.clear();
      map.set(key, { value, until: Date.now() + ttlMs });
    }
    return value;
  }

  return {
    /**
     * The session (by its id, the token's hash) and its person. Whatever ends a session answers only once
     * this instance's listener heard it back (ChangeFeed.heard), when the others have heard it too.
     */
    auth: (sessionId: string, load: () => Promise<Auth | null>) => through(auths, sessionId, load),

    /** An open participation; a copy is checked again against the campaign's dates at each use. */
    participation: (userId: number, campaignId: number, load: () => Promise<Participation | undefined>, now = new Date()) =>
      through(participations, `${userId}:${campaignId}`, load, (p) => isOpen(p, now.toISOString())),

    campaignTest: (campaignId: number, testId: number, load: () => Promise<CampaignTestRow | undefined>) =>
      through(campaignTests, `${campaignId}:${testId}`, load),

    /** A campaign's tests, in order (changed only by an import or the staff console, which announce it). Shared: never changed by callers. */
    campaignTestList: async (campaignId: number, load: () => Promise<CampaignTestRow[]>) =>
      (await through(campaignTestLists, String(campaignId), load)) ?? [],

    /** The languages' names by code. Shared: never changed by callers. */
    languageNames: async (load: () => Promise<Map<string, string>>) =>
      (await through(languageNames, 'all', load)) ?? new Map<string, string>(),

    close: unsubscribe,
  };
}
export type AccessCache = ReturnType<typeof createAccessCache>;

/** The same window as campaigns-repository's findOpenForUser. */
function isOpen(p: Participation, now: string): boolean {
  return p.date_start <= now && (p.date_end >= now || p.status === 'COMPLETED' || p.status === 'REPORT');
}
