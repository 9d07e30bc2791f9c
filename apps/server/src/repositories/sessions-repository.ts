import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '@prova/contract/limits';
import { type Changes, silentChanges } from '../db/change-feed';
import { compiledOnce } from '../db/compiled-once';
import type { Db, WriteWithoutSync } from '../db/database';
import { newSessionToken, openingSession, sessionIdleEnd, sessionIdOf } from './session-rows';
import { type UserWithCompany, usersWithCompany } from './users-repository';
const REFRESH_AFTER_MS = 5 * 60 * 1000;

export interface SessionRecord {
  id: string;
  userId: number;
  campaignId: number | null;
  viaSso: boolean;
  /** The operator's current company (PUT /api/staff/current-company); null: their own. */
  currentCompanyId: number | null;
  /** When it ends unless used again (ms since the epoch): the earlier of its idle end and its absolute end. */
  endsAt: number;
}

/**
 * `writeWithoutSync`: where new sessions are written. A sign-in is not worth a sync to the disk: the database's log
 * keeps writes in order, so the session is on the disk before anything durable done with it is acknowledged, and a
 * crash of the machine before that only asks its person to sign in again. Ending sessions stays durable.
 */
export function createSessionsRepository(db: Db, writeWithoutSync: WriteWithoutSync, changes: Changes = silentChanges) {
  /**
   * The live sessions of these ids (sessionIdOf) with their people, in one statement (concurrent requests share it);
   * in order. A session that ran out is dropped; one in use slides its expiry now and then.
   */
  async function findManyWithUser(ids: string[]): Promise<({ session: SessionRecord; user: UserWithCompany } | null)[]> {
    const rows = await usersWithCompany(db)
      .innerJoin('sessions', 'sessions.user_id', 'users.id')
      .select([
        'sessions.id as session_id',
        'sessions.campaign_id as session_campaign_id',
        'sessions.via_sso as session_via_sso',
        'sessions.created_at as session_created_at',
        'sessions.expires_at as session_expires_at',
        'sessions.company_id as session_company_id',
      ])
      .where('sessions.id', 'in', [...new Set(ids)])
      .execute();
    const byId = new Map(rows.map((row) => [row.session_id, row]));
    const now = Date.now();
    const found: ({ session: SessionRecord; user: UserWithCompany } | null)[] = [];
    for (const id of ids) {
      const row = byId.get(id);
      if (!row) {
        found.push(null);
        continue;
      }
      const { session_id, session_campaign_id, session_via_sso, session_created_at, session_expires_at, session_company_id, ...user } = row;
      let expiresAt = session_expires_at;
      const expires = Date.parse(expiresAt);
      if (expires <= now || Date.parse(session_created_at) + SESSION_ABSOLUTE_MS <= now) {
        await db.deleteFrom('sessions').where('id', '=', id).execute();
        byId.delete(id);
        found.push(null);
        continue;
      }
      if (expires - now < SESSION_IDLE_MS - REFRESH_AFTER_MS) {
        expiresAt = new Date(now + SESSION_IDLE_MS).toISOString();
        await db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', id).execute();
      }
      found.push({
        session: {
          id: session_id,
          userId: user.id,
          campaignId: session_campaign_id,
          viaSso: session_via_sso === 1,
          currentCompanyId: session_company_id,
          endsAt: Math.min(Date.parse(expiresAt), Date.parse(session_created_at) + SESSION_ABSOLUTE_MS),
        },
        user,
      });
    }
    return found;
  }

  // A session made on its own: a single sign-on (db/compiled-once.ts). A password sign-in opens it with its read.
  const insertSession = compiledOnce((id: string, userId: number, viaSso: number, createdAt: string, expiresAt: string) =>
    db
      .insertInto('sessions')
      .values({ id, user_id: userId, campaign_id: null, via_sso: viaSso, created_at: createdAt, expires_at: expiresAt }),
  );

  const openFor = compiledOnce((id: string, email: string, createdAt: string, expiresAt: string) =>
    openingSession(db, id, email, createdAt, expiresAt),
  );
  const discardQuery = compiledOnce((id: string) => db.deleteFrom('sessions').where('id', '=', id));

  return {
    async create(userId: number, viaSso = false): Promise<string> {
      const token = newSessionToken();
      const now = new Date();
      await writeWithoutSync(insertSession(sessionIdOf(token), userId, viaSso ? 1 : 0, now.toISOString(), sessionIdleEnd(now)));
      return token;
    },

    /** A sign-in's session for the person with this e-mail (session-rows.ts, openingSession), apart from its read (SQLite). */
    async openFor(id: string, email: string, at: Date): Promise<void> {
      await writeWithoutSync(openFor(id, email, at.toISOString(), sessionIdleEnd(at)));
    },

    /**
     * Drops a session whose token was never sent (a sign-in that failed after its read opened one): no instance can
     * hold a copy of it, so nothing is announced, and it need not wait for the disk.
     */
    async discard(id: string): Promise<void> {
      await writeWithoutSync(discardQuery(id));
    },

    findManyWithUser,

    /** Drops the rows of sessions that ran out (housekeeping, off the sign-in's path). */
    async purgeExpired(now = Date.now()): Promise<void> {
      await db
        .deleteFrom('sessions')
        .where((eb) =>
          eb.or([
            eb('expires_at', '<=', new Date(now).toISOString()),
            eb('created_at', '<=', new Date(now - SESSION_ABSOLUTE_MS).toISOString()),
          ]),
        )
        .execute();
    },

    async selectCampaign(id: string, campaignId: number | null): Promise<void> {
      await db.updateTable('sessions').set({ campaign_id: campaignId }).where('id', '=', id).execute();
      await changes.announce({ kind: 'session', sessionId: id }, db);
    },

    /** The company an operator's session works on from now on (null: their own). */
    async selectCompany(id: string, companyId: number | null): Promise<void> {
      await db.updateTable('sessions').set({ company_id: companyId }).where('id', '=', id).execute();
      await changes.announce({ kind: 'session', sessionId: id }, db);
    },

    async delete(id: string): Promise<void> {
      await db.deleteFrom('sessions').where('id', '=', id).execute();
      await changes.announce({ kind: 'session', sessionId: id }, db);
    },

    /** Ends every session of a user but the one given (after a password change, say). */
    async deleteForUser(userId: number, exceptId?: string): Promise<void> {
      let query = db.deleteFrom('sessions').where('user_id', '=', userId);
      if (exceptId) query = query.where('id', '!=', exceptId);
      await query.execute();
      await changes.announce({ kind: 'user', userId }, db);
    },
  };
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
