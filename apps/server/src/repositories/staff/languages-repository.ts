import type { ChangeFeed } from '../../db/change-feed';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/dialect';
import { z } from 'zod/mini';
import { readColumn } from '../json-column-readers';

const offeredSchema = z.array(z.string());

/** The platform's languages, with how many of a company's campaigns offer each. Their names are kept in memory: a change says so. */
export function createStaffLanguagesRepository(db: Db, changes: Pick<ChangeFeed, 'announce'>) {
  const changed = () => changes.announce({ kind: 'all' }, db);
  return {
    async list(companyId: number) {
      const [languages, campaigns] = await Promise.all([
        db.selectFrom('languages').selectAll().orderBy('lang').execute(),
        db.selectFrom('campaigns').select('languages').where('company_id', '=', companyId).execute(),
      ]);
      // Any code counts, not only the platform's own: a language added here may be offered before the contract knows it.
      const offered = campaigns.map((c) => readColumn(offeredSchema, c.languages, []));
      return languages.map((l) => ({ ...l, campaigns: offered.filter((langs) => langs.includes(l.lang)).length }));
    },

    /** False when the language exists already. */
    async create(lang: string, name: string): Promise<boolean> {
      try {
        await db.insertInto('languages').values({ lang, name }).execute();
        await changed();
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },

    async rename(lang: string, name: string): Promise<boolean> {
      const result = await db.updateTable('languages').set({ name }).where('lang', '=', lang).executeTakeFirst();
      await changed();
      return Number(result.numUpdatedRows) > 0;
    },

    /** A campaign of any company offers it, or somebody reads in it: deleting it would change what they see. */
    async inUse(lang: string): Promise<boolean> {
      const quoted = `%${JSON.stringify(lang)}%`;
      const [campaign, user, participant] = await Promise.all([
        db.selectFrom('campaigns').select('id').where('languages', 'like', quoted).executeTakeFirst(),
        db.selectFrom('users').select('id').where('lang', '=', lang).executeTakeFirst(),
        db.selectFrom('participants').select('user_id').where('lang', '=', lang).executeTakeFirst(),
      ]);
      return campaign !== undefined || user !== undefined || participant !== undefined;
    },

    async delete(langs: string[]) {
      await db.deleteFrom('languages').where('lang', 'in', langs).execute();
      await changed();
    },
  };
}
