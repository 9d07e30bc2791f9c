import { PostgresAdapter, type QueryCreator, sql } from 'kysely';
import type { Changes } from '../db/change-feed';
import { compiledOnce } from '../db/compiled-once';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import {
  openParticipationsOf,
  PARTICIPATION_COLUMNS,
  type Participation,
  participationOf,
  type ParticipationRow,
} from './campaigns-repository';
import { type SsoSettings, ssoSettingsOf } from './json-column-readers';
import { openingSession, sessionIdleEnd } from './session-rows';
import { countingRequests, type RequestCount, type SignInCounts, storedKey } from './sign-in-throttle-repository';

/** The prefix of an open campaign's columns in a sign-in's rows. */
const OPEN = 'open_';
/** Each column of an open campaign with its name in a sign-in's rows. */
const OPEN_COLUMNS = PARTICIPATION_COLUMNS.map((column) => [column, `${OPEN}${column}`] as const);
/** The guard's counts in a sign-in's rows, beside the person's columns. */
const COUNT_COLUMNS = new Set([
  'account_key',
  'account_blocked_until',
  'address_blocked_until',
  'device_blocked_until',
  'requests',
  'requests_since',
]);

/** People with what the app shows of their company. Also what a session is read with (sessions-repository). */
export const usersWithCompany = (db: Db) =>
  db
    .selectFrom('users')
    .innerJoin('companies', 'companies.id', 'users.company_id')
    .selectAll('users')
    .select(['companies.name as company_name', 'companies.logo as company_logo', 'companies.sso_slug as company_sso_slug']);

/**
 * A sign-in's writes where the database cannot make them in its read (SQLite), made beside it, without a sync to the
 * disk: its request counted under `key` in a window of `windowMs`, and its session opened (session-rows.ts).
 */
export interface SignInWrites {
  countRequest(key: string, windowMs: number, now: Date): Promise<RequestCount>;
  openSession(id: string, email: string, at: Date): Promise<void>;
}

