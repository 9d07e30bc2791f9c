import type { DatabaseHandle, Db } from '../db/database';
import demoBundle from './demo-bundle.json';
import { importBundle } from './import-bundle';

// On start, an empty database gets the demo data (DEMO.md lists the sign-ins). A bundle cannot hold
// what candidates produced, so the finished tests behind the demo report are written here.

export interface SeedLog {
  info(message: string): void;
}

const REPORT_CAMPAIGN_ID = 9005;
const REPORT_CANDIDATE = 'giulia.ferri@lanificio.example';
const REPORT_ASSESSOR = 'elena.conti@lanificio.example';

/** Imports the demo bundle when there are no users yet. Resolves to true when it did. */
export async function seedDemoIfEmpty(handle: DatabaseHandle, log: SeedLog): Promise<boolean> {
  const anyUser = await handle.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyUser) return false;
  const result = await importBundle(handle, demoBundle);
  if (!result.ok) throw new Error(`The demo bundle is invalid:\n${result.problems.join('\n')}`);
  await writeDemoResults(handle.db);
  log.info('Empty database: demo data loaded (see apps/server/src/import/DEMO.md for the sign-ins)');
  return true;
}

/** Giulia has finished every test of the REPORT campaign, and Elena has scored her interview. */
async function writeDemoResults(db: Db): Promise<void> {
  const ids = new Map(
    (await db.selectFrom('users').select(['id', 'email']).where('email', 'in', [REPORT_CANDIDATE, REPORT_ASSESSOR]).execute()).map((u) => [
      u.email,
      u.id,
    ]),
  );
  const candidate = ids.get(REPORT_CANDIDATE)!;
  const assessor = ids.get(REPORT_ASSESSOR)!;
  const at = '2026-02-10T15:40:00.000Z';
  const results: { test: number; data: unknown; source: string; assessor?: number; outcomes: { questionId: string; value: number }[] }[] = [
    { test: 101, data: { answers: { q1: 'b', q2: 'd', q3: 'c' } }, source: 'server', outcomes: [{ questionId: 'score', value: 67 }] },
    {
      test: 102,
      data: { answers: { problemi: 3, collaborazione: 2, risultato: 4, iniziativa: 4.5, energia: 5 } },
      source: 'client',
      outcomes: [
        { questionId: 'problemi', value: 3 },
        { questionId: 'collaborazione', value: 2 },
        { questionId: 'risultato', value: 4 },
        { questionId: 'iniziativa', value: 4.5 },
        { questionId: 'energia', value: 5 },
      ],
    },
    {
      test: 201,
      data: { ascolto: 4, chiarezza: 2.4 },
      source: 'assessor',
      assessor,
      outcomes: [
        { questionId: 'ascolto', value: 4 },
        { questionId: 'chiarezza', value: 2.4 },
      ],
    },
  ];
  await db.transaction().execute(async (trx) => {
    for (const r of results) {
      await trx
        .insertInto('test_progress')
        .values({
          campaign_id: REPORT_CAMPAIGN_ID,
          test_id: r.test,
          user_id: candidate,
          version: 2,
          status: 'complete',
          data: JSON.stringify(r.data),
          updated_at: at,
        })
        .execute();
      await trx
        .insertInto('outcomes')
        .values({
          campaign_id: REPORT_CAMPAIGN_ID,
          test_id: r.test,
          user_id: candidate,
          source: r.source,
          assessor_id: r.assessor ?? null,
          outcomes: JSON.stringify(r.outcomes),
          created_at: at,
        })
        .execute();
    }
  });
}
