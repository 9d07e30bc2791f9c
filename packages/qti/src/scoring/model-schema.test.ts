import { contentFixture, filesOf } from '@prova/test-support/content-files';
import { describe, expect, it } from 'vitest';
import { prepareQtiPackage } from '../package';
import { compileScoring } from './compile';
import { parseQtiScoringModel } from './model-schema';

// The stored model's one schema reads back every model compileScoring writes, and refuses what it never writes.

async function storedModelOf(fixture: string): Promise<string> {
  const prepared = await prepareQtiPackage(filesOf(contentFixture(fixture)));
  if (!prepared.ok) throw new Error(prepared.problems.join('\n'));
  const compiled = compileScoring(prepared.sources);
  if (!compiled.ok) throw new Error(compiled.problems.join('\n'));
  return JSON.stringify(compiled.model);
}

describe('the scoring model schema', () => {
  it.each(['qti-all-interactions', 'qti21-basic'])('reads back the stored model of %s as it was compiled', async (fixture) => {
    const stored = await storedModelOf(fixture);
    expect(parseQtiScoringModel(stored)).toEqual(JSON.parse(stored));
  });

  it('refuses a model with a rule or an operator the scoring does not run, and text that is not JSON', async () => {
    const model = JSON.parse(await storedModelOf('qti-all-interactions'));
    const rules = model.items[0].processing;
    expect(rules.length).toBeGreaterThan(0);
    expect(() => parseQtiScoringModel(JSON.stringify({ ...model, version: 2 }))).toThrow(/not a QTI scoring model/);
    model.items[0].processing = [{ rule: 'set', identifier: 'SCORE', expression: { op: 'eval', args: [] } }];
    expect(() => parseQtiScoringModel(JSON.stringify(model))).toThrow(/not a QTI scoring model/);
    expect(() => parseQtiScoringModel('{')).toThrow(SyntaxError);
  });
});
