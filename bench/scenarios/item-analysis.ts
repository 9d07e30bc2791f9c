import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { authoredTestSchema } from '@prova/contract/authored-test';
import { writeAuthoredTest } from '@prova/qti/author';
import { qtiScoringModelSchema, scoreQti } from '@prova/qti/scoring';
import { normalDraw } from '@prova/measurement/irt/simulate';
import { seededRandom } from '@prova/measurement/irt/prng';
import { zipOf } from '@prova/test-support/content-files';
import { shippedNodeFlags } from '@prova/test-support/shipped-server';
import { prepareBundlePackages, readBundleZip, migrateToLatest, openDatabase, importBundle } from '@prova/server/bench';
import { sql } from 'kysely';

// A QTI test's item analysis over 100,000 completed attempts of a 50-item test (issue 50, "Speed": under 5 s, memory
// bounded), as GET /api/staff/tests/{id}/analysis computes it: services/staff/item-analysis.ts reading the attempts a
// page at a time through the repository into packages/measurement's accumulator. The attempts are written straight
// into the database (a few seconds; through HTTP it would take minutes), with the outcomes the server's own QTI scoring
// gives their responses. The analysis then runs in a fresh process of its own (item-analysis-child.ts), so that its
// peak memory is its own and not the seeding's: once over a campaign of a tenth of the attempts and once over the big
// one (memory that grows with the attempts shows as a difference), then once through the HTTP route (app.inject).

export const ANALYSIS_ITEMS = 50;
export const ANALYSIS_TEST = 9300;
/** The big campaign (BENCH_ANALYSIS_ATTEMPTS attempts) and the small one (a tenth of them). */
export const ANALYSIS_CAMPAIGN = 9301;
export const ANALYSIS_SMALL_CAMPAIGN = 9302;
export const ANALYSIS_ADMIN = 'admin@analisi-bench.example';
export const ANALYSIS_PASSWORD = 'Bench-Analisi-2026!';
/** Distinct response patterns scored by the real scorer; the attempts repeat them (the analysis reads every row anyway). */
const PATTERNS = 2000;
const BATCH = 500;
const OPTIONS = ['A', 'B', 'C', 'D'];

const itemId = (k: number) => `q${String(k + 1).padStart(2, '0')}`;

function analysisBundle() {
  const authored = authoredTestSchema.parse({
    title: { IT_it: 'Analisi bench' },
    languages: ['IT_it'],
    sections: [
      {
        title: { IT_it: 'Unica' },
        items: Array.from({ length: ANALYSIS_ITEMS }, (_, k) => ({
          kind: 'single-choice',
          id: itemId(k),
          prompt: { IT_it: `Domanda ${k + 1}` },
          shuffle: false,
          options: OPTIONS.map((id) => ({ id, text: { IT_it: id }, points: id === 'A' ? 1 : 0 })),
        })),
      },
    ],
  });
  const window = { dateStart: '2020-01-01T00:00:00Z', dateEnd: '2099-01-01T00:00:00Z' };
  const bundle = {
    version: 2,
    companies: [{ name: 'Analisi Bench' }],
    users: [
      {
        company: 'Analisi Bench',
        email: ANALYSIS_ADMIN,
        password: ANALYSIS_PASSWORD,
        firstName: 'Staff',
        lastName: 'Bench',
        privacy: true,
        role: 'admin',
      },
    ],
    tests: [
      {
        id: ANALYSIS_TEST,
        abbreviation: 'BANL',
        name: 'Analisi',
        package: { type: 'qti', file: 'items/analysis.zip' },
        owner: 'Analisi Bench',
      },
    ],
    campaigns: [ANALYSIS_CAMPAIGN, ANALYSIS_SMALL_CAMPAIGN].map((id) => ({
      id,
      company: 'Analisi Bench',
      name: `Analisi ${id}`,
      ...window,
      tests: [{ test: ANALYSIS_TEST }],
      participants: [{ user: ANALYSIS_ADMIN }],
    })),
  };
  return { bundle, authored };
}

