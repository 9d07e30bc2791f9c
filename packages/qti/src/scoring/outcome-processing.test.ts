import { describe, expect, it } from 'vitest';
import { compile, itemXml, progress, testXml } from './testing';
import { scoreQti } from './score';

// The test's outcome processing over its items' outcomes: test variables with weights and categories,
// the item counts, outcome maximum and minimum, and the sum a test without outcome processing gets.

const V3 = 'https://purl.imsglobal.org/spec/qti/v3p0/rptemplates';
const choice = (id: string, key: string, maximum = 1, minimum?: number) =>
  itemXml(
    id,
    `<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier"><qti-correct-response><qti-value>${key}</qti-value></qti-correct-response></qti-response-declaration>` +
      `<qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float" normal-maximum="${maximum}"${minimum === undefined ? '' : ` normal-minimum="${minimum}"`}/>` +
      `<qti-response-processing template="${V3}/match_correct"/>`,
  );
const ref = (id: string, extra = '', weights: Record<string, number> = {}) =>
  `<qti-assessment-item-ref identifier="${id}" href="items/${id}.xml" ${extra}>${Object.entries(weights)
    .map(([w, v]) => `<qti-weight identifier="${w}" value="${v}"/>`)
    .join('')}</qti-assessment-item-ref>`;
const outcome = (id: string, baseType = 'float', cardinality = 'single') =>
  `<qti-outcome-declaration identifier="${id}" cardinality="${cardinality}" base-type="${baseType}"/>`;
const set = (id: string, expression: string) => `<qti-set-outcome-value identifier="${id}">${expression}</qti-set-outcome-value>`;
const processing = (...rules: string[]) => `<qti-outcome-processing>${rules.join('')}</qti-outcome-processing>`;

const items = { A: choice('A', 'X'), B: choice('B', 'Y'), C: choice('C', 'Z', 2) };
const allRight = { A: { RESPONSE: 'X' }, B: { RESPONSE: 'Y' }, C: { RESPONSE: 'Z' } };

function outcomesOf(test: string, responses: Record<string, Record<string, string | null>>, flagged: string[] = []) {
  return scoreQti(compile(items, test), progress(responses, flagged));
}
const valuesOf = (test: string, responses: Record<string, Record<string, string | null>>) =>
  Object.fromEntries(outcomesOf(test, responses).map((o) => [o.questionId, o.value]));

describe('a test without outcome processing', () => {
  it('gets SCORE = the sum of its items, after one outcome per item', () => {
    const test = testXml(ref('A') + ref('B') + ref('C'));
    expect(outcomesOf(test, { A: { RESPONSE: 'X' }, B: { RESPONSE: 'N' }, C: { RESPONSE: 'Z' } })).toEqual([
      { questionId: 'A', value: 1 },
      { questionId: 'B', value: 0 },
      { questionId: 'C', value: 1 },
      { questionId: 'SCORE', value: 2 },
    ]);
    expect(valuesOf(test, {}).SCORE).toBe(0);
  });
});

