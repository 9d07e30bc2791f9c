import { readFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem } from 'node:os';
import SQLite from 'better-sqlite3';

// The machine line of the table: what the figures were measured on.

function osName(): string {
  try {
    const pretty = /^PRETTY_NAME="?([^"\n]*)"?/m.exec(readFileSync('/etc/os-release', 'utf8'))?.[1];
    return `${pretty ?? process.platform}, Linux ${release()}`;
  } catch {
    return `${process.platform} ${release()}`;
  }
}

export const sqliteVersion = () => {
  const db = new SQLite(':memory:');
  try {
    return (db.prepare('select sqlite_version() as v').get() as { v: string }).v;
  } finally {
    db.close();
  }
};

export function machineLine(postgres: string | undefined): string {
  const cpu = cpus();
  return [
    `${cpu[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU'}, ${cpu.length} cores`,
    `${Math.round(totalmem() / 2 ** 30)} GB RAM`,
    osName(),
    `Node ${process.version.slice(1)}`,
    `SQLite ${sqliteVersion()}`,
    postgres ? `PostgreSQL ${postgres}` : undefined,
    // Other work on the host moves every figure: the load when the run began says how quiet it was.
    `load average ${loadavg()[0].toFixed(1)} at the start`,
  ]
    .filter(Boolean)
    .join(', ');
}

/** The machine's busy share of its CPU time over `ms` (all cores, from /proc/stat; 0 where it cannot be read). */
async function busyShare(ms: number): Promise<number> {
  const read = () => {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal: idle and iowait are the idle time.
    return { total: fields.slice(0, 8).reduce((a, b) => a + b, 0), idle: fields[3] + fields[4] };
  };
  try {
    const before = read();
    await new Promise((resolve) => setTimeout(resolve, ms));
    const after = read();
    const total = after.total - before.total;
    return total > 0 ? 1 - (after.idle - before.idle) / total : 0;
  } catch {
    return 0;
  }
}

/**
 * Waits until the machine is quiet: what the scenarios left behind (a database's shutdown, files being
 * written back to the disk) slows a browser's page load as much as a slower phone would. Gives up after
 * `maxMs`; answers how long it waited and the busy share last seen.
 */
export async function settle(maxMs = 60_000, quietShare = 0.1): Promise<{ waitedMs: number; busy: number }> {
  const started = Date.now();
  let busy = 1;
  while (Date.now() - started < maxMs) {
    busy = await busyShare(2_000);
    if (busy < quietShare) break;
  }
  return { waitedMs: Date.now() - started, busy };
}
