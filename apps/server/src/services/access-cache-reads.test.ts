import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ChangeFeed, sqliteChangeFeed } from '../db/change-feed';
import type { Auth } from '../plugins/session';
import type { Participation } from '../repositories/campaigns-repository';
import { type AccessCache, createAccessCache } from './access-cache';

// When the access cache reads the database (access-cache.ts): once for requests that miss together, and
// ahead of time for someone active, so that copies made in the same second do not all run out together.

const TTL = 5_000;
const CAMPAIGN_TTL = 30_000;
const NEVER = Date.parse('2100-01-01T00:00:00Z');
const auth = (name: string, sessionEndsAt = NEVER) =>
  ({ session: { endsAt: sessionEndsAt }, user: { id: 1, first_name: name } }) as unknown as Auth;

/** A read whose answer the test gives, counting how often it was asked for. */
function reads() {
  const pending: { resolve: (value: Auth | null) => void; reject: (error: Error) => void }[] = [];
  let asked = 0;
  return {
    load: () =>
      new Promise<Auth | null>((resolve, reject) => {
        asked += 1;
        pending.push({ resolve, reject });
      }),
    answer: (value: Auth | null) => pending.shift()!.resolve(value),
    fail: () => pending.shift()!.reject(new Error('database unreachable')),
    get asked() {
      return asked;
    },
  };
}
const turn = () => new Promise((resolve) => setImmediate(resolve));

let feed: ChangeFeed;
let cache: AccessCache;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T09:00:00Z'));
  feed = sqliteChangeFeed(new Database(':memory:'));
  cache = createAccessCache(feed, { who: TTL, what: CAMPAIGN_TTL });
});
afterEach(async () => {
  cache.close();
  await feed.close();
  vi.useRealTimers();
});
const after = (ms: number) => vi.setSystemTime(Date.now() + ms);