describe('qti-test-variables', () => {
  it('sums the items SCORE, weighted by each item ref qti-weight (1 where an item has none)', () => {
    const test = testXml(
      ref('A', '', { W: 2 }) + ref('B', '', { W: 0.5 }) + ref('C'),
      outcome('SCORE') +
        processing(set('SCORE', '<qti-sum><qti-test-variables variable-identifier="SCORE" weight-identifier="W"/></qti-sum>')),
    );
    expect(valuesOf(test, allRight).SCORE).toBe(3.5);
    expect(valuesOf(test, { B: { RESPONSE: 'Y' } }).SCORE).toBe(0.5);
  });

  it('keeps to the categories included and leaves out those excluded', () => {
    const test = testXml(
      ref('A', 'category="math core"') + ref('B', 'category="language core"') + ref('C', 'category="math extra"'),
      outcome('SCORE') +
        outcome('MATH') +
        outcome('NOT_EXTRA') +
        processing(
          set('MATH', '<qti-sum><qti-test-variables variable-identifier="SCORE" include-category="math"/></qti-sum>'),
          set('NOT_EXTRA', '<qti-sum><qti-test-variables variable-identifier="SCORE" exclude-category="extra"/></qti-sum>'),
          set(
            'SCORE',
            '<qti-sum><qti-test-variables variable-identifier="SCORE" include-category="math language" exclude-category="core"/></qti-sum>',
          ),
        ),
    );
    const values = valuesOf(test, allRight);
    expect(values.MATH).toBe(2);
    expect(values.NOT_EXTRA).toBe(2);
    expect(values.SCORE).toBe(1);
  });

  it('keeps to a section, and to the base type asked for', () => {
    const test = `<qti-assessment-test xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="T" title="T">${outcome('SCORE')}${outcome('N', 'integer')}
      <qti-test-part identifier="P" navigation-mode="linear" submission-mode="individual">
        <qti-assessment-section identifier="S1" title="1" visible="true">${ref('A')}<qti-assessment-section identifier="S1b" title="1b" visible="false">${ref('B')}</qti-assessment-section></qti-assessment-section>
        <qti-assessment-section identifier="S2" title="2" visible="true">${ref('C')}</qti-assessment-section>
      </qti-test-part>${processing(
        set('SCORE', '<qti-sum><qti-test-variables variable-identifier="SCORE" section-identifier="S1"/></qti-sum>'),
        set('N', '<qti-container-size><qti-test-variables variable-identifier="SCORE" base-type="integer"/></qti-container-size>'),
      )}</qti-assessment-test>`;
    const values = valuesOf(test, allRight);
    expect(values.SCORE).toBe(2);
    expect(values.N).toBe(0);
  });

  it('takes an item SCORE declared integer as an integer, whatever number its rules set', () => {
    const integerScore = itemXml(
      'D',
      '<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier"><qti-correct-response><qti-value>X</qti-value></qti-correct-response></qti-response-declaration>' +
        `<qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="integer"/><qti-response-processing template="${V3}/match_correct"/>`,
    );
    const test = testXml(
      ref('A') + ref('D'),
      outcome('SCORE') +
        processing(set('SCORE', '<qti-sum><qti-test-variables variable-identifier="SCORE" base-type="integer"/></qti-sum>')),
    );
    const model = compile({ A: items.A, D: integerScore }, test);
    expect(scoreQti(model, progress({ A: { RESPONSE: 'X' }, D: { RESPONSE: 'X' } })).at(-1)).toEqual({ questionId: 'SCORE', value: 1 });
  });

  it('reads one item variable, weighted, by ITEM.VARIABLE', () => {
    const test = testXml(
      ref('A', '', { W: 3 }) + ref('B') + ref('C'),
      outcome('SCORE') + processing(set('SCORE', '<qti-variable identifier="A.SCORE" weight-identifier="W"/>')),
    );
    expect(valuesOf(test, allRight).SCORE).toBe(3);
  });
});

describe('item counts', () => {
  const test = testXml(
    ref('A', 'category="x"') + ref('B') + ref('C'),
    ['CORRECT', 'INCORRECT', 'RESPONDED', 'PRESENTED', 'SELECTED', 'CORRECT_X'].map((id) => outcome(id, 'integer')).join('') +
      processing(
        set('CORRECT', '<qti-number-correct/>'),
        set('INCORRECT', '<qti-number-incorrect/>'),
        set('RESPONDED', '<qti-number-responded/>'),
        set('PRESENTED', '<qti-number-presented/>'),
        set('SELECTED', '<qti-number-selected/>'),
        set('CORRECT_X', '<qti-number-correct include-category="x"/>'),
      ),
  );

  it('counts correct, incorrect, responded, presented and selected items', () => {
    // A right, B wrong, C seen (saved with no response) and left blank.
    expect(valuesOf(test, { A: { RESPONSE: 'X' }, B: { RESPONSE: 'N' }, C: { RESPONSE: null } })).toMatchObject({
      CORRECT: 1,
      INCORRECT: 2,
      RESPONDED: 2,
      PRESENTED: 3,
      SELECTED: 3,
      CORRECT_X: 1,
    });
    // Nothing saved for B and C: not presented, so not counted incorrect.
    expect(valuesOf(test, { A: { RESPONSE: 'N' } })).toMatchObject({
      CORRECT: 0,
      INCORRECT: 1,
      RESPONDED: 1,
      PRESENTED: 1,
      SELECTED: 3,
      CORRECT_X: 0,
    });
  });

  it('takes a flagged item as presented', () => {
    const values = Object.fromEntries(outcomesOf(test, {}, ['B']).map((o) => [o.questionId, o.value]));
    expect(values).toMatchObject({ PRESENTED: 1, INCORRECT: 1, RESPONDED: 0 });
  });
});

