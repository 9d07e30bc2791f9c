import { createHash, randomBytes } from 'node:crypto';
import { type QueryCreator, sql } from 'kysely';
import { SESSION_IDLE_MS } from '@prova/contract/limits';
import type { Database } from '../db/schema';

// The cookie carries a random token; the database keeps only its hash, so a leaked table opens nothing.
export const newSessionToken = () => randomBytes(32).toString('base64url');
export const sessionIdOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** When a session made at `at` ends unless it is used again. */
export const sessionIdleEnd = (at: Date) => new Date(at.getTime() + SESSION_IDLE_MS).toISOString();

/**
 * A session `id` for the person with this e-mail, if one may sign in with a password (active, with a password set):
 * nothing for anyone else. A sign-in opens it with its read, before the password is checked (one statement fewer on
 * its way), and keeps it only if everything checks out: its token is sent then, and never otherwise, and a sign-in
 * that fails discards it.
 */
export const openingSession = (qc: QueryCreator<Database>, id: string, email: string, createdAt: string, expiresAt: string) =>
  qc
    .insertInto('sessions')
    .columns(['id', 'user_id', 'campaign_id', 'via_sso', 'created_at', 'expires_at'])
    .expression(
      qc
        .selectFrom('users')
        .select((eb) => [
          eb.val(id).as('id'),
          'users.id as user_id',
          sql<null>`null`.as('campaign_id'),
          sql<number>`0`.as('via_sso'),
          eb.val(createdAt).as('created_at'),
          eb.val(expiresAt).as('expires_at'),
        ])
        .where('users.email', '=', email)
        .where('users.deactivated_at', 'is', null)
        .where('users.password_hash', 'is not', null),
    );
