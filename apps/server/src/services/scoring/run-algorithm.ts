import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { type Outcome, outcomeListSchema, SCORING_TIME_LIMIT_MS } from '@prova/contract/tests';
import { storedValue } from '../../repositories/json-column-readers';

// A scoring script runs inside QuickJS compiled to WebAssembly: a separate JavaScript engine with
// its own heap, no require, no process, no network, no timers, no file system. It gets the stored
// progress data and nothing else, within a time, memory and stack limit. The engine runs in a worker
// thread, so a script can never block the server's event loop. Each run gets a QuickJS runtime of its
// own (its own heap, its own limits), disposed of afterwards; the thread and the compiled engine are kept
// for the next run (starting a thread and compiling the engine cost about 90 ms of CPU, a run about one).
// A thread that overruns the hard deadline, or whose engine fails, is terminated and replaced.

const MEMORY_LIMIT_BYTES = 32 * 1024 * 1024;
const STACK_LIMIT_BYTES = 512 * 1024;
const RESULT_MAX_CHARS = 1_000_000;
/** Time to start a thread and compile the engine, on top of the script's own limit. */
const STARTUP_GRACE_MS = 2_000;
/** Runs a thread serves before it is replaced: whatever the engine's heap kept, it does not grow for ever. */
const RUNS_PER_THREAD = 500;
/** Threads kept waiting for the next run; more run at once when the callers ask, and end afterwards. */
const IDLE_THREADS = 2;

const localRequire = createRequire(import.meta.url);
const enginePaths = () => ({
  corePath: localRequire.resolve('quickjs-emscripten-core'),
  variantPath: localRequire.resolve('@jitl/quickjs-wasmfile-release-sync'),
});

// Plain CommonJS, evaluated as the worker's code (no build step needed for it).
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const core = require(workerData.corePath);
const variantModule = require(workerData.variantPath);
const engine = core.newQuickJSWASMModuleFromVariant(variantModule.default || variantModule);
const WRAPPER = "\\n;(function () {\\n" +
  "  if (typeof computeOutcomes !== 'function') throw new Error('computeOutcomes is not defined');\\n" +
  "  return JSON.stringify(computeOutcomes(JSON.parse(__provaInput)));\\n" +
  "})()";

function run(quickjs, job) {
  const runtime = quickjs.newRuntime();
  const context = runtime.newContext();
  try {
    runtime.setMemoryLimit(workerData.memoryLimit);
    runtime.setMaxStackSize(workerData.stackLimit);
    runtime.setInterruptHandler(core.shouldInterruptAfterDeadline(Date.now() + job.timeLimitMs));
    const input = context.newString(job.input);
    context.setProp(context.global, '__provaInput', input);
    input.dispose();
    const result = context.evalCode(job.source + WRAPPER, 'algorithm.js');
    if (result.error) {
      const error = context.dump(result.error);
      result.error.dispose();
      const message = typeof error === 'string' ? error : (error && error.name || 'Error') + ': ' + (error && error.message || 'unknown');
      return { ok: false, message: message === 'InternalError: interrupted' ? 'time limit of ' + job.timeLimitMs + ' ms exceeded' : message };
    }
    const text = context.dump(result.value);
    result.value.dispose();
    return typeof text === 'string' ? { ok: true, text } : { ok: false, message: 'computeOutcomes must return a list of outcomes' };
  } finally {
    context.dispose();
    runtime.dispose();
  }
}

parentPort.on('message', async (job) => {
  let answer;
  try {
    answer = run(await engine, job);
  } catch (e) {
    // The engine itself failed (or could not be cleaned up): answered, and this thread ends for a new one.
    parentPort.postMessage({ id: job.id, ok: false, message: String((e && e.message) || e), retire: true });
    process.exit(1);
  }
  parentPort.postMessage({ id: job.id, ...answer });
});
`;

export class AlgorithmError extends Error {}

type WorkerAnswer = { ok: true; text: string } | { ok: false; message: string };

interface EngineThread {
  worker: Worker;
  runs: number;
  /** The run it serves now, if any: how to end it when the thread goes. */
  current?: (error: AlgorithmError) => void;
}

/** The threads kept waiting; a run takes one or starts one. */
const idle: EngineThread[] = [];
let nextId = 0;

function startThread(): EngineThread {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { ...enginePaths(), memoryLimit: MEMORY_LIMIT_BYTES, stackLimit: STACK_LIMIT_BYTES },
    resourceLimits: { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
    stdout: true,
    stderr: true,
  });
  // Waiting threads never keep the process alive.
  worker.unref();
  const thread: EngineThread = { worker, runs: 0 };
  const gone = (message: string) => {
    const i = idle.indexOf(thread);
    if (i >= 0) idle.splice(i, 1);
    thread.current?.(new AlgorithmError(message));
  };
  worker.on('error', (err) => gone(`scoring engine failed: ${err.message}`));
  worker.on('exit', (code) => gone(`scoring engine stopped (exit ${code})`));
  return thread;
}

function release(thread: EngineThread) {
  thread.current = undefined;
  if (thread.runs >= RUNS_PER_THREAD || idle.length >= IDLE_THREADS) void thread.worker.terminate();
  else {
    thread.worker.unref();
    idle.push(thread);
  }
}

function runInWorker(source: string, input: string, timeLimitMs: number): Promise<WorkerAnswer> {
  const thread = idle.pop() ?? startThread();
  thread.runs += 1;
  thread.worker.ref();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const finish = (fn: () => void) => {
      clearTimeout(timer);
      thread.worker.off('message', onMessage);
      fn();
    };
    const onMessage = (answer: WorkerAnswer & { id: number; retire?: boolean }) => {
      if (answer.id !== id) return;
      finish(() => resolve(answer));
      // A thread on its way out takes no other run.
      if (answer.retire) thread.runs = RUNS_PER_THREAD;
      release(thread);
    };
    thread.current = (error) => finish(() => reject(error));
    const timer = setTimeout(() => {
      // Past the hard deadline the engine is not trusted again: its thread ends.
      thread.current = undefined;
      finish(() => reject(new AlgorithmError(`time limit of ${timeLimitMs} ms exceeded`)));
      void thread.worker.terminate();
    }, timeLimitMs + STARTUP_GRACE_MS);
    thread.worker.on('message', onMessage);
    thread.worker.postMessage({ id, source, input, timeLimitMs });
  });
}

/**
 * Runs `computeOutcomes(data)` from a test's scoring script. `data` is the stored progress: its parsed
 * JSON when it is JSON, else the string itself. Rejects with an AlgorithmError when the script
 * fails, runs past the time limit or out of memory, or answers something other than a list of outcomes.
 */
export async function runAlgorithm(source: string, data: unknown, timeLimitMs = SCORING_TIME_LIMIT_MS): Promise<Outcome[]> {
  const answer = await runInWorker(source, JSON.stringify(data ?? null), timeLimitMs);
  if (!answer.ok) throw new AlgorithmError(answer.message);
  if (answer.text.length > RESULT_MAX_CHARS) throw new AlgorithmError('computeOutcomes returned too much');
  let value: unknown;
  try {
    value = JSON.parse(answer.text);
  } catch {
    throw new AlgorithmError('computeOutcomes must return a list of outcomes');
  }
  const parsed = outcomeListSchema.safeParse(value);
  if (!parsed.success) throw new AlgorithmError(`computeOutcomes returned invalid outcomes: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

/** Stored progress data as the script sees it: parsed JSON if possible, else the string (as a person's export reads it). */
export const scriptInput = storedValue;