export function createUsersRepository(db: Db, changes: Changes, beside: SignInWrites) {
  const onPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const withCompany = () => usersWithCompany(db);
  // Password resets (db/compiled-once.ts).
  const byEmail = compiledOnce((email: string) => withCompany().where('users.email', '=', email));
  // A sign-in reads the person, the guard's counts of the account and the address (services/sign-in-guard.ts) and
  // the person's open campaigns in one statement, from a row that is always there: the counts matter for an e-mail
  // nobody has too. One row a campaign (or one without): their columns come under a prefix, as the person's have the
  // same names. On PostgreSQL every statement is a round trip that wakes a server process, a tenth of a sign-in's own CPU.
  const signInRead = (qc: QueryCreator<Database>, email: string, account: string, address: string, device: string, now: string) =>
    qc
      .selectFrom(db.selectNoFrom(sql<number>`1`.as('one')).as('one'))
      .leftJoin(withCompany().where('users.email', '=', email).as('person'), (join) => join.onTrue())
      .leftJoin('sign_in_throttle as account', (join) => join.on('account.key', '=', account))
      .leftJoin('sign_in_throttle as address', (join) => join.on('address.key', '=', address))
      .leftJoin('sign_in_throttle as device', (join) => join.on('device.key', '=', device))
      // Found by the e-mail inside: SQLite does not carry the join's condition into the subquery, which would then
      // read every open participation of the database (test/scale/hot-queries.sqlite.test.ts).
      .leftJoin(
        openParticipationsOf(db, now).where('users.email', '=', email).select('participants.user_id as open_user_id').as('open'),
        (join) => join.onRef('open.open_user_id', '=', 'person.id'),
      )
      .selectAll('person')
      .select(['account.key as account_key', 'account.blocked_until as account_blocked_until'])
      .select('address.blocked_until as address_blocked_until')
      .select('device.blocked_until as device_blocked_until')
      .select(PARTICIPATION_COLUMNS.map((column) => sql.ref(`open.${column}`).as(`${OPEN}${column}`)))
      // As campaigns.listOpenForUser: the latest begun first.
      .orderBy('open.date_start', 'desc')
      .orderBy('open.id');
  const forSignIn = compiledOnce((email: string, account: string, address: string, device: string, now: string) =>
    signInRead(db, email, account, address, device, now),
  );
  // The sign-in's request counted and its session opened in the same statement (PostgreSQL runs data-modifying WITHs
  // before the select): each statement fewer spares a round trip to another process.
  const forSignInCounted = compiledOnce(
    (
      email: string,
      account: string,
      address: string,
      device: string,
      now: string,
      requests: string,
      at: string,
      ended: string,
      session: string,
      sessionEnd: string,
    ) =>
      signInRead(
        db
          .with('counted', (qc) => countingRequests(qc, at, ended, [[requests, 1]]))
          .with('opened', (qc) => openingSession(qc as unknown as QueryCreator<Database>, session, email, at, sessionEnd))
          // Committed without waiting for the disk, as the limits' counts are (writeWithoutSync): a crash of the machine
          // may forget the count; no more is written. Set for this statement's own transaction only.
          .with('unsynced', (qc) =>
            qc.selectNoFrom(sql<string>`set_config('synchronous_commit', 'off', true)`.as('setting')),
          ) as unknown as QueryCreator<Database>,
        email,
        account,
        address,
        device,
        now,
      )
        .crossJoin(sql<{ failures: number; window_start: string }>`counted`.as('counted'))
        .crossJoin(sql<{ setting: string }>`unsynced`.as('unsynced'))
        .select([sql<number>`counted.failures`.as('requests'), sql<string>`counted.window_start`.as('requests_since')]),
  );

  return {
    findByEmail: async (email: string) => (await db.executeQuery(byEmail(email.trim().toLowerCase()))).rows[0],
    /**
     * The person signing in with `email` (if any) with their campaigns open at `now`, and the guard's counts under
     * the account's, the address's and the device's keys (whether the account has one, until when each is held back;
     * `keys.device` is one no row has when the browser presents no device cookie of the account); the
     * sign-in's own request counted under `keys.requests`, in a window of `keys.requestsWindowMs`; and a session of
     * id `sessionId` opened for the person, if they may sign in with a password (session-rows.ts, openingSession).
     */
    async findForSignIn(
      email: string,
      keys: { account: string; address: string; device: string; requests: string; requestsWindowMs: number },
      sessionId: string,
      date = new Date(),
    ) {
      const now = date.toISOString();
      const normal = email.trim().toLowerCase();
      const asked = [normal, storedKey(keys.account), storedKey(keys.address), storedKey(keys.device), now] as const;
      let rows: Record<string, unknown>[];
      let requests: RequestCount;
      if (onPostgres) {
        const ended = new Date(date.getTime() - keys.requestsWindowMs).toISOString();
        const query = forSignInCounted(...asked, storedKey(keys.requests), now, ended, sessionId, sessionIdleEnd(date));
        rows = (await db.executeQuery(query)).rows as Record<string, unknown>[];
        requests = { count: Number(rows[0].requests), windowStart: rows[0].requests_since as string };
      } else {
        // SQLite cannot write within a read: the count and the session go to the writing connection while the read is made.
        const [read, counted] = await Promise.all([
          db.executeQuery(forSignIn(...asked)),
          beside.countRequest(keys.requests, keys.requestsWindowMs, date),
          beside.openSession(sessionId, normal, date),
        ]);
        rows = read.rows as Record<string, unknown>[];
        requests = counted;
      }
      const [first] = rows;
      // Copied rather than deleted from: an object that loses properties turns into a slow dictionary.
      const person: Record<string, unknown> = {};
      for (const key in first) if (!key.startsWith(OPEN) && !COUNT_COLUMNS.has(key)) person[key] = first[key];
      const open: Participation[] = [];
      for (const row of rows) {
        if (row[`${OPEN}id`] === null) continue;
        const participation: Record<string, unknown> = {};
        for (const [column, name] of OPEN_COLUMNS) participation[column] = row[name];
        open.push(participationOf(participation as ParticipationRow));
      }
      return {
        user: person.id === null ? undefined : (person as UserWithCompany),
        open,
        counts: {
          accountCounted: first.account_key !== null,
          heldUntil: [first.account_blocked_until as string | null, first.address_blocked_until as string | null],
          deviceHeldUntil: first.device_blocked_until as string | null,
          requests,
        } satisfies SignInCounts,
      };
    },
    findById: (id: number) => withCompany().where('users.id', '=', id).executeTakeFirst(),
    async setPasswordHash(userId: number, hash: string): Promise<void> {
      await db.updateTable('users').set({ password_hash: hash }).where('id', '=', userId).execute();
      await changes.announce({ kind: 'user', userId }, db);
    },

    /**
     * Stores `to`, the same password hashed anew, in place of `from` if that is still the one stored (a password
     * changed meanwhile stays). Nothing to announce: a sign-in reads the hash from the database, and a copy's older
     * hash checks the same password.
     */
    async upgradePasswordHash(userId: number, from: string, to: string): Promise<void> {
      await db.updateTable('users').set({ password_hash: to }).where('id', '=', userId).where('password_hash', '=', from).execute();
    },

    /** A user of one company by e-mail (SSO matches people only within the signing-in company). */
    findByEmailInCompany: (email: string, companyId: number) =>
      withCompany().where('users.email', '=', email.trim().toLowerCase()).where('users.company_id', '=', companyId).executeTakeFirst(),

    /** The company whose SSO slug this is, with its SSO settings (null if they do not read). */
    async findSsoCompany(slug: string): Promise<{ id: number; name: string; settings: SsoSettings | null } | undefined> {
      const row = await db.selectFrom('companies').select(['id', 'name', 'sso']).where('sso_slug', '=', slug).executeTakeFirst();
      return row && { id: row.id, name: row.name, settings: ssoSettingsOf(row.sso) };
    },

    /** Stores a reset link by its token's hash; the user's older links stop working. */
    async replacePasswordReset(userId: number, tokenHash: string, createdAt: Date, expiresAt: Date): Promise<void> {
      await db.deleteFrom('password_resets').where('user_id', '=', userId).execute();
      await db
        .insertInto('password_resets')
        .values({
          token_hash: tokenHash,
          user_id: userId,
          created_at: createdAt.toISOString(),
          expires_at: expiresAt.toISOString(),
          used_at: null,
        })
        .execute();
    },

    findPasswordReset: (tokenHash: string) =>
      db.selectFrom('password_resets').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst(),

    /** Marks a link used; false when it was already used (by a concurrent request, say). */
    async usePasswordReset(tokenHash: string, at: Date): Promise<boolean> {
      const result = await db
        .updateTable('password_resets')
        .set({ used_at: at.toISOString() })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
export type UserWithCompany = NonNullable<Awaited<ReturnType<UsersRepository['findById']>>>;
