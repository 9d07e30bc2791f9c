import { contentFixture, filesOf } from '@prova/test-support/content-files';
import { describe, expect, it } from 'vitest';
import type { QtiProgress } from '@prova/contract/content';
import { prepareQtiPackage } from './package';
import { compileScoring, scoreQti, type Atom, type QtiScoringModel } from './scoring';

// The reader's sources are what the scoring compiles: the hand-written packages, as imported, score on the server.

async function modelOf(fixture: string): Promise<QtiScoringModel> {
  const prepared = await prepareQtiPackage(filesOf(contentFixture(fixture)));
  if (!prepared.ok) throw new Error(prepared.problems.join('\n'));
  const compiled = compileScoring(prepared.sources);
  if (!compiled.ok) throw new Error(compiled.problems.join('\n'));
  return JSON.parse(JSON.stringify(compiled.model)) as QtiScoringModel;
}

const encode = (atom: Atom) => (Array.isArray(atom) ? atom.join(' ') : String(atom));

/** What a candidate who gives every declared correct response saves. */
function keyedProgress(model: QtiScoringModel): QtiProgress {
  const responses: QtiProgress['responses'] = {};
  for (const item of model.items) {
    responses[item.identifier] = {};
    for (const declaration of item.responses) {
      if (!declaration.correct) continue;
      const values = declaration.correct.values.map(encode);
      responses[item.identifier][declaration.identifier] = declaration.cardinality === 'single' ? values[0] : values;
    }
  }
  return { qti: 1, position: null, responses, flagged: [] };
}

// Each package's test outcome, as its outcome processing says: all-interactions doubles the weighted item's SCORE.
describe.each([
  { fixture: 'qti-all-interactions', testOutcome: 'SCORE' },
  { fixture: 'qti21-basic', testOutcome: 'SCORE_TOTAL' },
])('the hand-written package $fixture', ({ fixture, testOutcome }) => {
  it('compiles to a scoring model; correct responses score on every item, none score nothing', async () => {
    const model = await modelOf(fixture);
    expect(model.items.length).toBeGreaterThan(1);

    const empty = scoreQti(model, { qti: 1, position: null, responses: {}, flagged: [] });
    for (const item of model.items) expect(empty.find((o) => o.questionId === item.identifier)?.value, item.identifier).toBe(0);
    expect(empty.find((o) => o.questionId === testOutcome)?.value).toBe(0);

    const keyed = scoreQti(model, keyedProgress(model));
    const scoreOf = (id: string) => Number(keyed.find((o) => o.questionId === id)?.value);
    for (const item of model.items) expect(scoreOf(item.identifier), item.identifier).toBeGreaterThan(0);
    const weighted = model.items.reduce((sum, item) => sum + scoreOf(item.identifier) * (item.weights.DOUBLE ?? 1), 0);
    expect(scoreOf(testOutcome)).toBeCloseTo(weighted);
  });
});
