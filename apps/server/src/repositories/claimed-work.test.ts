import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../db/database';
import { isUniqueViolation } from '../db/dialect';
import { createOutcomesRepository } from './outcomes-repository';
import { createProgressRepository, type ProgressKey, SCORING_LEASE_MS } from './progress-repository';
import { createJobsRepository } from './staff/jobs-repository';

// Work that must be done once across instances is claimed first. Two handles on one database stand for two
// instances (each its own connections: on PostgreSQL its own pool, on SQLite its own writer on the file).

let database: TestDatabase;
let other: DatabaseHandle;
const repos = (handle: DatabaseHandle) => ({
  progress: createProgressRepository(handle.db, handle.writeDurably),
  outcomes: createOutcomesRepository(handle.db),
  jobs: createJobsRepository(handle.db),
});
let a: ReturnType<typeof repos>;
let b: ReturnType<typeof repos>;
let campaign = 100;

beforeAll(async () => {
  database = await createTestDatabase();
  other = await openDatabase(database.url);
  a = repos(database);
  b = repos(other);
});
afterAll(async () => {
  await other?.close();
  await database?.destroy();
});

const keyOf = (k: ProgressKey) => `${k.campaignId}:${k.testId}:${k.userId}`;

/** `count` progress rows of a campaign of their own (the shape `fields` gives them). */
async function progressRows(count: number, fields: { status: string; scoring_due?: number; ends_at?: string }) {
  const campaignId = ++campaign;
  const at = new Date().toISOString();
  const rows = Array.from({ length: count }, (_, i) => ({
    campaign_id: campaignId,
    test_id: 1,
    user_id: i + 1,
    version: 3,
    data: '{}',
    updated_at: at,
    ...fields,
  }));
  for (let i = 0; i < rows.length; i += 100)
    await database.db
      .insertInto('test_progress')
      .values(rows.slice(i, i + 100))
      .execute();
  return { campaignId, keys: rows.map((r) => keyOf({ campaignId, testId: r.test_id, userId: r.user_id })) };
}

/** Calls `take` until it gets nothing (or far more than there is: the same rows again and again), and answers everything it got. */
async function drain(take: () => Promise<ProgressKey[]>, atMost = 1000): Promise<string[]> {
  const got: string[] = [];
  while (got.length <= atMost) {
    const batch = await take();
    if (batch.length === 0) break;
    got.push(...batch.map(keyOf));
  }
  return got;
}

const inCampaign = (campaignId: number) => (keys: string[]) => keys.filter((k) => k.startsWith(`${campaignId}:`));

