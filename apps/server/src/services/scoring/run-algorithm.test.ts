import { describe, expect, it } from 'vitest';
import { AlgorithmError, runAlgorithm, scriptInput } from './run-algorithm';

/** A numerical test's key: q1 = b, q2 = d, q3 = a. */
const RAG_ALGORITHM =
  "function computeOutcomes(data) { var a = (data && data.answers) || {}; var key = {q1: 'b', q2: 'd', q3: 'a'}; var ok = 0; for (var q in key) { if (a[q] === key[q]) ok++; } return [{ questionId: 'score', value: Math.round(100 * ok / 3) }]; }";

describe('runAlgorithm', () => {
  it('computes outcomes from the parsed progress data', async () => {
    expect(await runAlgorithm(RAG_ALGORITHM, scriptInput('{"answers":{"q1":"b","q2":"d","q3":"a"}}'))).toEqual([
      { questionId: 'score', value: 100 },
    ]);
    expect(await runAlgorithm(RAG_ALGORITHM, scriptInput('not json'))).toEqual([{ questionId: 'score', value: 0 }]);
  });

  it('gives the script nothing of the host', async () => {
    const probe =
      "function computeOutcomes() { return [{ questionId: 'env', value: [typeof require, typeof process, typeof fetch, typeof globalThis.setTimeout].join(',') }]; }";
    expect(await runAlgorithm(probe, null)).toEqual([{ questionId: 'env', value: 'undefined,undefined,undefined,undefined' }]);
  });

  // The engine's thread serves run after run: each run starts from a clean engine, whatever the one before did.
  it('never lets one run see what another left behind', async () => {
    const leaker =
      "function computeOutcomes(data) { var seen = typeof leaked === 'undefined' ? 'nothing' : leaked; leaked = data; Object.prototype.polluted = data; return [{ questionId: 'seen', value: seen + '/' + ({}).polluted }]; }";
    const answers = [];
    for (const person of ['first', 'second', 'third']) answers.push(await runAlgorithm(leaker, person));
    expect(answers).toEqual([
      [{ questionId: 'seen', value: 'nothing/first' }],
      [{ questionId: 'seen', value: 'nothing/second' }],
      [{ questionId: 'seen', value: 'nothing/third' }],
    ]);
  });

  it('stops a looping or memory-hungry script and rejects bad answers', async () => {
    const started = Date.now();
    await expect(runAlgorithm('function computeOutcomes() { for (;;) {} }', null, 200)).rejects.toThrow(/time limit/);
    expect(Date.now() - started).toBeLessThan(2_000);
    for (const hog of [
      "function computeOutcomes() { var a = []; for (;;) a.push('x'.repeat(1e6)); }",
      'function computeOutcomes() { return computeOutcomes(); }',
    ]) {
      const t0 = Date.now();
      await expect(runAlgorithm(hog, null)).rejects.toBeInstanceOf(AlgorithmError);
      expect(Date.now() - t0).toBeLessThan(5_000);
    }
    // The engine is still fine afterwards.
    expect(await runAlgorithm(RAG_ALGORITHM, null)).toEqual([{ questionId: 'score', value: 0 }]);
    await expect(runAlgorithm('var x = 1;', null)).rejects.toThrow(/computeOutcomes is not defined/);
    await expect(runAlgorithm('function computeOutcomes() { return 42; }', null)).rejects.toThrow(/invalid outcomes/);
    await expect(runAlgorithm('function computeOutcomes() { throw new Error("boom"); }', null)).rejects.toThrow(/boom/);
  });
});
