import type { Db } from '../db/database';

export function createCampaignsRepository(db: Db) {
  // A person takes part only in their own company's campaigns, whatever a participant row says.
  const participations = () =>
    db
      .selectFrom('participants')
      .innerJoin('campaigns', 'campaigns.id', 'participants.campaign_id')
      .innerJoin('users', (join) =>
        join.onRef('users.id', '=', 'participants.user_id').onRef('users.company_id', '=', 'campaigns.company_id'),
      )
      .selectAll('campaigns')
      .select([
        'participants.lang as participant_lang',
        'participants.last_access',
        'participants.extra_time_percent',
        'participants.privacy_consent_at',
        'participants.storage',
      ]);

  return {
    /** Campaigns the user takes part in that are open now (a finished one with reports stays open). */
    listOpenForUser(userId: number, now = new Date().toISOString()) {
      return participations()
        .where('participants.user_id', '=', userId)
        .where('campaigns.date_start', '<=', now)
        .where((eb) => eb.or([eb('campaigns.date_end', '>=', now), eb('campaigns.status', 'in', ['COMPLETED', 'REPORT'])]))
        .orderBy('campaigns.date_start', 'desc')
        .orderBy('campaigns.id')
        .execute();
    },

    findOpenForUser(userId: number, campaignId: number, now = new Date().toISOString()) {
      return participations()
        .where('participants.user_id', '=', userId)
        .where('campaigns.id', '=', campaignId)
        .where('campaigns.date_start', '<=', now)
        .where((eb) => eb.or([eb('campaigns.date_end', '>=', now), eb('campaigns.status', 'in', ['COMPLETED', 'REPORT'])]))
        .executeTakeFirst();
    },

    async enter(campaignId: number, userId: number, lang: string | null): Promise<void> {
      const set: { last_access: string; lang?: string } = { last_access: new Date().toISOString() };
      if (lang) set.lang = lang;
      await db.updateTable('participants').set(set).where('campaign_id', '=', campaignId).where('user_id', '=', userId).execute();
    },

    /** The person's layout storage, replaced whole. */
    async saveStorage(campaignId: number, userId: number, storage: unknown): Promise<void> {
      await db
        .updateTable('participants')
        .set({ storage: JSON.stringify(storage) })
        .where('campaign_id', '=', campaignId)
        .where('user_id', '=', userId)
        .execute();
    },

    async giveConsent(campaignId: number, userId: number): Promise<void> {
      await db
        .updateTable('participants')
        .set({ privacy_consent_at: new Date().toISOString() })
        .where('campaign_id', '=', campaignId)
        .where('user_id', '=', userId)
        .where('privacy_consent_at', 'is', null)
        .execute();
    },

    async languageNames(): Promise<Map<string, string>> {
      const rows = await db.selectFrom('languages').selectAll().execute();
      return new Map(rows.map((r) => [r.lang, r.name]));
    },
  };
}
export type CampaignsRepository = ReturnType<typeof createCampaignsRepository>;
export type Participation = NonNullable<Awaited<ReturnType<CampaignsRepository['findOpenForUser']>>>;
