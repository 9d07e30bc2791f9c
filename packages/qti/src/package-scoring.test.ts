import { contentFixture, filesOf } from '@prova/test-support/content-files';
import { describe, expect, it } from 'vitest';
import type { QtiProgress } from '@prova/contract/content';
import { prepareQtiPackage } from './package';
import { compileScoring, ratedItems, scoreQti, type Atom, type QtiScoringModel } from './scoring';

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

describe('a bank whose essay nothing in the package scores (qti-essay-bank)', () => {
  it('leaves the essay to an assessor, out of its MAXSCORE, and the test outcome processing counts the rating', async () => {
    const model = await modelOf('qti-essay-bank');
    expect(ratedItems(model)).toEqual([
      { identifier: 'essay', maxScore: 4, prompt: 'Describe a hard decision you took at work, and why.' },
    ]);
    const progress: QtiProgress = {
      qti: 1,
      position: null,
      responses: { capital: { RESPONSE: 'rome' }, essay: { RESPONSE: 'I <b>closed</b> a plant.' } },
      flagged: [],
    };
    const values = (ratings?: Record<string, number>) =>
      Object.fromEntries(scoreQti(model, progress, ratings).map((o) => [o.questionId, o.value]));
    expect(values()).toEqual({ capital: 1, essay: 0, SCORE: 1, WRITING: 0 });
    expect(values({ essay: 3 })).toEqual({ capital: 1, essay: 3, SCORE: 4, WRITING: 3 });
    // A rating of an item the package scores itself changes nothing.
    expect(values({ capital: 0, essay: 3 })).toEqual({ capital: 1, essay: 3, SCORE: 4, WRITING: 3 });
  });

  it('does not take a scored extended-text item for one to rate', async () => {
    expect(ratedItems(await modelOf('qti-all-interactions'))).toEqual([]);
  });
});
