import { sql } from 'kysely';
import { APPOINTED_ROLES } from '@prova/contract/staff-companies';
import { announcingTransaction, type Changes } from '../../db/change-feed';
import type { Db } from '../../db/database';
import { containsText } from './text-search';

export interface PeopleFilter {
  q?: string;
  role?: string;
  campaignId?: number;
  active: 'yes' | 'no' | 'all';
  page: number;
  pageSize: number;
}

export interface PersonFields {
  email: string;
  first_name: string;
  last_name: string;
  gender: string | null;
  lang: string | null;
  role: string;
  has_sso: number;
}

/** The people of one company, as staff manage them. */
export function createPeopleRepository(db: Db, changes: Changes) {
  const columns = [
    'users.id',
    'users.company_id',
    'users.email',
    'users.first_name',
    'users.last_name',
    'users.gender',
    'users.lang',
    'users.role',
    'users.has_sso',
    'users.created_at',
    'users.deactivated_at',
  ] as const;
  const people = (companyId: number) =>
    db
      .selectFrom('users')
      .select(columns)
      .select((eb) => eb.case().when('users.password_hash', 'is not', null).then(1).else(0).end().as('has_password'))
      .where('users.company_id', '=', companyId)
      // An erased person's tombstone is nobody staff manage (erasure-repository.ts).
      .where('users.erased_at', 'is', null);

  /** Each person's campaigns of their company. */
  async function campaignsOf(companyId: number, userIds: number[]): Promise<Map<number, number[]>> {
    const out = new Map<number, number[]>(userIds.map((id) => [id, []]));
    if (userIds.length === 0) return out;
    const rows = await db
      .selectFrom('participants')
      .innerJoin('campaigns', 'campaigns.id', 'participants.campaign_id')
      .select(['participants.user_id', 'participants.campaign_id'])
      .where('participants.user_id', 'in', userIds)
      .where('campaigns.company_id', '=', companyId)
      .orderBy('participants.campaign_id')
      .execute();
    for (const row of rows) out.get(row.user_id)?.push(row.campaign_id);
    return out;
  }

  return {
    campaignsOf,

    async list(companyId: number, filter: PeopleFilter) {
      let query = people(companyId);
      if (filter.q)
        query = query.where(containsText([sql.ref('users.first_name'), sql.ref('users.last_name'), sql.ref('users.email')], filter.q));
      if (filter.role) query = query.where('users.role', '=', filter.role);
      if (filter.active === 'yes') query = query.where('users.deactivated_at', 'is', null);
      if (filter.active === 'no') query = query.where('users.deactivated_at', 'is not', null);
      if (filter.campaignId !== undefined) {
        const campaignId = filter.campaignId;
        query = query.where((eb) =>
          eb.exists(
            eb
              .selectFrom('participants')
              .select('participants.user_id')
              .where('participants.campaign_id', '=', campaignId)
              .whereRef('participants.user_id', '=', 'users.id'),
          ),
        );
      }
      const [rows, count] = await Promise.all([
        query
          .orderBy('users.last_name')
          .orderBy('users.first_name')
          .orderBy('users.id')
          .limit(filter.pageSize)
          .offset((filter.page - 1) * filter.pageSize)
          .execute(),
        query
          .clearSelect()
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    find: (companyId: number, userId: number) => people(companyId).where('users.id', '=', userId).executeTakeFirst(),

    /** The company's staff (admins and superassessors), by name. */
    staffOf: (companyId: number) =>
      people(companyId)
        .where('users.role', 'in', [...APPOINTED_ROLES])
        .orderBy('users.last_name')
        .orderBy('users.first_name')
        .orderBy('users.id')
        .execute(),

    /** Which of these ids are the company's people (the rest are another company's, or nobody's). */
    async ownIds(companyId: number, userIds: number[]): Promise<Set<number>> {
      if (userIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('users')
        .select('id')
        .where('company_id', '=', companyId)
        .where('id', 'in', userIds)
        .where('erased_at', 'is', null)
        .execute();
      return new Set(rows.map((r) => r.id));
    },

    /** Anyone, in any company, with this e-mail (addresses are unique across the platform). */
    findIdByEmail: (email: string) => db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(),

    async create(companyId: number, fields: PersonFields, now = new Date()): Promise<number> {
      const row = await db
        .insertInto('users')
        .values({ ...fields, company_id: companyId, password_hash: null, privacy: 0, created_at: now.toISOString(), deactivated_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(userId: number, patch: Partial<PersonFields> & { deactivated_at?: string | null }): Promise<void> {
      if (Object.keys(patch).length === 0) return;
      await db.updateTable('users').set(patch).where('id', '=', userId).execute();
      await changes.announce({ kind: 'user', userId }, db);
    },

    /** Deactivates people and ends their sessions: they cannot sign in; what they did stays. */
    async deactivate(userIds: number[], now = new Date()): Promise<void> {
      // Answered once every instance has dropped its copies of their sessions.
      await announcingTransaction(db, changes, async (trx, changes) => {
        await trx
          .updateTable('users')
          .set({ deactivated_at: now.toISOString() })
          .where('id', 'in', userIds)
          .where('deactivated_at', 'is', null)
          .execute();
        await trx.deleteFrom('sessions').where('user_id', 'in', userIds).execute();
        await trx.deleteFrom('password_resets').where('user_id', 'in', userIds).execute();
        for (const userId of userIds) await changes.announce({ kind: 'user', userId }, trx);
      });
    },
  };
}
export type PersonRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createPeopleRepository>['find']>>>;
