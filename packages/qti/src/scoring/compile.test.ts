import { describe, expect, it } from 'vitest';
import { compileScoring } from './compile';
import { scoreQti } from './score';
import { SCORE_FLOAT, itemXml, problemsOf, progress, sources } from './testing';

// What compileScoring makes of a package's XML: a model that is plain JSON, or the problems that would
// keep the server from scoring it, each `<file>: <element>: message`.

const V3 = 'https://purl.imsglobal.org/spec/qti/v3p0/rptemplates';
const choice = itemXml(
  'Q1',
  '<qti-response-declaration identifier="RESPONSE" cardinality="multiple" base-type="directedPair"><qti-correct-response><qti-value>A X</qti-value></qti-correct-response>' +
    '<qti-mapping default-value="0" lower-bound="0"><qti-map-entry map-key="A X" mapped-value="1.5"/></qti-mapping></qti-response-declaration>' +
    `${SCORE_FLOAT}<qti-response-processing template="${V3}/map_response"/>`,
);
const hotspot = itemXml(
  'Q2',
  '<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="point"><qti-area-mapping default-value="0"><qti-area-map-entry shape="poly" coords="0,0,10,0,10,10" mapped-value="1"/></qti-area-mapping></qti-response-declaration>' +
    `${SCORE_FLOAT}<qti-response-processing template="${V3}/map_response_point"/>`,
);
const lookup = itemXml(
  'Q3',
  '<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="float"/>' +
    '<qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float"><qti-interpolation-table><qti-interpolation-table-entry source-value="1.5" target-value="2" include-boundary="false"/></qti-interpolation-table></qti-outcome-declaration>' +
    '<qti-response-processing><qti-lookup-outcome-value identifier="SCORE"><qti-variable identifier="RESPONSE"/></qti-lookup-outcome-value></qti-response-processing>',
);

describe('the scoring model', () => {
  it('survives JSON.stringify and JSON.parse, and scores the same after', () => {
    const compiled = compileScoring(sources({ Q1: choice, Q2: hotspot, Q3: lookup }));
    if (!compiled.ok) throw new Error(compiled.problems.join('\n'));
    const stored = JSON.parse(JSON.stringify(compiled.model)) as typeof compiled.model;
    expect(stored).toEqual(compiled.model);
    const saved = progress({ Q1: { RESPONSE: ['A X'] }, Q2: { RESPONSE: '8 2' }, Q3: { RESPONSE: '1.6' } });
    expect(scoreQti(stored, saved)).toEqual(scoreQti(compiled.model, saved));
    expect(scoreQti(stored, saved)).toEqual([
      { questionId: 'Q1', value: 1.5 },
      { questionId: 'Q2', value: 1 },
      { questionId: 'Q3', value: 2 },
      { questionId: 'SCORE', value: 4.5 },
    ]);
  });

  it('holds no XML: what scores an item is read once, at compile time', () => {
    const compiled = compileScoring(sources({ Q1: choice }));
    expect(compiled.ok && JSON.stringify(compiled.model)).not.toMatch(/<|qti-/);
  });

  it('gives an item without response processing its outcomes defaults', () => {
    const survey = itemXml(
      'S',
      '<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier"/>' + SCORE_FLOAT,
    );
    const compiled = compileScoring(sources({ S: survey }));
    expect(compiled.ok && scoreQti(compiled.model, progress({ S: { RESPONSE: 'A' } }))).toEqual([
      { questionId: 'S', value: 0 },
      { questionId: 'SCORE', value: 0 },
    ]);
  });
});