/** Distinct attempts: responses of candidates of normal ability to items of spread difficulty, a few left blank. */
function patterns(): Array<{ data: string; responses: Record<string, { RESPONSE: string | null }> }> {
  const random = seededRandom('bench-analysis');
  const difficulty = Array.from({ length: ANALYSIS_ITEMS }, (_, k) => -2 + (4 * k) / (ANALYSIS_ITEMS - 1));
  return Array.from({ length: PATTERNS }, () => {
    const theta = normalDraw(random);
    const responses = Object.fromEntries(
      difficulty.map((b, k) => {
        const u = random();
        const right = random() < 0.25 + 0.75 / (1 + Math.exp(-(theta - b)));
        const chosen = u < 0.03 ? null : right ? 'A' : OPTIONS[1 + Math.floor(random() * 3)]!;
        return [itemId(k), { RESPONSE: chosen }];
      }),
    );
    return { data: JSON.stringify({ qti: 1, position: null, flagged: [], responses }), responses };
  });
}

/**
 * Seeds the test (through the importer, with its QTI package) and `attempts` completed attempts in the big campaign,
 * a tenth in the small one, each with the server-scored outcomes of its responses. Answers the seconds it took.
 */
export async function seedItemAnalysis(url: string, attempts: number): Promise<number> {
  const started = performance.now();
  const database = await openDatabase(url);
  try {
    await migrateToLatest(database);
    const { bundle, authored } = analysisBundle();
    const zip = await zipOf(
      new Map<string, Uint8Array>([
        ['bundle.json', Buffer.from(JSON.stringify(bundle))],
        ['items/analysis.zip', await zipOf(writeAuthoredTest(authored))],
      ]),
    );
    const source = await readBundleZip(zip, 'bundle.zip');
    if (!source.ok) throw new Error(source.problems.join('\n'));
    const imported = await importBundle(database, source.bundle, { packages: await prepareBundlePackages(source.bundle, source.files) });
    if (!imported.ok) throw new Error(imported.problems.join('\n'));

    const { db } = database;
    const pkg = await db
      .selectFrom('tests')
      .innerJoin('content_packages', 'content_packages.hash', 'tests.package_hash')
      .select('content_packages.scoring')
      .where('tests.id', '=', ANALYSIS_TEST)
      .executeTakeFirstOrThrow();
    const model = qtiScoringModelSchema.parse(JSON.parse(pkg.scoring!));
    const scored = patterns().map((p) => ({ data: p.data, outcomes: JSON.stringify(scoreQti(model, JSON.parse(p.data))) }));

    const at = '2026-03-01T10:00:00.000Z';
    const write = async (campaignId: number, count: number) => {
      for (let from = 0; from < count; from += BATCH) {
        const rows = Array.from({ length: Math.min(BATCH, count - from) }, (_, j) => {
          const n = from + j;
          return { n, userId: 1_000_000 + n, ...scored[n % scored.length]! };
        });
        await db.transaction().execute(async (trx) => {
          await trx
            .insertInto('test_progress')
            .values(
              rows.map((r) => ({
                campaign_id: campaignId,
                test_id: ANALYSIS_TEST,
                user_id: r.userId,
                version: 2,
                status: 'complete',
                data: r.data,
                updated_at: at,
                started_at: '2026-03-01T09:00:00.000Z',
                ends_at: null,
                scoring_due: 0,
              })),
            )
            .execute();
          await trx
            .insertInto('outcomes')
            .values(
              rows.map((r) => ({
                campaign_id: campaignId,
                test_id: ANALYSIS_TEST,
                user_id: r.userId,
                source: 'server',
                assessor_id: null,
                outcomes: r.outcomes,
                created_at: at,
              })),
            )
            .execute();
        });
      }
    };
    await write(ANALYSIS_CAMPAIGN, attempts);
    await write(ANALYSIS_SMALL_CAMPAIGN, Math.round(attempts / 10));
    // The tables' statistics, as the database's upkeep gathers them after a load (autovacuum; the server's `pragma
    // optimize`): without them PostgreSQL planned the keyset pages of a table it thought empty, and 100,000 attempts
    // took 23 s against 1 s for 10,000.
    await sql`analyze`.execute(db);
  } finally {
    await database.close();
  }
  return (performance.now() - started) / 1000;
}

