import { describe, expect, it } from 'vitest';
import { base, compile, itemXml, scoreOne, scores, variable } from './testing';

// Custom response processing: conditions, set-outcome-value, lookup-outcome-value, exit.

const RESPONSE = '<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="integer"/>';
const SCORE = '<qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float"/>';
const set = (id: string, expression: string) => `<qti-set-outcome-value identifier="${id}">${expression}</qti-set-outcome-value>`;
const gte = (n: number) => `<qti-gte>${variable('RESPONSE')}${base('integer', n)}</qti-gte>`;

describe('qti-response-condition', () => {
  const graded = itemXml(
    'Q',
    `${RESPONSE}${SCORE}<qti-response-processing><qti-response-condition>` +
      `<qti-response-if>${gte(10)}${set('SCORE', base('float', 3))}</qti-response-if>` +
      `<qti-response-else-if>${gte(5)}${set('SCORE', base('float', 2))}</qti-response-else-if>` +
      `<qti-response-else-if>${gte(1)}${set('SCORE', base('float', 1))}</qti-response-else-if>` +
      `<qti-response-else>${set('SCORE', base('float', -1))}</qti-response-else>` +
      `</qti-response-condition></qti-response-processing>`,
  );

  it('runs the first branch whose condition is true, else the else branch', () => {
    expect(scoreOne(graded, '12')).toBe(3);
    expect(scoreOne(graded, '5')).toBe(2);
    expect(scoreOne(graded, '1')).toBe(1);
    expect(scoreOne(graded, '0')).toBe(-1);
  });

  it('takes a NULL condition as false', () => {
    expect(scoreOne(graded, null)).toBe(-1);
    expect(scoreOne(graded, 'ten')).toBe(-1);
  });

  it('without an else, leaves the outcome at its default', () => {
    const onlyIf = itemXml(
      'Q',
      `${RESPONSE}<qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float"><qti-default-value><qti-value>0.5</qti-value></qti-default-value></qti-outcome-declaration>` +
        `<qti-response-processing><qti-response-condition><qti-response-if>${gte(10)}${set('SCORE', base('float', 3))}</qti-response-if></qti-response-condition></qti-response-processing>`,
    );
    expect(scoreOne(onlyIf, '11')).toBe(3);
    expect(scoreOne(onlyIf, '9')).toBe(0.5);
  });

  it('runs rules in order, later ones reading what earlier ones set, and nests conditions', () => {
    const item = itemXml(
      'Q',
      `${RESPONSE}${SCORE}<qti-outcome-declaration identifier="BONUS" cardinality="single" base-type="float"/>` +
        `<qti-response-processing>${set('BONUS', base('float', 0.5))}` +
        `<qti-response-condition><qti-response-if>${gte(1)}<qti-response-condition><qti-response-if>${gte(2)}` +
        set('SCORE', `<qti-sum>${variable('BONUS')}${base('float', 2)}</qti-sum>`) +
        `</qti-response-if></qti-response-condition></qti-response-if></qti-response-condition></qti-response-processing>`,
    );
    expect(scoreOne(item, '2')).toBe(2.5);
    expect(scoreOne(item, '1')).toBe(0);
  });

  it('stops at qti-exit-response', () => {
    const item = itemXml(
      'Q',
      `${RESPONSE}${SCORE}<qti-response-processing>${set('SCORE', base('float', 1))}` +
        `<qti-response-condition><qti-response-if>${gte(5)}<qti-exit-response/></qti-response-if></qti-response-condition>` +
        `${set('SCORE', base('float', 2))}</qti-response-processing>`,
    );
    expect(scoreOne(item, '6')).toBe(1);
    expect(scoreOne(item, '4')).toBe(2);
  });
});

describe('qti-lookup-outcome-value', () => {
  const lookup = (table: string, baseType = 'float') =>
    itemXml(
      'Q',
      `${RESPONSE}<qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="${baseType}">${table}</qti-outcome-declaration>` +
        `<qti-response-processing><qti-lookup-outcome-value identifier="SCORE">${variable('RESPONSE')}</qti-lookup-outcome-value></qti-response-processing>`,
    );

  it('a match table: the entry of the same value, else its default', () => {
    const item = lookup(
      '<qti-match-table default-value="0"><qti-match-table-entry source-value="1" target-value="10"/><qti-match-table-entry source-value="2" target-value="20"/></qti-match-table>',
    );
    expect(scoreOne(item, '2')).toBe(20);
    expect(scoreOne(item, '3')).toBe(0);
    expect(scoreOne(item, null)).toBe(0);
  });

  it('an interpolation table: the first entry the value reaches, boundaries as said', () => {
    const item = lookup(
      '<qti-interpolation-table default-value="0">' +
        '<qti-interpolation-table-entry source-value="8" target-value="3"/>' +
        '<qti-interpolation-table-entry source-value="5" target-value="2" include-boundary="false"/>' +
        '<qti-interpolation-table-entry source-value="1" target-value="1"/>' +
        '</qti-interpolation-table>',
    );
    expect(scoreOne(item, '9')).toBe(3);
    expect(scoreOne(item, '8')).toBe(3);
    expect(scoreOne(item, '6')).toBe(2);
    expect(scoreOne(item, '5')).toBe(1);
    expect(scoreOne(item, '0')).toBe(0);
  });

  it('targets of the outcome base type (an identifier grade)', () => {
    const item = lookup('<qti-match-table><qti-match-table-entry source-value="1" target-value="pass"/></qti-match-table>', 'identifier');
    expect(scoreOne(item, '1')).toBe('pass');
    expect(scoreOne(item, '2')).toBeNull();
  });
});

describe('several responses in one item', () => {
  it('scores a text entry and a choice together, each by its own declaration', () => {
    const item = itemXml(
      'Q',
      '<qti-response-declaration identifier="TEXT" cardinality="single" base-type="string"><qti-correct-response><qti-value>Roma</qti-value></qti-correct-response></qti-response-declaration>' +
        '<qti-response-declaration identifier="CHOICE" cardinality="single" base-type="identifier"><qti-correct-response><qti-value>B</qti-value></qti-correct-response></qti-response-declaration>' +
        SCORE +
        '<qti-response-processing>' +
        set(
          'SCORE',
          `<qti-sum>` + `<qti-map-response identifier="TEXT"/>` + `<qti-base-value base-type="float">0</qti-base-value></qti-sum>`,
        ) +
        `<qti-response-condition><qti-response-if><qti-match>${variable('CHOICE')}<qti-correct identifier="CHOICE"/></qti-match>` +
        set('SCORE', `<qti-sum>${variable('SCORE')}${base('float', 1)}</qti-sum>`) +
        `</qti-response-if></qti-response-condition></qti-response-processing>`,
    ).replace(
      '<qti-correct-response><qti-value>Roma</qti-value></qti-correct-response>',
      '<qti-correct-response><qti-value>Roma</qti-value></qti-correct-response><qti-mapping default-value="0"><qti-map-entry map-key="Roma" mapped-value="2" case-sensitive="false"/></qti-mapping>',
    );
    const model = compile({ Q: item });
    expect(scores(model, { Q: { TEXT: 'roma', CHOICE: 'B' } }).Q).toBe(3);
    expect(scores(model, { Q: { TEXT: 'Milano', CHOICE: 'B' } }).Q).toBe(1);
    expect(scores(model, { Q: { CHOICE: 'A' } }).Q).toBe(0);
  });
});
