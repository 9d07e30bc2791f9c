import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type LoadResult, failures } from './load/stats';

/** One line of the table. */
export interface Row {
  scenario: string;
  database: string;
  rps?: number;
  p50?: number;
  p95?: number;
  p99?: number;
  errors?: number;
  /** e.g. "0.93× group commit". */
  ratio?: string;
  target?: string;
  /** Whether the target is met; undefined when the row has no target (baselines, figures for reference). */
  met?: boolean;
  /** Said under the table, numbered. */
  note?: string;
  /** The scenario it belongs to, as BENCH_ONLY names it, whose file it is written to; none: every file of the run. */
  group?: string;
}

export const label = (kind: string) => (kind === 'postgres' ? 'PostgreSQL' : kind === 'sqlite' ? 'SQLite' : kind);

/** The figures of a load run, as the table shows them. */
export const figures = (r: LoadResult): Pick<Row, 'rps' | 'p50' | 'p95' | 'p99' | 'errors'> => ({
  rps: r.rps,
  p50: r.p50,
  p95: r.p95,
  p99: r.p99,
  errors: failures(r),
});

const ms = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? '' : v < 100 ? v.toFixed(1) : v.toFixed(0));
const count = (v: number | undefined) =>
  v === undefined || Number.isNaN(v) ? '' : v >= 100 ? Math.round(v).toLocaleString('en') : v.toFixed(1);
const mark = (met: boolean | undefined) => (met === undefined ? '' : met ? '✓' : '✗');

const HEADER = ['scenario', 'database', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'ratio', 'target', 'met'];

function cells(rows: Row[]): { cells: string[][]; notes: string[] } {
  const notes: string[] = [];
  const table = rows.map((row) => {
    let scenario = row.scenario;
    if (row.note) {
      notes.push(row.note);
      scenario += ` [${notes.length}]`;
    }
    return [
      scenario,
      row.database,
      count(row.rps),
      ms(row.p50),
      ms(row.p95),
      ms(row.p99),
      row.errors === undefined ? '' : String(row.errors),
      row.ratio ?? '',
      row.target ?? '',
      mark(row.met),
    ];
  });
  return { cells: table, notes };
}

/** The table for the console, columns aligned, numbers to the right. */
export function textTable(rows: Row[], machine: string): string {
  const { cells: body, notes } = cells(rows);
  const all = [HEADER, ...body];
  const widths = HEADER.map((_, c) => Math.max(...all.map((r) => [...r[c]].length)));
  const right = new Set([2, 3, 4, 5, 6]);
  const line = (r: string[]) =>
    r
      .map((cell, c) => (right.has(c) ? cell.padStart(widths[c]) : cell.padEnd(widths[c])))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [machine, '', line(HEADER), rule, ...body.map(line), '', ...notes.map((n, i) => `[${i + 1}] ${n}`)].join('\n');
}

/** Gives the rows pushed since its last call to `group`, the scenario that measured them (its file's). */
export function scenarioRows(rows: Row[]): (group: string) => void {
  let given = 0;
  return (group) => {
    for (const row of rows.slice(given)) row.group ??= group;
    given = rows.length;
  };
}

/** Each scenario's file under docs/performance/: its title, and the BENCH_ONLY names whose rows it holds. */
export const TABLE_FILES: Record<string, string> = {
  baselines: "The machine's baselines",
  compute: 'Report computation and PDF rendering, in process',
  qti: 'QTI scoring, in process',
  adaptive: 'The adaptive next item, in process',
  analysis: 'Item analysis',
  save: 'Saves against the group-commit baseline',
  background: 'Saves at a fixed rate, alone',
  outcomes: 'Outcomes',
  logs: 'Log entries',
  reads: 'Room reads',
  signin: 'Sign-ins against the hash rate',
  report: 'Report page and PDF',
  start: 'The synchronised start',
  growth: 'Growth: the hot paths on a grown campaign',
};

export function markdownTable(rows: Row[], machine: string, stamp: string): string {
  const { cells: body, notes } = cells(rows);
  const escape = (cell: string) => cell.replace(/\|/g, '\\|');
  return [
    `**${stamp}**, ${machine}`,
    '',
    `| ${HEADER.join(' | ')} |`,
    `|${HEADER.map((_, c) => ([2, 3, 4, 5, 6].includes(c) ? '---:' : '---')).join('|')}|`,
    ...body.map((r) => `| ${r.map(escape).join(' | ')} |`),
    '',
    ...notes.map((n, i) => `${i + 1}. ${n}`),
  ].join('\n');
}

/** The commit measured, and whether the tree had changes beside it (a run of work in progress says so). */
export function commitMeasured(root: string): string {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  try {
    const changed = git('status', '--porcelain', '--', '.', ':!docs/performance').length > 0;
    return `commit ${git('rev-parse', '--short', 'HEAD')}${changed ? ' with uncommitted changes' : ''}`;
  } catch {
    return 'commit unknown (not a git checkout)';
  }
}

/** Writes one generated file of docs/performance/, whole, with the name of the run that rewrites it. */
export function writeTableFile(dir: string, name: string, title: string, rerun: string, body: string): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.md`);
  const text = [
    `<!-- Written by \`npm run bench\` (bench/), whole: the next run of ${rerun} rewrites it. -->`,
    '',
    `# ${title}`,
    '',
    'What each column and target means: [docs/performance.md](../performance.md).',
    '',
    body,
    '',
  ].join('\n');
  writeFileSync(file, text);
  return file;
}

/**
 * Writes each scenario's rows of the run to its own file, `<dir>/<scenario>.md`, whole: a run rewrites the files of the
 * scenarios it ran and leaves the others as the run before wrote them. Rows of no scenario go into every file written.
 * Answers the files written.
 */
export function writeTables(dir: string, rows: Row[], machine: string, stamp: string): string[] {
  const groups = Object.keys(TABLE_FILES).filter((group) => rows.some((row) => row.group === group));
  return groups.map((group) => {
    const own = rows.filter((row) => row.group === group || row.group === undefined);
    return writeTableFile(dir, group, TABLE_FILES[group], `this scenario (BENCH_ONLY=${group})`, markdownTable(own, machine, stamp));
  });
}
