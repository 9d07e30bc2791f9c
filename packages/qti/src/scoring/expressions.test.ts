import { describe, expect, it } from 'vitest';
import { base, evaluateIn, variable } from './testing';

// Each expression of response processing, evaluated in an item whose SCORE is set to it; NULL comes out as null.

const decl = (id: string, cardinality: string, baseType: string, inner = '') =>
  `<qti-response-declaration identifier="${id}" cardinality="${cardinality}" base-type="${baseType}">${inner}</qti-response-declaration>`;
const correct = (...values: string[]) =>
  `<qti-correct-response>${values.map((v) => `<qti-value>${v}</qti-value>`).join('')}</qti-correct-response>`;
const op = (name: string, ...args: string[]) => `<qti-${name}>${args.join('')}</qti-${name}>`;
const bool = (expression: string, responses: Record<string, string | string[] | null> = {}, declarations = '') =>
  evaluateIn(expression, { type: 'boolean', responses, declarations });
const num = (expression: string, responses: Record<string, string | string[] | null> = {}, declarations = '') =>
  evaluateIn(expression, { responses, declarations });
const T = base('boolean', true);
const F = base('boolean', false);
const NULL = '<qti-null/>';

describe('base values, variables, correct, null', () => {
  it('reads base values of each base type', () => {
    expect(num(base('float', '2.5'))).toBe(2.5);
    expect(evaluateIn(base('integer', '-3'), { type: 'integer' })).toBe(-3);
    expect(evaluateIn(base('string', 'a b'), { type: 'string' })).toBe('a b');
    expect(evaluateIn(base('point', '3 4'), { type: 'point' })).toBe('3 4');
    expect(bool(T)).toBe(true);
  });

  it('reads a response variable, and the correct response of one', () => {
    const d = decl('R', 'single', 'identifier', correct('B'));
    expect(evaluateIn(variable('R'), { type: 'identifier', declarations: d, responses: { R: 'C' } })).toBe('C');
    expect(evaluateIn(variable('R'), { type: 'identifier', declarations: d })).toBeNull();
    expect(evaluateIn('<qti-correct identifier="R"/>', { type: 'identifier', declarations: d })).toBe('B');
    expect(num(NULL)).toBeNull();
  });
});

describe('logic: and, or, not, is-null', () => {
  it('and: false decides, else NULL, else true', () => {
    expect(bool(op('and', T, T))).toBe(true);
    expect(bool(op('and', T, F, NULL))).toBe(false);
    expect(bool(op('and', T, NULL))).toBeNull();
  });

  it('or: true decides, else NULL, else false', () => {
    expect(bool(op('or', F, T, NULL))).toBe(true);
    expect(bool(op('or', F, F))).toBe(false);
    expect(bool(op('or', F, NULL))).toBeNull();
  });

  it('not, and NULL through it', () => {
    expect(bool(op('not', T))).toBe(false);
    expect(bool(op('not', NULL))).toBeNull();
  });

  it('is-null: no response, an empty string, an empty container are NULL', () => {
    const d = decl('S', 'single', 'string') + decl('M', 'multiple', 'identifier');
    expect(bool(op('is-null', variable('S')), {}, d)).toBe(true);
    expect(bool(op('is-null', variable('S')), { S: '' }, d)).toBe(true);
    expect(bool(op('is-null', variable('S')), { S: '   ' }, d)).toBe(true);
    expect(bool(op('is-null', variable('S')), { S: 'x' }, d)).toBe(false);
    expect(bool(op('is-null', variable('M')), { M: [] }, d)).toBe(true);
    expect(bool(op('is-null', variable('M')), { M: ['A'] }, d)).toBe(false);
  });
});

describe('match and member', () => {
  const d = decl('M', 'multiple', 'identifier', correct('A', 'B')) + decl('R', 'single', 'identifier', correct('A'));

  it('match compares with the correct response, NULL when a side is NULL', () => {
    expect(bool(op('match', variable('M'), '<qti-correct identifier="M"/>'), { M: ['B', 'A'] }, d)).toBe(true);
    expect(bool(op('match', variable('M'), '<qti-correct identifier="M"/>'), { M: ['B'] }, d)).toBe(false);
    expect(bool(op('match', variable('M'), '<qti-correct identifier="M"/>'), {}, d)).toBeNull();
  });

  it('member: whether a single value is in a container', () => {
    expect(bool(op('member', base('identifier', 'B'), variable('M')), { M: ['A', 'B'] }, d)).toBe(true);
    expect(bool(op('member', variable('R'), variable('M')), { M: ['C'], R: 'A' }, d)).toBe(false);
    expect(bool(op('member', variable('R'), variable('M')), { M: ['C'] }, d)).toBeNull();
  });
});

