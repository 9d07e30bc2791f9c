import { readFileSync, writeFileSync } from 'node:fs';
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

export function markdownTable(rows: Row[], machine: string, date: string): string {
  const { cells: body, notes } = cells(rows);
  const escape = (cell: string) => cell.replace(/\|/g, '\\|');
  return [
    `**${date}**, ${machine}`,
    '',
    `| ${HEADER.join(' | ')} |`,
    `|${HEADER.map((_, c) => ([2, 3, 4, 5, 6].includes(c) ? '---:' : '---')).join('|')}|`,
    ...body.map((r) => `| ${r.map(escape).join(' | ')} |`),
    '',
    ...notes.map((n, i) => `${i + 1}. ${n}`),
  ].join('\n');
}

export const START_MARKER = '<!-- bench:start -->';
export const END_MARKER = '<!-- bench:end -->';

/** Replaces what is between the markers of docs/performance.md with `markdown`. */
export function writeDocs(file: string, markdown: string): void {
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf(START_MARKER);
  const end = text.indexOf(END_MARKER);
  if (start < 0 || end < start) throw new Error(`${file} has no ${START_MARKER} ... ${END_MARKER} section`);
  writeFileSync(file, `${text.slice(0, start + START_MARKER.length)}\n${markdown}\n${text.slice(end)}`);
}
