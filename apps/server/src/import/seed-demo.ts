import { type DatabaseHandle, type Db, withStartupLock } from '../db/database';
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
const FEEDBACK_CAMPAIGN_ID = 9009;

/** The closed 360 answers about Giulia (questions 1 to 6) and the open ones (question 90), by rater. */
const FEEDBACK_360: Record<string, { closed: number[]; open?: string }> = {
  'giulia.ferri': { closed: [4, 4, 5, 3, 4, 3], open: 'Continuare a organizzare il lavoro del gruppo.' },
  'paolo.rinaldi': { closed: [3, 4, 4, 3, 5, 2], open: 'Condividere le idee nelle riunioni.' },
  'sara.galli': { closed: [4, 3, 4, 4, 4, 3], open: 'Aiutare i nuovi colleghi.' },
  'davide.fontana': { closed: [5, 3, 5, 3, 4, 2] },
  'chiara.bruno': { closed: [3, 3, 4, 2, 4, 3], open: 'Proporre soluzioni concrete.' },
  'marta.villa': { closed: [4, 5, 4, 3, 5, 4] },
  'tommaso.greco': { closed: [4, 4, 3, 3, 4, 3] },
};

/**
 * Imports the demo bundle when there are no users yet. Resolves to true when it did. Instances started
 * at once on an empty database take turns (the startup lock): the first loads the demo, the others
 * find its users and load nothing.
 */
export function seedDemoIfEmpty(handle: DatabaseHandle, log: SeedLog): Promise<boolean> {
  return withStartupLock(handle, async (locked) => {
    const anyUser = await locked.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (anyUser) return false;
    const result = await importBundle(locked, demoBundle);
    if (!result.ok) throw new Error(`The demo bundle is invalid:\n${result.problems.join('\n')}`);
    await writeDemoResults(locked.db);
    await writeDemoFeedback(locked.db);
    log.info('Empty database: demo data loaded (see apps/server/src/import/DEMO.md for the sign-ins)');
    return true;
  });
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

/** Last year's 360 about Giulia: herself, three colleagues, her manager and two direct reports. */
async function writeDemoFeedback(db: Db): Promise<void> {
  const emails = Object.keys(FEEDBACK_360).map((name) => `${name}@lanificio.example`);
  const ids = new Map(
    (await db.selectFrom('users').select(['id', 'email']).where('email', 'in', emails).execute()).map((u) => [u.email, u.id]),
  );
  const evaluee = ids.get(REPORT_CANDIDATE)!;
  const at = '2025-11-20T10:00:00.000Z';
  const rows = Object.entries(FEEDBACK_360).flatMap(([name, answers]) => {
    const evaluator = ids.get(`${name}@lanificio.example`)!;
    const base = { campaign_id: FEEDBACK_CAMPAIGN_ID, evaluee_id: evaluee, evaluator_id: evaluator, answer_id: 0, updated_at: at };
    const closed = answers.closed.map((value, index) => ({ ...base, question_id: index + 1, value, text_value: null }));
    return answers.open ? [...closed, { ...base, question_id: 90, value: null, text_value: answers.open }] : closed;
  });
  await db.insertInto('answers360').values(rows).execute();
  const evaluators = Object.keys(FEEDBACK_360).map((name) => ids.get(`${name}@lanificio.example`)!);
  await db
    .insertInto('evaluations360')
    .values(
      evaluators.map((evaluator) => ({
        campaign_id: FEEDBACK_CAMPAIGN_ID,
        evaluator_id: evaluator,
        evaluee_id: evaluee,
        version: 1,
        status: 'y',
        updated_at: at,
      })),
    )
    .execute();
}
