import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { adaptiveSettingsSchema } from '@prova/contract/adaptive';
import { formatPath } from '@prova/contract/errors';
import { simulate, summarize, type SimulationSummary } from '@prova/measurement/irt/simulate';
import { readBundleSource } from '../content/bundle-source';

// `npm run simulate -- <bundle.json | folder | bundle.zip> [--candidates N] [--seed S]`: how the bundle's adaptive tests
// would measure, before anyone takes them. Per test, N simulated candidates (default 1000) with abilities drawn from
// N(0, 1) answer by the test's own model: bias and RMSE of the final estimates, the average length, and item exposure
// (the largest share of candidates an item reaches, the share of the bank nobody gets). Reads only; writes nothing.

const USAGE = 'Usage: npm run simulate -- <bundle.json | folder | bundle.zip> [--candidates N] [--seed S]';

interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}
const consoleIo: Io = { out: (l) => console.log(l), err: (l) => console.error(l) };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const formatSimulation = (s: SimulationSummary) =>
  [
    `bias ${s.bias.toFixed(3)}`,
    `RMSE ${s.rmse.toFixed(3)}`,
    `average length ${s.averageLength.toFixed(1)} items`,
    `max exposure ${(100 * s.maxExposure).toFixed(1)}%`,
    `never used ${(100 * s.unusedShare).toFixed(1)}% of the bank`,
  ].join(', ');

function parseArgs(args: string[]): { file: string; candidates: number; seed: string } | null {
  let file: string | undefined;
  let candidates = 1000;
  let seed = 'simulation';
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--candidates') {
      candidates = Number(args[++i]);
      if (!Number.isInteger(candidates) || candidates < 1) return null;
    } else if (arg === '--seed') {
      const value = args[++i];
      if (value === undefined) return null;
      seed = value;
    } else if (arg.startsWith('-') || file !== undefined) return null;
    else file = arg;
  }
  return file === undefined ? null : { file, candidates, seed };
}

export async function runSimulate(args: string[], env: NodeJS.ProcessEnv = process.env, io: Io = consoleIo): Promise<number> {
  const parsed = parseArgs(args);
  if (!parsed) {
    io.err(USAGE);
    return 1;
  }
  const path = resolve(env.INIT_CWD ?? process.cwd(), parsed.file);
  const source = await readBundleSource(path);
  if (!source.ok) {
    for (const problem of source.problems) io.err(problem);
    return 1;
  }
  const tests = isRecord(source.bundle) && Array.isArray(source.bundle.tests) ? source.bundle.tests : [];
  let found = 0;
  let failed = false;
  for (const [at, test] of tests.entries()) {
    if (!isRecord(test) || test.adaptive === undefined) continue;
    found++;
    const name = typeof test.abbreviation === 'string' ? test.abbreviation : `tests[${at}]`;
    const settings = adaptiveSettingsSchema.safeParse(test.adaptive);
    if (!settings.success) {
      failed = true;
      for (const issue of settings.error.issues)
        io.err(`${formatPath(`tests[${at}].adaptive`, issue.path as PropertyKey[])}: ${issue.message}`);
      continue;
    }
    const s = settings.data;
    const runs = simulate(s, parsed.candidates, parsed.seed);
    io.out(
      `${name} (${s.model}, ${s.estimator}, ${Object.keys(s.items).length} items, stop at SE ${s.stop.se} after ${s.stop.minItems}, at most ${s.stop.maxItems}), ` +
        `${parsed.candidates} candidates: ${formatSimulation(summarize(s, runs))}`,
    );
  }
  if (found === 0) io.out(`${path}: no adaptive tests`);
  return failed ? 1 : 0;
}

const isEntry = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isEntry) {
  runSimulate(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