describe('problems', () => {
  const withRules = (rules: string, declarations = '') =>
    itemXml(
      'Q',
      `<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier"/>${declarations}${SCORE_FLOAT}<qti-response-processing>${rules}</qti-response-processing>`,
    );

  it('names a rule or an expression the server cannot run', () => {
    expect(
      problemsOf({ Q: withRules('<qti-set-outcome-value identifier="SCORE"><qti-custom-operator class="x"/></qti-set-outcome-value>') }),
    ).toEqual(['items/Q.xml: qti-custom-operator: this expression cannot be run on the server']);
    expect(problemsOf({ Q: withRules('<qti-response-processing-fragment/>') })).toEqual([
      'items/Q.xml: qti-response-processing-fragment: this rule cannot be run on the server',
    ]);
  });

  it('names a variable that is not declared, and an outcome set that is not', () => {
    expect(
      problemsOf({ Q: withRules('<qti-set-outcome-value identifier="SCORE"><qti-variable identifier="NOPE"/></qti-set-outcome-value>') }),
    ).toEqual(['items/Q.xml: qti-variable: no variable "NOPE" is declared']);
    expect(problemsOf({ Q: withRules('<qti-set-outcome-value identifier="TOTAL"><qti-null/></qti-set-outcome-value>') })).toEqual([
      'items/Q.xml: qti-set-outcome-value: no outcome "TOTAL" is declared',
    ]);
    expect(
      problemsOf({
        Q: withRules('<qti-set-outcome-value identifier="SCORE"><qti-map-response identifier="RESPONSE"/></qti-set-outcome-value>'),
      }),
    ).toEqual(['items/Q.xml: qti-map-response: the response "RESPONSE" has no qti-mapping']);
  });

  it('names what is malformed: values, tolerances, shapes, cardinalities, XML', () => {
    expect(
      problemsOf({
        Q: withRules(
          '<qti-set-outcome-value identifier="SCORE"><qti-base-value base-type="integer">two</qti-base-value></qti-set-outcome-value>',
        ),
      }),
    ).toEqual(['items/Q.xml: qti-base-value: "two" is not a value of base-type integer']);
    expect(
      problemsOf({
        Q: withRules(
          '<qti-set-outcome-value identifier="SCORE"><qti-equal tolerance-mode="absolute"><qti-null/><qti-null/></qti-equal></qti-set-outcome-value>',
        ),
      }),
    ).toEqual(['items/Q.xml: qti-equal: tolerance "" must be one or two numbers']);
    expect(
      problemsOf({
        Q: itemXml(
          'Q',
          '<qti-response-declaration identifier="R" cardinality="record"/><qti-response-declaration identifier="P" cardinality="single" base-type="point"><qti-area-mapping><qti-area-map-entry shape="circle" coords="1,2" mapped-value="1"/></qti-area-mapping></qti-response-declaration>',
        ),
      }),
    ).toEqual([
      'items/Q.xml: qti-response-declaration: cardinality "record" cannot be scored on the server',
      'items/Q.xml: qti-area-map-entry: coords "1,2" do not describe a circle',
    ]);
    expect(problemsOf({ Q: '<qti-assessment-item identifier="Q">' })[0]).toMatch(/^items\/Q\.xml: not well-formed XML/);
  });

  it('names an item variable of the test that names no item', () => {
    const test = `<qti-assessment-test xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="T" title="T"><qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float"/><qti-outcome-processing><qti-set-outcome-value identifier="SCORE"><qti-sum><qti-variable identifier="Q.SCORE"/><qti-variable identifier="Q9.SCORE"/></qti-sum></qti-set-outcome-value></qti-outcome-processing></qti-assessment-test>`;
    expect(problemsOf({ Q: withRules('') }, test)).toEqual(['test.xml: qti-variable: no variable "Q9.SCORE" is declared']);
  });

  it('reads an item that starts with a byte order mark', () => {
    expect(problemsOf({ Q: `\uFEFF<?xml version="1.0" encoding="UTF-8"?>${withRules('')}` })).toEqual([]);
  });

  it('keeps test-level expressions to the test, and item-level ones to items', () => {
    expect(problemsOf({ Q: withRules('<qti-set-outcome-value identifier="SCORE"><qti-number-correct/></qti-set-outcome-value>') })).toEqual(
      ['items/Q.xml: qti-number-correct: is only for the outcome processing of a test'],
    );
    const test = `<qti-assessment-test xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="T" title="T"><qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float"/><qti-outcome-processing><qti-set-outcome-value identifier="SCORE"><qti-correct identifier="RESPONSE"/></qti-set-outcome-value></qti-outcome-processing></qti-assessment-test>`;
    expect(problemsOf({ Q: withRules('') }, test)).toEqual(["test.xml: qti-correct: is only for an item's response processing"]);
  });
});
