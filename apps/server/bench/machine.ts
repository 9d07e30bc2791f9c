import { readFileSync } from 'node:fs';
import { cpus, release, totalmem } from 'node:os';
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
  ]
    .filter(Boolean)
    .join(', ');
}