describe('scorings are claimed', () => {
  it('two instances claiming at once never get the same test, and between them get every one', async () => {
    const { campaignId, keys } = await progressRows(300, { status: 'complete', scoring_due: 1 });
    const mine = inCampaign(campaignId);
    const [byA, byB] = await Promise.all([
      drain(async () => (await a.progress.claimScoringDue('instance-a', 7)).filter((k) => k.campaignId === campaignId)),
      drain(async () => (await b.progress.claimScoringDue('instance-b', 7)).filter((k) => k.campaignId === campaignId)),
    ]);
    const both = mine(byA).filter((k) => mine(byB).includes(k));
    expect(both, 'claimed by both').toEqual([]);
    expect([...mine(byA), ...mine(byB)].sort()).toEqual([...keys].sort());
  });

  it('one test completed on two instances at once is claimed by one of them', async () => {
    const { campaignId } = await progressRows(40, { status: 'complete', scoring_due: 1 });
    const claims = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const key = { campaignId, testId: 1, userId: i + 1 };
        return Promise.all([a.progress.claimScoring(key, 'instance-a'), b.progress.claimScoring(key, 'instance-b')]);
      }),
    );
    expect(claims.filter(([onA, onB]) => onA === onB)).toEqual([]);
  });

  it('a claim holds until its lease runs out, then another instance claims it again; only the holder finishes', async () => {
    const { campaignId } = await progressRows(3, { status: 'complete', scoring_due: 1 });
    const key = { campaignId, testId: 1, userId: 2 };
    const now = new Date();
    expect(await a.progress.claimScoring(key, 'instance-a', now)).toBe(true);
    expect(await a.progress.claimScoring(key, 'instance-a', now), 'its own claim, renewed').toBe(true);
    const later = new Date(now.getTime() + SCORING_LEASE_MS - 1000);
    expect(await b.progress.claimScoring(key, 'instance-b', later)).toBe(false);
    expect((await b.progress.claimScoringDue('instance-b', 500, later)).filter((k) => k.campaignId === campaignId)).toHaveLength(2);

    // Instance A died with its claim: once the lease is over, the sweep of B takes the test again.
    const afterLease = new Date(now.getTime() + SCORING_LEASE_MS + 1000);
    expect((await b.progress.claimScoringDue('instance-b', 500, afterLease)).filter((k) => k.campaignId === campaignId)).toEqual([key]);
    expect(await a.progress.finishScoring(key, 3, 'instance-a'), 'A lost it').toBe(false);
    expect(await b.progress.finishScoring(key, 4, 'instance-b'), 'another attempt than the one scored').toBe(false);
    expect(await b.progress.finishScoring(key, 3, 'instance-b')).toBe(true);
    expect(await b.progress.finishScoring(key, 3, 'instance-b'), 'once').toBe(false);
    expect((await a.progress.find(campaignId, 1, 2))?.scoring_due).toBe(0);
  });

  it('timed tests whose time ran out are settled once, by one of two instances sweeping at once', async () => {
    const { campaignId, keys } = await progressRows(300, { status: 'incomplete', ends_at: '2020-01-01T00:00:00.000Z' });
    const mine = inCampaign(campaignId);
    const [byA, byB] = await Promise.all([
      drain(() => a.progress.settleExpired(new Date(), undefined, 7)),
      drain(() => b.progress.settleExpired(new Date(), undefined, 7)),
    ]);
    expect(
      mine(byA).filter((k) => mine(byB).includes(k)),
      'settled by both',
    ).toEqual([]);
    expect([...mine(byA), ...mine(byB)].sort()).toEqual([...keys].sort());
  });
});

describe("a test's outcomes", () => {
  const row = (assessorId: number | null, source = 'assessor') => ({
    campaign_id: 7,
    test_id: 8,
    user_id: 9,
    source,
    assessor_id: assessorId,
    outcomes: '[]',
    created_at: new Date().toISOString(),
  });
  const insert = (values: ReturnType<typeof row>) => other.db.insertInto('outcomes').values(values).execute();

  it('are one row per source and assessor: the database refuses a second', async () => {
    await insert(row(null, 'server'));
    await insert(row(null, 'client'));
    await insert(row(41));
    await insert(row(42));
    for (const duplicate of [row(null, 'server'), row(41)]) {
      const refused = await insert(duplicate).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(isUniqueViolation(refused), JSON.stringify(duplicate)).toBe(true);
    }
  });

  it('scored on two instances at once, are one row', async () => {
    const key = { campaignId: 70, testId: 8, userId: 9, source: 'server' as const };
    await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).outcomes.replace(key, [{ questionId: 'score', value: i }])));
    const rows = await database.db.selectFrom('outcomes').select('id').where('campaign_id', '=', 70).execute();
    expect(rows).toHaveLength(1);
  });
});

