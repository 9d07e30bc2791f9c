import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

// How much CPU a server spent on a load run, per request: the figure that tells a server's own cost apart from
// the load generator's, which shares the machine. Read from /proc (Linux); elsewhere there is no figure.

/** CPU time spent so far, in ms: the main thread's (the JavaScript event loop) and all threads' together. */
interface CpuTime {
  main: number;
  all: number;
}

/**
 * Per request of the run, in µs; the load generator's (this process, all threads), which shares the machine; and the
 * machine's share idle and taken by its host meanwhile (0 to 1).
 */
export interface CpuPerRequest {
  main: number;
  all: number;
  load?: number;
  /** The database server's processes (PostgreSQL's backends and writers), when the bench runs the cluster itself. */
  database?: number;
  machine?: { idle: number; stolen: number };
}

/** The machine's CPU time so far, in ticks of all cores: in all, idle (or waiting for the disk), and stolen. */
interface MachineTime {
  total: number;
  idle: number;
  stolen: number;
}

let ticksPerSecond: number | undefined;
const msPerTick = () => 1000 / (ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100);

/** utime + stime of a /proc stat line, in ms (the fields after the command, which may hold spaces, in parentheses). */
function statTime(file: string): number {
  const line = readFileSync(file, 'utf8');
  const fields = line.slice(line.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 of proc(5); the slice starts at field 3.
  return (Number(fields[11]) + Number(fields[12])) * msPerTick();
}

/**
 * /proc/stat's first line. "Stolen" is the time a virtual machine's cores were ready to run but its host ran something
 * else: the share of a busy host, which slows every figure of a run without showing in any process's own CPU.
 */
function machineTime(): MachineTime | undefined {
  try {
    const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const total = user + nice + system + idle + iowait + irq + softirq + steal;
    return Number.isFinite(total) ? { total, idle: idle + iowait, stolen: steal } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * CPU time spent so far, in ms, by process `pid` and its children (PostgreSQL's postmaster and the backends and
 * writers it started); undefined when `pid` is gone. A child that ended meanwhile takes its time with it.
 */
export function processTreeTime(pid: number): number | undefined {
  try {
    let total = statTime(`/proc/${pid}/stat`);
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const line = readFileSync(`/proc/${entry}/stat`, 'utf8');
        // Field 4 of proc(5), the parent's id; the slice starts at field 3.
        if (Number(line.slice(line.lastIndexOf(')') + 2).split(' ')[1]) === pid) total += statTime(`/proc/${entry}/stat`);
      } catch {
        // ended while the list was read
      }
    }
    return total;
  } catch {
    return undefined;
  }
}

function cpuTime(pid: number): CpuTime | undefined {
  try {
    return { main: statTime(`/proc/${pid}/task/${pid}/stat`), all: statTime(`/proc/${pid}/stat`) };
  } catch {
    return undefined;
  }
}

/**
 * The CPU process `pid` spends during some runs (taken in turns with other processes' runs), added up; with `database`
 * (the CPU in ms its database server has spent so far), the database's too.
 */
export function cpuTally(pid: number | undefined, database?: () => number | undefined) {
  const spent: CpuTime = { main: 0, all: 0 };
  let load = 0;
  let loadKnown = true;
  let databaseSpent = 0;
  let databaseKnown = database !== undefined;
  const machine: MachineTime = { total: 0, idle: 0, stolen: 0 };
  let known = pid !== undefined;
  let machineKnown = true;
  return {
    async during<R>(work: () => Promise<R>): Promise<R> {
      const before = known ? cpuTime(pid!) : undefined;
      const loadBefore = cpuTime(process.pid);
      const machineBefore = machineTime();
      const databaseBefore = databaseKnown ? database!() : undefined;
      const result = await work();
      const databaseAfter = databaseBefore !== undefined ? database!() : undefined;
      if (databaseBefore !== undefined && databaseAfter !== undefined) databaseSpent += databaseAfter - databaseBefore;
      else databaseKnown = false;
      const after = before && cpuTime(pid!);
      const loadAfter = loadBefore && cpuTime(process.pid);
      const machineAfter = machineBefore && machineTime();
      if (loadBefore && loadAfter) load += loadAfter.all - loadBefore.all;
      else loadKnown = false;
      if (before && after) {
        spent.main += after.main - before.main;
        spent.all += after.all - before.all;
      } else known = false;
      if (machineBefore && machineAfter) {
        machine.total += machineAfter.total - machineBefore.total;
        machine.idle += machineAfter.idle - machineBefore.idle;
        machine.stolen += machineAfter.stolen - machineBefore.stolen;
      } else machineKnown = false;
      return result;
    },
    /** Per request of those runs, in µs. */
    perRequest(requests: number): CpuPerRequest | undefined {
      if (!known || requests === 0) return undefined;
      const shares =
        machineKnown && machine.total > 0 ? { idle: machine.idle / machine.total, stolen: machine.stolen / machine.total } : undefined;
      return {
        main: (spent.main * 1000) / requests,
        all: (spent.all * 1000) / requests,
        ...(loadKnown ? { load: (load * 1000) / requests } : {}),
        ...(databaseKnown ? { database: (databaseSpent * 1000) / requests } : {}),
        ...(shares ? { machine: shares } : {}),
      };
    },
  };
}

/** Runs `work` (a load run answering its request count) and answers the CPU process `pid` spent per request meanwhile. */
export async function cpuPerRequest<R extends { requests: number }>(
  pid: number | undefined,
  work: () => Promise<R>,
  database?: () => number | undefined,
): Promise<R & { cpu?: CpuPerRequest }> {
  const tally = cpuTally(pid, database);
  const result = await tally.during(work);
  const cpu = tally.perRequest(result.requests);
  return cpu ? { ...result, cpu } : result;
}

/**
 * "main thread 234 µs, all threads 304 µs (the database 80 µs; the load generator 61 µs; the machine 12 % idle, 1 %
 * taken by its host)".
 */
export const describeCpu = ({ main, all, load, database, machine }: CpuPerRequest) => {
  const percent = (share: number) => `${Math.round(share * 100)} %`;
  const aside = [
    ...(database !== undefined ? [`the database ${Math.round(database)} µs`] : []),
    ...(load !== undefined ? [`the load generator ${Math.round(load)} µs`] : []),
    ...(machine ? [`the machine ${percent(machine.idle)} idle, ${percent(machine.stolen)} taken by its host`] : []),
  ];
  return `main thread ${Math.round(main)} µs, all threads ${Math.round(all)} µs${aside.length ? ` (${aside.join('; ')})` : ''}`;
};
