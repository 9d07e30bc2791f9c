import { CANDIDATE_ROLE } from '@prova/contract/auth';
import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** Who staff invited to a campaign, when last, by whom and how often. */
export function createInvitationsRepository(db: Db) {
  return {
    async record(campaignId: number, userIds: number[], invitedBy: number, now = new Date()): Promise<void> {
      const at = now.toISOString();
      for (let i = 0; i < userIds.length; i += 500) {
        await db
          .insertInto('invitations')
          .values(
            userIds
              .slice(i, i + 500)
              .map((userId) => ({ campaign_id: campaignId, user_id: userId, invited_at: at, invited_by: invitedBy, times: 1 })),
          )
          .onConflict((oc) =>
            oc.columns(['campaign_id', 'user_id']).doUpdateSet({
              invited_at: sql`excluded.invited_at`,
              invited_by: sql`excluded.invited_by`,
              times: sql`invitations.times + 1`,
            }),
          )
          .execute();
      }
    },

    /** The participants of the campaign not invited yet. */
    async notInvited(campaignId: number, companyId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('participants')
        // Everyone means every candidate: the assessors a campaign lists are invited by name, if at all.
        .innerJoin('users', (join) =>
          join.onRef('users.id', '=', 'participants.user_id').on('users.company_id', '=', companyId).on('users.role', '=', CANDIDATE_ROLE),
        )
        .leftJoin('invitations', (join) =>
          join.onRef('invitations.campaign_id', '=', 'participants.campaign_id').onRef('invitations.user_id', '=', 'participants.user_id'),
        )
        .select('participants.user_id')
        .where('participants.campaign_id', '=', campaignId)
        .where('invitations.user_id', 'is', null)
        .orderBy('participants.user_id')
        .execute();
      return rows.map((r) => r.user_id);
    },

    /** What the invitation mails need of each person. */
    recipients: async (campaignId: number, userIds: number[]) =>
      userIds.length === 0
        ? []
        : db
            .selectFrom('users')
            .innerJoin('companies', 'companies.id', 'users.company_id')
            .innerJoin('participants', (join) =>
              join.onRef('participants.user_id', '=', 'users.id').on('participants.campaign_id', '=', campaignId),
            )
            .select([
              'users.id',
              'users.email',
              'users.first_name',
              'users.gender',
              'users.lang',
              'users.has_sso',
              'users.deactivated_at',
              'users.password_hash',
              'participants.lang as participant_lang',
              'companies.sso_slug',
            ])
            .where('users.id', 'in', userIds)
            .execute(),
  };
}