describe('staff jobs are claimed', () => {
  const job = async (id: string, state = 'importing') => {
    const at = new Date().toISOString();
    await database.db
      .insertInto('staff_jobs')
      .values({ id, company_id: 1, created_by: 1, kind: 'import', state, phase: state, created_at: at, updated_at: at })
      .execute();
  };

  it('by one of two instances claiming at once; the other cannot write its progress', async () => {
    const ids = Array.from({ length: 20 }, (_, i) => `job-at-once-${i}`);
    for (const id of ids) await job(id);
    const now = new Date();
    const until = new Date(now.getTime() + 60_000).toISOString();
    const claims = await Promise.all(
      ids.map((id) =>
        Promise.all([a.jobs.claim(id, 'instance-a', until, now.toISOString()), b.jobs.claim(id, 'instance-b', until, now.toISOString())]),
      ),
    );
    expect(claims.filter(([onA, onB]) => onA === onB)).toEqual([]);
    const [id] = ids;
    const holder = claims[0][0] ? 'instance-a' : 'instance-b';
    const loser = holder === 'instance-a' ? 'instance-b' : 'instance-a';
    expect(await a.jobs.updateClaimed(id, loser, { phase: 'stolen' }, { until })).toBe(false);
    expect(await a.jobs.updateClaimed(id, holder, { phase: 'writing' }, { until })).toBe(true);
    expect(await a.jobs.updateClaimed(id, holder, { state: 'done', phase: 'done' }, 'release')).toBe(true);
    expect(await b.jobs.claim(id, loser, until, now.toISOString()), 'a job that is over').toBe(false);
  });

  it('whose lease ran out (its instance stopped) can be claimed again', async () => {
    await job('job-lease');
    const now = Date.now();
    const at = (ms: number) => new Date(now + ms).toISOString();
    expect(await a.jobs.claim('job-lease', 'instance-a', at(60_000), at(0))).toBe(true);
    expect(await b.jobs.claim('job-lease', 'instance-b', at(90_000), at(59_000))).toBe(false);
    expect(await b.jobs.claim('job-lease', 'instance-b', at(120_000), at(61_000))).toBe(true);
    expect(await a.jobs.updateClaimed('job-lease', 'instance-a', { phase: 'late' }, 'release'), 'A lost it').toBe(false);
  });
});

describe('the migration to one row of outcomes per key', () => {
  it('merges rows kept twice, in the order they were written, and keeps the server scoring latest', async () => {
    const old = await createTestDatabase({ through: '0009-progress-updates-in-place' });
    try {
      const at = (minute: number) => `2026-01-01T00:0${minute}:00.000Z`;
      const put = (source: string, assessorId: number | null, outcomes: object[], minute: number) =>
        old.db
          .insertInto('outcomes')
          .values({
            campaign_id: 1,
            test_id: 2,
            user_id: 3,
            source,
            assessor_id: assessorId,
            outcomes: JSON.stringify(outcomes),
            created_at: at(minute),
          })
          .execute();
      await put(
        'client',
        null,
        [
          { questionId: 'q1', value: 1 },
          { questionId: 'q2', value: 2 },
        ],
        1,
      );
      await put(
        'server',
        null,
        [
          { questionId: 'score', value: 10 },
          { questionId: 'old', value: 1 },
        ],
        2,
      );
      await put(
        'client',
        null,
        [
          { questionId: 'q2', value: 20 },
          { questionId: 'q3', value: 3 },
        ],
        3,
      );
      await put('assessor', 5, [{ questionId: 'r', value: 1 }], 4);
      await put('server', null, [{ questionId: 'score', value: 11 }], 5);
      await put('assessor', 6, [{ questionId: 'r', value: 2 }], 6);
      await migrateToLatest(old);
      const rows = await old.db.selectFrom('outcomes').select(['source', 'assessor_id', 'outcomes', 'created_at']).orderBy('id').execute();
      expect(rows.map((r) => ({ ...r, outcomes: JSON.parse(r.outcomes) as unknown }))).toEqual([
        {
          source: 'client',
          assessor_id: null,
          outcomes: [
            { questionId: 'q1', value: 1 },
            { questionId: 'q2', value: 20 },
            { questionId: 'q3', value: 3 },
          ],
          created_at: at(3),
        },
        { source: 'server', assessor_id: null, outcomes: [{ questionId: 'score', value: 11 }], created_at: at(5) },
        { source: 'assessor', assessor_id: 5, outcomes: [{ questionId: 'r', value: 1 }], created_at: at(4) },
        { source: 'assessor', assessor_id: 6, outcomes: [{ questionId: 'r', value: 2 }], created_at: at(6) },
      ]);
    } finally {
      await old.destroy();
    }
  });
});