describe('qti-outcome-maximum and qti-outcome-minimum', () => {
  it('gives the items normal-maximum, weighted, and a scaled score with them', () => {
    const test = testXml(
      ref('A', '', { W: 2 }) + ref('B') + ref('C'),
      outcome('SCORE') +
        outcome('MAX') +
        outcome('SCALED') +
        processing(
          set('SCORE', '<qti-sum><qti-test-variables variable-identifier="SCORE" weight-identifier="W"/></qti-sum>'),
          set('MAX', '<qti-sum><qti-outcome-maximum outcome-identifier="SCORE" weight-identifier="W"/></qti-sum>'),
          set('SCALED', '<qti-divide><qti-variable identifier="SCORE"/><qti-variable identifier="MAX"/></qti-divide>'),
        ),
    );
    expect(valuesOf(test, { A: { RESPONSE: 'X' }, C: { RESPONSE: 'Z' } })).toMatchObject({ SCORE: 3, MAX: 5, SCALED: 0.6 });
  });

  it('is NULL when an item of the subset declares no such bound', () => {
    const test = testXml(
      ref('A') + ref('B') + ref('C'),
      outcome('MIN') + processing(set('MIN', '<qti-sum><qti-outcome-minimum outcome-identifier="SCORE"/></qti-sum>')),
    );
    expect(valuesOf(test, allRight).MIN).toBeNull();
    const withMinimum = { ...items, C: choice('C', 'Z', 2, -1) };
    const minimumOfC = testXml(
      ref('A') + ref('B') + ref('C', 'category="c"'),
      outcome('MIN') + processing(set('MIN', '<qti-sum><qti-outcome-minimum outcome-identifier="SCORE" include-category="c"/></qti-sum>')),
    );
    expect(Object.fromEntries(scoreQti(compile(withMinimum, minimumOfC), progress({})).map((o) => [o.questionId, o.value])).MIN).toBe(-1);
  });
});

describe('the outcomes of a test', () => {
  it('lists every outcome the test declares, SCORE first, conditions and lookups included', () => {
    const test = testXml(
      ref('A') + ref('B') + ref('C'),
      outcome('PASSED', 'boolean') +
        outcome('SCORE') +
        `<qti-outcome-declaration identifier="GRADE" cardinality="single" base-type="identifier"><qti-interpolation-table default-value="F"><qti-interpolation-table-entry source-value="2" target-value="A"/><qti-interpolation-table-entry source-value="1" target-value="B"/></qti-interpolation-table></qti-outcome-declaration>` +
        processing(
          set('SCORE', '<qti-sum><qti-test-variables variable-identifier="SCORE"/></qti-sum>'),
          `<qti-outcome-condition><qti-outcome-if><qti-gte><qti-variable identifier="SCORE"/><qti-base-value base-type="float">2</qti-base-value></qti-gte>${set('PASSED', '<qti-base-value base-type="boolean">true</qti-base-value>')}</qti-outcome-if><qti-outcome-else>${set('PASSED', '<qti-base-value base-type="boolean">false</qti-base-value>')}</qti-outcome-else></qti-outcome-condition>`,
          '<qti-lookup-outcome-value identifier="GRADE"><qti-variable identifier="SCORE"/></qti-lookup-outcome-value>',
        ),
    );
    expect(outcomesOf(test, { A: { RESPONSE: 'X' }, B: { RESPONSE: 'Y' } }).slice(3)).toEqual([
      { questionId: 'SCORE', value: 2 },
      { questionId: 'PASSED', value: true },
      { questionId: 'GRADE', value: 'A' },
    ]);
    expect(outcomesOf(test, { A: { RESPONSE: 'X' } }).slice(3)).toEqual([
      { questionId: 'SCORE', value: 1 },
      { questionId: 'PASSED', value: false },
      { questionId: 'GRADE', value: 'B' },
    ]);
  });
});
