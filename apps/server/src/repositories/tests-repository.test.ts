import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { C_ALFA, staffBundle, T_INTERVIEW, T_SCORED, T_SHARED, T_TIMED } from '../../test/staff-fixtures';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { importBundle } from '../import/import-bundle';
import { createRepositories, type Repositories } from './create-repositories';

// A campaign's tests come with their JSON columns parsed (issue 53), once, in the repository: a stored value that
// does not read is its column's "nothing there", never a failed request (a candidate's room, every save).

let database: TestDatabase;
let repos: Repositories;

beforeAll(async () => {
  database = await createTestDatabase();
  expect((await importBundle(database, staffBundle)).ok).toBe(true);
  repos = createRepositories(database.db);
});
afterAll(() => database.destroy());

type TestColumns = Partial<Record<'name' | 'description' | 'json_data' | 'theme' | 'labels360', string>>;
const setTest = (id: number, values: TestColumns) => database.db.updateTable('tests').set(values).where('id', '=', id).execute();
const setCampaignPrerequisites = (testId: number, prerequisites: string) =>
  database.db
    .updateTable('campaign_tests')
    .set({ prerequisites })
    .where('campaign_id', '=', C_ALFA)
    .where('test_id', '=', testId)
    .execute();

describe("a campaign's tests", () => {
  it('come with their texts as their languages, and settings, theme, 360 labels and prerequisites parsed', async () => {
    await setTest(T_TIMED, {
      description: '{"IT_it":"Dieci minuti","EN_en":"Ten minutes"}',
      theme: '{"tag":"Nuovo","preview":{"subject":{"IT_it":"Ciao {firstName}"}}}',
      labels360: '[{"lang":"IT_it","details_360":"Come lavori"}]',
    });
    await setCampaignPrerequisites(T_TIMED, `[${T_SCORED}]`);
    const found = await repos.tests.findInCampaign(C_ALFA, T_TIMED);
    const listed = (await repos.tests.listForCampaign(C_ALFA)).find((t) => t.id === T_TIMED);
    for (const test of [found, listed]) {
      expect(test).toMatchObject({
        name: { IT_it: 'A tempo' },
        description: { IT_it: 'Dieci minuti', EN_en: 'Ten minutes' },
        instructions: { IT_it: '' },
        json_data: { hasTimer: true, duration: 10 },
        theme: { tag: 'Nuovo', preview: { subject: { IT_it: 'Ciao {firstName}' } } },
        labels360: [{ lang: 'IT_it', details_360: 'Come lavori' }],
        campaign_prerequisites: [T_SCORED],
      });
    }
  });

  it('read a plain text name as every language’s, and columns that do not read as none, listed or found', async () => {
    await setTest(T_INTERVIEW, { name: 'Testo semplice', json_data: '{"hasTimer":', theme: '["tag"]', labels360: '{"lang":"IT_it"}' });
    await setTest(T_SHARED, { json_data: '{"duration":"dieci","hasTimer":true}', theme: '"agenda"', labels360: '[1]' });
    await setCampaignPrerequisites(T_INTERVIEW, '[');
    await setCampaignPrerequisites(T_SHARED, '["uno"]');
    const listed = await repos.tests.listForCampaign(C_ALFA);
    for (const id of [T_INTERVIEW, T_SHARED]) {
      const none = { json_data: {}, theme: null, labels360: null, campaign_prerequisites: [] };
      expect(listed.find((t) => t.id === id)).toMatchObject(none);
      expect(await repos.tests.findInCampaign(C_ALFA, id)).toMatchObject(none);
    }
    expect((await repos.tests.findInCampaign(C_ALFA, T_INTERVIEW))?.name).toEqual({ IT_it: 'Testo semplice' });
  });

  it('share one parsed value per stored text: the settings are read on every save', async () => {
    const [first, again] = [await repos.tests.findInCampaign(C_ALFA, T_TIMED), await repos.tests.findInCampaign(C_ALFA, T_TIMED)];
    expect(again?.json_data).toBe(first?.json_data);
    expect(again?.theme).toBe(first?.theme);
  });
});