export interface AnalysisRun {
  attempts: number;
  ms: number;
  /** The process's CPU time over the run (all its threads): what a busy shared host adds to `ms` is left out. */
  cpuMs: number;
  /** Peak RSS and heap used over the run, less what they were just before it (MB). */
  rssGrowthMb: number;
  heapGrowthMb: number;
  rssPeakMb: number;
  pages: number;
}

export interface ItemAnalysisTiming {
  seedSeconds: number;
  small: AnalysisRun;
  big: AnalysisRun;
  /** The heap the analysis holds at its peak (collected after each page), over a tenth and over all the attempts (MB). */
  live: { small: number; big: number };
  /** The same analysis through GET /api/staff/tests/{id}/analysis (app.inject: routing, access check, JSON answer). */
  http: { ms: number; status: number; n: number };
}

/** Runs the analyses in a process of their own (item-analysis-child.ts) and answers its figures. */
export async function measureItemAnalysis(url: string): Promise<Omit<ItemAnalysisTiming, 'seedSeconds'>> {
  const child = spawn(
    process.execPath,
    [...shippedNodeFlags(), '--import', 'tsx', '--expose-gc', join(import.meta.dirname, 'item-analysis-child.ts'), url],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, LOG_LEVEL: 'silent' },
    },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`item analysis run failed (${code}): ${out}`);
  return JSON.parse(out.trim().split('\n').at(-1)!) as Omit<ItemAnalysisTiming, 'seedSeconds'>;
}

export const describeAnalysisRun = (r: AnalysisRun) =>
  `${r.attempts.toLocaleString('en')} attempts in ${(r.ms / 1000).toFixed(2)} s (CPU ${(r.cpuMs / 1000).toFixed(2)} s; ${r.pages} pages), ` +
  `peak RSS +${r.rssGrowthMb.toFixed(0)} MB (${r.rssPeakMb.toFixed(0)} MB), heap +${r.heapGrowthMb.toFixed(0)} MB`;

export const describeItemAnalysis = (t: ItemAnalysisTiming) =>
  `Item analysis, ${ANALYSIS_ITEMS}-item QTI test (seeded in ${t.seedSeconds.toFixed(1)} s): ${describeAnalysisRun(t.big)}; ` +
  `a tenth: ${describeAnalysisRun(t.small)}; the heap it holds at its peak +${t.live.big.toFixed(1)} MB (a tenth: +${t.live.small.toFixed(1)} MB); through GET /api/staff/tests/{id}/analysis ${(t.http.ms / 1000).toFixed(2)} s (${t.http.status}, n ${t.http.n.toLocaleString('en')})`;

/** Seeds a database and measures the analysis on it. */
export async function itemAnalysisScenario(url: string, attempts: number): Promise<ItemAnalysisTiming> {
  const seedSeconds = await seedItemAnalysis(url, attempts);
  return { seedSeconds, ...(await measureItemAnalysis(url)) };
}

// `tsx bench/scenarios/item-analysis.ts`: this figure alone, on SQLite in a temporary folder.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'prova-analysis-'));
  try {
    console.log(
      describeItemAnalysis(
        await itemAnalysisScenario(`sqlite:${join(dir, 'analysis.db')}`, Number(process.env.BENCH_ANALYSIS_ATTEMPTS ?? 100_000)),
      ),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