describe('arithmetic: sum, product, subtract, divide, round', () => {
  it('sum adds singles and containers; integers stay integers', () => {
    expect(num(op('sum', base('float', 1.5), base('integer', 2)))).toBe(3.5);
    expect(evaluateIn(op('sum', base('integer', 1), base('integer', 2)), { type: 'integer' })).toBe(3);
    expect(num(op('sum', op('multiple', base('float', 1), base('float', 2)), base('float', 3)))).toBe(6);
    expect(num(op('sum', base('float', 1), NULL))).toBeNull();
  });

  it('product, subtract, divide (by zero is NULL)', () => {
    expect(num(op('product', base('float', 1.5), base('integer', 4)))).toBe(6);
    expect(num(op('subtract', base('float', 5), base('integer', 7)))).toBe(-2);
    expect(num(op('divide', base('integer', 3), base('integer', 4)))).toBe(0.75);
    expect(num(op('divide', base('integer', 3), base('integer', 0)))).toBeNull();
    expect(num(op('subtract', NULL, base('integer', 1)))).toBeNull();
  });

  it('round goes to the nearest integer, halves up', () => {
    expect(evaluateIn(op('round', base('float', 2.5)), { type: 'integer' })).toBe(3);
    expect(evaluateIn(op('round', base('float', -2.5)), { type: 'integer' })).toBe(-2);
    expect(evaluateIn(op('round', base('float', 2.49)), { type: 'integer' })).toBe(2);
    expect(evaluateIn(op('round', NULL), { type: 'integer' })).toBeNull();
  });

  it('reads a numeric response written in decimal, and a malformed one as no response', () => {
    const d = decl('N', 'single', 'float');
    expect(num(op('sum', variable('N'), base('float', 1)), { N: '2.25' }, d)).toBe(3.25);
    expect(num(op('sum', variable('N'), base('float', 1)), { N: '2,25' }, d)).toBeNull();
    expect(num(op('sum', variable('N'), base('float', 1)), { N: '' }, d)).toBeNull();
  });
});

describe('comparisons: gte, lte, gt, lt, equal with tolerance', () => {
  it('compares numbers, NULL with a NULL side', () => {
    const [two, three] = [base('integer', 2), base('float', 3)];
    expect(bool(op('gte', two, two))).toBe(true);
    expect(bool(op('gt', two, two))).toBe(false);
    expect(bool(op('lte', two, three))).toBe(true);
    expect(bool(op('lt', three, two))).toBe(false);
    expect(bool(op('gte', NULL, two))).toBeNull();
  });

  const equal = (attributes: string, x: number, y: number) =>
    bool(`<qti-equal ${attributes}>${base('float', x)}${base('float', y)}</qti-equal>`);

  it('exact: the same number', () => {
    expect(equal('', 2, 2)).toBe(true);
    expect(equal('tolerance-mode="exact"', 2, 2.0001)).toBe(false);
  });

  it('absolute: within t0 below and t1 above, bounds included unless said', () => {
    expect(equal('tolerance-mode="absolute" tolerance="0.5"', 2.5, 2)).toBe(true);
    expect(equal('tolerance-mode="absolute" tolerance="0.5"', 2.6, 2)).toBe(false);
    expect(equal('tolerance-mode="absolute" tolerance="0.1 1"', 2.9, 2)).toBe(true);
    expect(equal('tolerance-mode="absolute" tolerance="0.1 1"', 1.8, 2)).toBe(false);
    expect(equal('tolerance-mode="absolute" tolerance="0.5" include-upper-bound="false"', 2.5, 2)).toBe(false);
    // The bounds as the decimals they are written as, not as their sums in floating point (3.14 - 0.01 > 3.13).
    expect(equal('tolerance-mode="absolute" tolerance="0.01"', 3.13, 3.14)).toBe(true);
    expect(equal('tolerance-mode="absolute" tolerance="0.01"', 3.15, 3.14)).toBe(true);
    expect(equal('tolerance-mode="absolute" tolerance="0.01" include-lower-bound="false"', 3.13, 3.14)).toBe(false);
    expect(equal('tolerance-mode="absolute" tolerance="0.01"', 3.1299, 3.14)).toBe(false);
    expect(equal('tolerance-mode="absolute" tolerance="0.5" include-lower-bound="false"', 1.5, 2)).toBe(false);
  });

  it('relative: within a percentage of the second value', () => {
    expect(equal('tolerance-mode="relative" tolerance="10"', 108, 100)).toBe(true);
    expect(equal('tolerance-mode="relative" tolerance="10"', 111, 100)).toBe(false);
    expect(equal('tolerance-mode="relative" tolerance="10"', 90, 100)).toBe(true);
    expect(equal('tolerance-mode="relative" tolerance="5 20"', 119, 100)).toBe(true);
  });

  it('a numeric text entry scored with a tolerance', () => {
    const d = decl('N', 'single', 'float');
    const expression = `<qti-equal tolerance-mode="absolute" tolerance="0.01">${variable('N')}${base('float', 3.14)}</qti-equal>`;
    expect(bool(expression, { N: '3.141' }, d)).toBe(true);
    expect(bool(expression, { N: '3.2' }, d)).toBe(false);
    expect(bool(expression, {}, d)).toBeNull();
  });
});

