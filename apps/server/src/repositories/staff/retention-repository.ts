import type { Db } from '../../db/database';
import { retentionEraseOn } from '../../domain/retention';

export interface RetentionDueRow {
  userId: number;
  companyId: number;
  firstName: string;
  lastName: string;
  email: string;
  eraseOn: Date;
  notifiedAt: string | null;
}

/** Retention: who is due to be erased, the notices staff were sent, and the daily run claimed once across instances. */
export function createRetentionRepository(db: Db) {
  return {
    /**
     * Claims the run of `day` (UTC, YYYY-MM-DD): true for the one instance whose insert made the row, false for every
     * other (the row exists: another instance runs it, or ran it).
     */
    async claimDay(day: string, claimer: string, now: Date): Promise<boolean> {
      const rows = await db
        .insertInto('retention_runs')
        .values({ day, claimed_by: claimer, started_at: now.toISOString(), finished_at: null, erased: null, noticed: null })
        .onConflict((oc) => oc.column('day').doNothing())
        .returning('day')
        .execute();
      return rows.length === 1;
    },

    async finishDay(day: string, counts: { erased: number; noticed: number }, now: Date): Promise<void> {
      await db
        .updateTable('retention_runs')
        .set({ finished_at: now.toISOString(), ...counts })
        .where('day', '=', day)
        .execute();
    },

    /** The people (of one company, or all) retention will erase, with when; those a campaign keeps are not listed. */
    async due(companyId?: number): Promise<RetentionDueRow[]> {
      let query = db
        .selectFrom('participants')
        .innerJoin('users', 'users.id', 'participants.user_id')
        .innerJoin('campaigns', 'campaigns.id', 'participants.campaign_id')
        .innerJoin('companies', 'companies.id', 'users.company_id')
        .leftJoin('retention_notices', 'retention_notices.user_id', 'users.id')
        .select([
          'users.id',
          'users.company_id',
          'users.first_name',
          'users.last_name',
          'users.email',
          'users.role',
          'campaigns.date_end',
          'campaigns.retention_months as campaign_months',
          'companies.retention_months as company_months',
          'retention_notices.notified_at',
        ])
        .where('users.erased_at', 'is', null);
      if (companyId !== undefined) query = query.where('users.company_id', '=', companyId);
      const rows = await query.orderBy('users.id').execute();
      const byUser = new Map<number, typeof rows>();
      for (const row of rows) byUser.set(row.id, [...(byUser.get(row.id) ?? []), row]);
      const due: RetentionDueRow[] = [];
      for (const [userId, campaigns] of byUser) {
        const first = campaigns[0];
        const eraseOn = retentionEraseOn(
          first.role,
          campaigns.map((c) => ({ dateEnd: c.date_end, campaignMonths: c.campaign_months, companyMonths: c.company_months })),
        );
        if (!eraseOn) continue;
        due.push({
          userId,
          companyId: first.company_id,
          firstName: first.first_name,
          lastName: first.last_name,
          email: first.email,
          eraseOn,
          notifiedAt: first.notified_at,
        });
      }
      return due.sort((a, b) => a.eraseOn.getTime() - b.eraseOn.getTime() || a.userId - b.userId);
    },

    async recordNotices(notices: { userId: number; companyId: number; eraseOn: string }[], now: Date): Promise<void> {
      if (notices.length === 0) return;
      await db
        .insertInto('retention_notices')
        .values(notices.map((n) => ({ user_id: n.userId, company_id: n.companyId, erase_on: n.eraseOn, notified_at: now.toISOString() })))
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    },

    /** The company's active people with their role and language (the run tells its staff). */
    async activePeopleOf(companyId: number) {
      return db
        .selectFrom('users')
        .select(['email', 'first_name', 'lang', 'role'])
        .where('company_id', '=', companyId)
        .where('deactivated_at', 'is', null)
        .where('erased_at', 'is', null)
        .orderBy('id')
        .execute();
    },

    async setCampaignMonths(campaignId: number, months: number | null): Promise<void> {
      await db.updateTable('campaigns').set({ retention_months: months }).where('id', '=', campaignId).execute();
    },
  };
}
export type RetentionRepository = ReturnType<typeof createRetentionRepository>;
