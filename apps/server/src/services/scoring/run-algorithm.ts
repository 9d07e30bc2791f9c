import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { type Outcome, outcomeListSchema, SCORING_TIME_LIMIT_MS } from '@prova/contract/tests';
import { parseJson } from '../../db/json-column';

// A scoring script runs inside QuickJS compiled to WebAssembly: a separate JavaScript engine with
// its own heap, no require, no process, no network, no timers, no file system. It gets the stored
// progress data and nothing else, within a time, memory and stack limit. The engine itself runs
// in a short-lived worker thread, so a script can neither block the server's event loop nor leave
// a broken engine behind: past the hard deadline the worker is terminated.

const MEMORY_LIMIT_BYTES = 32 * 1024 * 1024;
const STACK_LIMIT_BYTES = 512 * 1024;
const RESULT_MAX_CHARS = 1_000_000;
/** Time to start the worker and compile the engine, on top of the script's own limit. */
const STARTUP_GRACE_MS = 2_000;

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
(async () => {
  const quickjs = await core.newQuickJSWASMModuleFromVariant(variantModule.default || variantModule);
  const runtime = quickjs.newRuntime();
  runtime.setMemoryLimit(workerData.memoryLimit);
  runtime.setMaxStackSize(workerData.stackLimit);
  runtime.setInterruptHandler(core.shouldInterruptAfterDeadline(Date.now() + workerData.timeLimitMs));
  const context = runtime.newContext();
  const input = context.newString(workerData.input);
  context.setProp(context.global, '__provaInput', input);
  input.dispose();
  const program = workerData.source + "\\n;(function () {\\n" +
    "  if (typeof computeOutcomes !== 'function') throw new Error('computeOutcomes is not defined');\\n" +
    "  return JSON.stringify(computeOutcomes(JSON.parse(__provaInput)));\\n" +
    "})()";
  const result = context.evalCode(program, 'algorithm.js');
  if (result.error) {
    const error = context.dump(result.error);
    const message = typeof error === 'string' ? error : (error && error.name || 'Error') + ': ' + (error && error.message || 'unknown');
    parentPort.postMessage({ ok: false, message: message === 'InternalError: interrupted' ? 'time limit of ' + workerData.timeLimitMs + ' ms exceeded' : message });
  } else {
    const text = context.dump(result.value);
    parentPort.postMessage(typeof text === 'string' ? { ok: true, text } : { ok: false, message: 'computeOutcomes must return a list of outcomes' });
  }
  // No disposal: the worker ends here and takes the whole engine with it.
})().catch((e) => parentPort.postMessage({ ok: false, message: String((e && e.message) || e) }));
`;

export class AlgorithmError extends Error {}

type WorkerAnswer = { ok: true; text: string } | { ok: false; message: string };

function runInWorker(source: string, input: string, timeLimitMs: number): Promise<WorkerAnswer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { ...enginePaths(), source, input, timeLimitMs, memoryLimit: MEMORY_LIMIT_BYTES, stackLimit: STACK_LIMIT_BYTES },
      resourceLimits: { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    const timer = setTimeout(
      () => finish(() => reject(new AlgorithmError(`time limit of ${timeLimitMs} ms exceeded`))),
      timeLimitMs + STARTUP_GRACE_MS,
    );
    worker.once('message', (answer: WorkerAnswer) => finish(() => resolve(answer)));
    worker.once('error', (err) => finish(() => reject(new AlgorithmError(`scoring engine failed: ${err.message}`))));
    worker.once('exit', (code) => finish(() => reject(new AlgorithmError(`scoring engine stopped (exit ${code})`))));
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

/** Stored progress data as the script sees it: parsed JSON if possible, else the string. */
export function scriptInput(stored: string | null): unknown {
  if (stored == null) return null;
  return parseJson<unknown>(stored, stored);
}
