import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

// How much CPU a server spent on a load run, per request: the figure that tells a server's own cost apart from
// the load generator's, which shares the machine. Read from /proc (Linux); elsewhere there is no figure.

/** CPU time spent so far, in ms: the main thread's (the JavaScript event loop) and all threads' together. */
interface CpuTime {
  main: number;
  all: number;
}

/** Per request of the run, in µs. */
export interface CpuPerRequest {
  main: number;
  all: number;
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

function cpuTime(pid: number): CpuTime | undefined {
  try {
    return { main: statTime(`/proc/${pid}/task/${pid}/stat`), all: statTime(`/proc/${pid}/stat`) };
  } catch {
    return undefined;
  }
}

/** The CPU process `pid` spends during some runs (taken in turns with other processes' runs), added up. */
export function cpuTally(pid: number | undefined) {
  const spent: CpuTime = { main: 0, all: 0 };
  let known = pid !== undefined;
  return {
    async during<R>(work: () => Promise<R>): Promise<R> {
      const before = known ? cpuTime(pid!) : undefined;
      const result = await work();
      const after = before && cpuTime(pid!);
      if (before && after) {
        spent.main += after.main - before.main;
        spent.all += after.all - before.all;
      } else known = false;
      return result;
    },
    /** Per request of those runs, in µs. */
    perRequest(requests: number): CpuPerRequest | undefined {
      if (!known || requests === 0) return undefined;
      return { main: (spent.main * 1000) / requests, all: (spent.all * 1000) / requests };
    },
  };
}

/** Runs `work` (a load run answering its request count) and answers the CPU process `pid` spent per request meanwhile. */
export async function cpuPerRequest<R extends { requests: number }>(
  pid: number | undefined,
  work: () => Promise<R>,
): Promise<R & { cpu?: CpuPerRequest }> {
  const tally = cpuTally(pid);
  const result = await tally.during(work);
  const cpu = tally.perRequest(result.requests);
  return cpu ? { ...result, cpu } : result;
}

/** "main thread 234 µs, all threads 304 µs". */
export const describeCpu = (cpu: CpuPerRequest) => `main thread ${Math.round(cpu.main)} µs, all threads ${Math.round(cpu.all)} µs`;
