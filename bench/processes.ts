import { type ChildProcess, fork, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join, resolve } from 'node:path';
import { config } from './config';

// The processes of a run: the built server, the baselines' servers and probes. Each in its own process,
// so that their figures are theirs and not shared with the load generator's event loop.

// BENCH_NODE_FLAGS, then with BENCH_PROFILE a folder a run: each thread of the process writes a profile of its own
// there (named by thread id).
const profileArgs = (name: string) => [
  ...config.nodeFlags,
  ...(config.profileDir ? ['--cpu-prof', '--cpu-prof-dir', join(config.profileDir, `${name}-${Date.now()}`)] : []),
];

/** Keeps what a process prints, line by line. */
function collect(child: ChildProcess, lines: string[]): void {
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop()!;
      for (const line of parts) if (line.trim()) lines.push(line);
    });
    stream.on('end', () => rest.trim() && lines.push(rest));
  }
}

/** A TypeScript script of the bench in its own process (tsx), which answers its first IPC message when ready. */
export interface Script<Ready> {
  ready: Ready;
  child: ChildProcess;
  output: string[];
  /** Asks it to stop ('stop' over IPC) and waits for its end. */
  stop(): Promise<void>;
  /** Waits for its end (a script that stops by itself). */
  ended(): Promise<void>;
}

export async function startScript<Ready>(file: string, args: string[], name: string): Promise<Script<Ready>> {
  const child = fork(file, args, {
    execArgv: ['--import', 'tsx', ...profileArgs(name)],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const output: string[] = [];
  collect(child, output);
  const exit = once(child, 'exit');
  const ready = await Promise.race([
    once(child, 'message').then(([message]) => message as Ready),
    exit.then(([code]) => {
      throw new Error(`${name} ended before it was ready (exit code ${code}):\n${output.join('\n')}`);
    }),
  ]);
  return {
    ready,
    child,
    output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.send('stop');
      await exit;
    },
    async ended() {
      await exit;
    },
  };
}

/** Runs a script to its end and answers the message it sent (its result). */
export async function runScript<Result>(file: string, args: string[], name: string): Promise<Result> {
  const script = await startScript<Result>(file, args, name);
  await script.ended();
  return script.ready;
}

/** Runs a command to its end; throws with its output when it fails. */
export async function runCommand(command: string, args: string[], env: NodeJS.ProcessEnv = process.env, cwd?: string): Promise<string> {
  const child = spawn(command, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  collect(child, lines);
  const [code] = (await once(child, 'close')) as [number | null];
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit code ${code}):\n${lines.join('\n')}`);
  return lines.join('\n');
}

export { profileArgs };

/** What a run needs from Debian (PostgreSQL, Chromium for Lighthouse), installed as `npm test` does. */
export const installSystemDeps = () => runCommand('bash', [resolve(import.meta.dirname, '../scripts/ensure-system-deps.sh')]);