describe('reads of the access cache', () => {
  it('reads once for requests that miss together, and answers them all', async () => {
    const db = reads();
    const asked = Promise.all([1, 2, 3, 4].map(() => cache.auth('s1', db.load)));
    await turn();
    expect(db.asked).toBe(1);
    db.answer(auth('Anna'));
    expect((await asked).map((a) => a?.user.first_name)).toEqual(['Anna', 'Anna', 'Anna', 'Anna']);
  });

  it('serves a copy past half its life at once and reads it again in the background, so that an active person never waits', async () => {
    const db = reads();
    const first = cache.auth('s1', db.load);
    await turn();
    db.answer(auth('Anna'));
    expect((await first)?.user.first_name).toBe('Anna');

    after(2_000);
    expect((await cache.auth('s1', db.load))?.user.first_name).toBe('Anna');
    expect(db.asked).toBe(1); // young: no read

    after(1_000);
    // Served from the copy while the read it started is still under way.
    expect((await cache.auth('s1', db.load))?.user.first_name).toBe('Anna');
    expect((await cache.auth('s1', db.load))?.user.first_name).toBe('Anna');
    await turn();
    expect(db.asked).toBe(2);
    db.answer(auth('Anna Rossi'));
    await turn();

    // Past the first copy's life: the fresh one, without waiting for the database.
    after(2_500);
    expect((await cache.auth('s1', db.load))?.user.first_name).toBe('Anna Rossi');
    expect(db.asked).toBe(2);
  });

  it('never serves a copy past its life when the read ahead fails', async () => {
    const db = reads();
    const first = cache.auth('s1', db.load);
    await turn();
    db.answer(auth('Anna'));
    await first;
    after(3_000);
    expect((await cache.auth('s1', db.load))?.user.first_name).toBe('Anna');
    await turn();
    db.fail();
    await turn();

    after(2_001);
    const late = cache.auth('s1', db.load);
    await turn();
    expect(db.asked).toBe(3);
    db.answer(null);
    expect(await late).toBeUndefined();
  });

  it("never serves a copy of a session past the session's end, however young the copy", async () => {
    const db = reads();
    const first = cache.auth('s1', db.load);
    await turn();
    db.answer(auth('Anna', Date.now() + 1_000));
    expect((await first)?.user.first_name).toBe('Anna');
    after(999);
    expect((await cache.auth('s1', db.load))?.user.first_name).toBe('Anna');
    expect(db.asked).toBe(1);

    after(1);
    const ended = cache.auth('s1', db.load);
    await turn();
    expect(db.asked).toBe(2);
    db.answer(null); // the database's copy has run out too: the read drops it
    expect(await ended).toBeUndefined();
  });

  it("never serves a participation past its campaign's end, unless the campaign is finished with reports", async () => {
    const closing = (status: string) =>
      ({ date_start: '2026-11-01T00:00:00.000Z', date_end: '2026-11-23T09:00:01.000Z', status }) as unknown as Participation;
    let asked = 0;
    const load = (status: string) => async () => {
      asked += 1;
      return closing(status);
    };
    expect(await cache.participation(1, 7, load('ACTIVE'))).toEqual(closing('ACTIVE'));
    expect(await cache.participation(1, 8, load('REPORT'))).toEqual(closing('REPORT'));
    after(1_000); // the campaigns' last millisecond
    await cache.participation(1, 7, load('ACTIVE'));
    await cache.participation(1, 8, load('REPORT'));
    expect(asked).toBe(2);

    after(1);
    await cache.participation(1, 7, async () => {
      asked += 1;
      return undefined; // the database no longer answers it as open
    });
    expect(asked).toBe(3);
    // A finished campaign with reports stays open: its copy lives its life.
    expect(await cache.participation(1, 8, load('REPORT'))).toEqual(closing('REPORT'));
    expect(asked).toBe(3);
  });

  it('keeps what a candidate takes part in longer than who is asking', async () => {
    const participation = {
      date_start: '2026-11-01T00:00:00.000Z',
      date_end: '2026-12-31T00:00:00.000Z',
      status: 'ACTIVE',
    } as unknown as Participation;
    const who = reads();
    let participationReads = 0;
    const load = async () => {
      participationReads += 1;
      return participation;
    };
    const signedIn = cache.auth('s1', who.load);
    await turn();
    who.answer(auth('Anna'));
    await signedIn;
    expect(await cache.participation(1, 7, load)).toBe(participation);

    after(TTL + 1);
    // Who is asking has run out and is read again; the participation is served as it was, not even read ahead.
    const again = cache.auth('s1', who.load);
    await turn();
    expect(who.asked).toBe(2);
    who.answer(auth('Anna'));
    await again;
    expect(await cache.participation(1, 7, load)).toBe(participation);
    expect(participationReads).toBe(1);

    after(CAMPAIGN_TTL - TTL);
    expect(await cache.participation(1, 7, load)).toBe(participation);
    expect(participationReads).toBe(2);
  });

  it('does not join a read that began before a change: a request after a sign-out reads anew', async () => {
    const db = reads();
    const before = cache.auth('s1', db.load);
    await turn();
    await feed.announce({ kind: 'session', sessionId: 's1' }, undefined as never);
    const afterSignOut = cache.auth('s1', db.load);
    await turn();
    expect(db.asked).toBe(2);
    db.answer(auth('Anna'));
    db.answer(null);
    expect((await before)?.user.first_name).toBe('Anna');
    expect(await afterSignOut).toBeUndefined();
    // Nothing kept of the read that began before the change.
    const again = cache.auth('s1', db.load);
    await turn();
    expect(db.asked).toBe(3);
    db.answer(null);
    expect(await again).toBeUndefined();
  });

  it("keeps what it read while other people's sessions and participations changed (a campaign's start)", async () => {
    const db = reads();
    const first = cache.auth('s1', db.load);
    await turn();
    await feed.announce({ kind: 'session', sessionId: 's2' }, undefined as never);
    await feed.announce({ kind: 'participation', userId: 2, campaignId: 1 }, undefined as never);
    const joined = cache.auth('s1', db.load);
    await turn();
    expect(db.asked).toBe(1);
    // Someone else's password changed: told apart from this session once the read says whose it is.
    await feed.announce({ kind: 'user', userId: 2 }, undefined as never);
    db.answer(auth('Anna'));
    expect((await first)?.user.first_name).toBe('Anna');
    expect((await joined)?.user.first_name).toBe('Anna');
    expect((await cache.auth('s1', db.load))?.user.first_name).toBe('Anna');
    expect(db.asked).toBe(1);
  });

  it('does not keep a person read while a change to that person came (a password change ends every session of theirs)', async () => {
    const db = reads();
    const first = cache.auth('s1', db.load);
    await turn();
    await feed.announce({ kind: 'user', userId: 1 }, undefined as never);
    db.answer(auth('Anna'));
    await first;
    const next = cache.auth('s1', db.load);
    await turn();
    expect(db.asked).toBe(2);
    db.answer(null);
    expect(await next).toBeUndefined();
  });
});