describe('strings: string-match, substring', () => {
  const s = (v: string) => base('string', v);

  it('string-match: whole or part, case as said', () => {
    expect(bool(`<qti-string-match case-sensitive="true">${s('Roma')}${s('Roma')}</qti-string-match>`)).toBe(true);
    expect(bool(`<qti-string-match case-sensitive="true">${s('roma')}${s('Roma')}</qti-string-match>`)).toBe(false);
    expect(bool(`<qti-string-match case-sensitive="false">${s('roma')}${s('ROMA')}</qti-string-match>`)).toBe(true);
    expect(bool(`<qti-string-match case-sensitive="false" substring="true">${s('La Roma antica')}${s('roma')}</qti-string-match>`)).toBe(
      true,
    );
    expect(bool(`<qti-string-match case-sensitive="true">${NULL}${s('Roma')}</qti-string-match>`)).toBeNull();
  });

  it('substring: whether the first is in the second', () => {
    expect(bool(`<qti-substring>${s('om')}${s('Roma')}</qti-substring>`)).toBe(true);
    expect(bool(`<qti-substring>${s('OM')}${s('Roma')}</qti-substring>`)).toBe(false);
    expect(bool(`<qti-substring case-sensitive="false">${s('OM')}${s('Roma')}</qti-substring>`)).toBe(true);
  });
});

describe('containers: multiple, ordered, container-size, delete, index', () => {
  const d = decl('M', 'multiple', 'identifier') + decl('O', 'ordered', 'identifier');
  const ids = (...v: string[]) => v.map((x) => base('identifier', x)).join('');
  const size = (expression: string, responses: Record<string, string[] | null> = {}) =>
    evaluateIn(op('container-size', expression), { type: 'integer', declarations: d, responses });

  it('multiple and ordered gather values, leaving NULLs out; NULL when nothing is left', () => {
    expect(size(op('multiple', ids('A', 'B'), NULL, variable('M')), { M: ['C', 'D'] })).toBe(4);
    expect(bool(op('is-null', op('multiple', NULL)), {}, d)).toBe(true);
    expect(bool(op('match', op('ordered', ids('A', 'B')), variable('O')), { O: ['A', 'B'] }, d)).toBe(true);
    expect(bool(op('match', op('ordered', ids('A', 'B')), variable('O')), { O: ['B', 'A'] }, d)).toBe(false);
    expect(bool(op('match', op('multiple', ids('A', 'B')), variable('M')), { M: ['B', 'A'] }, d)).toBe(true);
  });

  it('container-size of NULL is 0', () => {
    expect(size(variable('M'))).toBe(0);
    expect(size(variable('M'), { M: ['A', 'A'] })).toBe(2);
  });

  it('delete takes every instance of a value out', () => {
    expect(size(op('delete', base('identifier', 'A'), variable('M')), { M: ['A', 'B', 'A'] })).toBe(1);
    expect(bool(op('is-null', op('delete', base('identifier', 'A'), variable('M'))), { M: ['A'] }, d)).toBe(true);
    expect(bool(op('is-null', op('delete', NULL, variable('M'))), { M: ['A'] }, d)).toBe(true);
  });

  it('index: the nth value of an ordered container, NULL out of range', () => {
    const index = (n: number) =>
      evaluateIn(`<qti-index n="${n}">${variable('O')}</qti-index>`, {
        type: 'identifier',
        declarations: d,
        responses: { O: ['C', 'A', 'B'] },
      });
    expect(index(1)).toBe('C');
    expect(index(3)).toBe('B');
    expect(index(4)).toBeNull();
  });
});

describe('map-response and map-response-point as expressions', () => {
  const mapped =
    decl(
      'R',
      'multiple',
      'identifier',
      '<qti-mapping default-value="0" upper-bound="1.5"><qti-map-entry map-key="A" mapped-value="1"/><qti-map-entry map-key="B" mapped-value="1"/></qti-mapping>',
    ) +
    decl(
      'P',
      'single',
      'point',
      '<qti-area-mapping><qti-area-map-entry shape="ellipse" coords="50,50,20,10" mapped-value="2"/></qti-area-mapping>',
    );

  it('map-response, bounded, inside a product', () => {
    expect(num(op('product', '<qti-map-response identifier="R"/>', base('float', 2)), { R: ['A', 'B'] }, mapped)).toBe(3);
    expect(num('<qti-map-response identifier="R"/>', {}, mapped)).toBe(0);
  });

  it('map-response-point on an ellipse', () => {
    expect(num('<qti-map-response-point identifier="P"/>', { P: '65 52' }, mapped)).toBe(2);
    expect(num('<qti-map-response-point identifier="P"/>', { P: '50 65' }, mapped)).toBe(0);
  });
});
