import { createHash, randomBytes } from 'node:crypto';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '@prova/contract/limits';
import type { Db } from '../db/database';

// The cookie carries a random token; the database keeps only its hash, so a leaked table opens nothing.
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const REFRESH_AFTER_MS = 5 * 60 * 1000;

export interface SessionRecord {
  id: string;
  userId: number;
  campaignId: number | null;
  viaSso: boolean;
}

export function createSessionsRepository(db: Db) {
  return {
    async create(userId: number, viaSso = false): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const now = Date.now();
      // Signing in is the moment to drop the rows of sessions that ran out.
      await db
        .deleteFrom('sessions')
        .where((eb) =>
          eb.or([
            eb('expires_at', '<=', new Date(now).toISOString()),
            eb('created_at', '<=', new Date(now - SESSION_ABSOLUTE_MS).toISOString()),
          ]),
        )
        .execute();
      await db
        .insertInto('sessions')
        .values({
          id: hashToken(token),
          user_id: userId,
          campaign_id: null,
          via_sso: viaSso ? 1 : 0,
          created_at: new Date(now).toISOString(),
          expires_at: new Date(now + SESSION_IDLE_MS).toISOString(),
        })
        .execute();
      return token;
    },

    /** The live session for a cookie token; slides its expiry now and then. */
    async find(token: string): Promise<SessionRecord | null> {
      const id = hashToken(token);
      const row = await db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return null;
      const now = Date.now();
      const expires = Date.parse(row.expires_at);
      if (expires <= now || Date.parse(row.created_at) + SESSION_ABSOLUTE_MS <= now) {
        await db.deleteFrom('sessions').where('id', '=', id).execute();
        return null;
      }
      if (expires - now < SESSION_IDLE_MS - REFRESH_AFTER_MS) {
        await db
          .updateTable('sessions')
          .set({ expires_at: new Date(now + SESSION_IDLE_MS).toISOString() })
          .where('id', '=', id)
          .execute();
      }
      return { id, userId: row.user_id, campaignId: row.campaign_id, viaSso: row.via_sso === 1 };
    },

    async selectCampaign(id: string, campaignId: number | null): Promise<void> {
      await db.updateTable('sessions').set({ campaign_id: campaignId }).where('id', '=', id).execute();
    },

    async delete(id: string): Promise<void> {
      await db.deleteFrom('sessions').where('id', '=', id).execute();
    },

    /** Ends every session of a user but the one given (after a password change, say). */
    async deleteForUser(userId: number, exceptId?: string): Promise<void> {
      let query = db.deleteFrom('sessions').where('user_id', '=', userId);
      if (exceptId) query = query.where('id', '!=', exceptId);
      await query.execute();
    },
  };
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
