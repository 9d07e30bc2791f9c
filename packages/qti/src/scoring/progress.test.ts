import { describe, expect, it } from 'vitest';
import { scoreQti } from './score';
import { SCORE_FLOAT, compile, itemXml, progress } from './testing';

// A candidate's saved progress is input: whatever shape it has, scoring answers, and what does not fit a
// response's declaration is no response.

const V3 = 'https://purl.imsglobal.org/spec/qti/v3p0/rptemplates';
const item = (id: string, cardinality: string, baseType: string, ...correct: string[]) =>
  itemXml(
    id,
    `<qti-response-declaration identifier="RESPONSE" cardinality="${cardinality}" base-type="${baseType}"><qti-correct-response>${correct.map((v) => `<qti-value>${v}</qti-value>`).join('')}</qti-correct-response></qti-response-declaration>` +
      `${SCORE_FLOAT}<qti-response-processing template="${V3}/match_correct"/>`,
  );
const model = compile({
  S: item('S', 'single', 'identifier', 'A'),
  M: item('M', 'multiple', 'identifier', 'A', 'B'),
  P: item('P', 'single', 'pair', 'A B'),
  B: item('B', 'single', 'boolean', 'true'),
});
const zero = [
  { questionId: 'S', value: 0 },
  { questionId: 'M', value: 0 },
  { questionId: 'P', value: 0 },
  { questionId: 'B', value: 0 },
  { questionId: 'SCORE', value: 0 },
];

describe('scoring a progress that is not a QTI progress', () => {
  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a string', 'A'],
    ['an array', [{ S: 'A' }]],
    ['another version', { qti: 2, position: null, responses: { S: { RESPONSE: 'A' } }, flagged: [] }],
    ['a SCORM progress', { scorm: 1, version: '1.2', cmi: {} }],
    ['responses of another shape', { qti: 1, position: null, responses: { S: { RESPONSE: 1 } }, flagged: [] }],
    ['responses that are a list', { qti: 1, position: null, responses: [['S', 'A']], flagged: [] }],
  ])('scores %s as no response', (_, saved) => {
    expect(scoreQti(model, saved)).toEqual(zero);
  });
});

describe('a response of the wrong shape for its declaration', () => {
  it('is no response, and the others still count', () => {
    const saved = progress({
      S: { RESPONSE: ['A'] },
      M: { RESPONSE: 'A B' },
      P: { RESPONSE: 'A' },
      B: { RESPONSE: 'yes' },
    });
    expect(scoreQti(model, saved)).toEqual(zero);
    const someRight = progress({
      S: { RESPONSE: 'A', OTHER: 'x' },
      M: { RESPONSE: ['B', 'A'] },
      P: { RESPONSE: 'B   A' },
      B: { RESPONSE: ['true'] },
    });
    expect(scoreQti(model, someRight).map((o) => o.value)).toEqual([1, 1, 1, 0, 3]);
  });

  it('ignores items and responses the model does not know', () => {
    expect(scoreQti(model, progress({ X: { RESPONSE: 'A' }, S: { NOPE: 'A' } }))).toEqual(zero);
  });
});
