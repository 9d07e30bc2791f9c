import { describe, expect, it } from 'vitest';
import { SCORE_FLOAT, itemXml, problemsOf, scoreOne } from './testing';

// The standard response processing templates, by their QTI 3 and QTI 2.x URIs.

const V3 = 'https://purl.imsglobal.org/spec/qti/v3p0/rptemplates';
const V2 = 'http://www.imsglobal.org/question/qti_v2p1/rptemplates';

const item = (declaration: string, template: string) =>
  itemXml('Q', `${declaration}${SCORE_FLOAT}<qti-response-processing template="${template}"/>`);

const response = (cardinality: string, baseType: string, inner: string) =>
  `<qti-response-declaration identifier="RESPONSE" cardinality="${cardinality}" base-type="${baseType}">${inner}</qti-response-declaration>`;
const correct = (...values: string[]) =>
  `<qti-correct-response>${values.map((v) => `<qti-value>${v}</qti-value>`).join('')}</qti-correct-response>`;

describe('match_correct', () => {
  const choice = item(response('single', 'identifier', correct('B')), `${V3}/match_correct`);

  it('scores 1 for the correct choice, 0 for another and for no response', () => {
    expect(scoreOne(choice, 'B')).toBe(1);
    expect(scoreOne(choice, 'A')).toBe(0);
    expect(scoreOne(choice, null)).toBe(0);
    expect(scoreOne(choice, undefined)).toBe(0);
  });

  it('is found by its URI with .xml and by the QTI 2.x URI', () => {
    expect(scoreOne(item(response('single', 'identifier', correct('B')), `${V3}/match_correct.xml`), 'B')).toBe(1);
    expect(scoreOne(item(response('single', 'identifier', correct('B')), `${V2}/match_correct`), 'B')).toBe(1);
    expect(scoreOne(item(response('single', 'identifier', correct('B')), `${V2}/match_correct.xml`), 'A')).toBe(0);
  });

  it('is found by a template-location alone naming a standard template file', () => {
    expect(
      scoreOne(
        itemXml(
          'Q',
          `${response('single', 'identifier', correct('B'))}${SCORE_FLOAT}<qti-response-processing template-location="../rptemplates/match_correct.xml"/>`,
        ),
        'B',
      ),
    ).toBe(1);
    expect(
      problemsOf({
        Q: itemXml(
          'Q',
          `${response('single', 'identifier', correct('B'))}${SCORE_FLOAT}<qti-response-processing template-location="rules/mine.xml"/>`,
        ),
      }),
    ).toEqual(['items/Q.xml: qti-response-processing: the template "rules/mine.xml" is not a standard one the server runs']);
  });

  it('compares a multiple response as a set: any order, nothing missing, nothing more', () => {
    const multiple = item(response('multiple', 'identifier', correct('A', 'C')), `${V3}/match_correct`);
    expect(scoreOne(multiple, ['C', 'A'])).toBe(1);
    expect(scoreOne(multiple, ['A'])).toBe(0);
    expect(scoreOne(multiple, ['A', 'C', 'D'])).toBe(0);
    expect(scoreOne(multiple, [])).toBe(0);
  });

  it('compares an ordered response as a sequence', () => {
    const ordered = item(response('ordered', 'identifier', correct('C', 'A', 'B')), `${V3}/match_correct`);
    expect(scoreOne(ordered, ['C', 'A', 'B'])).toBe(1);
    expect(scoreOne(ordered, ['A', 'B', 'C'])).toBe(0);
  });

  it('takes a pair either way round, a directed pair only in its direction', () => {
    const pairs = item(response('multiple', 'pair', correct('A X', 'B Y')), `${V3}/match_correct`);
    expect(scoreOne(pairs, ['Y B', 'X A'])).toBe(1);
    expect(scoreOne(pairs, ['A Y', 'B X'])).toBe(0);
    const directed = item(response('multiple', 'directedPair', correct('A X', 'B Y')), `${V3}/match_correct`);
    expect(scoreOne(directed, ['B Y', 'A X'])).toBe(1);
    expect(scoreOne(directed, ['X A', 'B Y'])).toBe(0);
  });

  it('compares a text entry exactly, and an integer by its value', () => {
    const text = item(response('single', 'string', correct('Roma')), `${V3}/match_correct`);
    expect(scoreOne(text, 'Roma')).toBe(1);
    expect(scoreOne(text, 'roma')).toBe(0);
    expect(scoreOne(text, ' Roma ')).toBe(1);
    expect(scoreOne(text, '\tRoma\n')).toBe(1);
    expect(scoreOne(text, 'Ro ma')).toBe(0);
    const integer = item(response('single', 'integer', correct('42')), `${V3}/match_correct`);
    expect(scoreOne(integer, '+42')).toBe(1);
    expect(scoreOne(integer, '42.5')).toBe(0);
  });
});

describe('map_response', () => {
  const mapping = (attributes: string, entries: string) => `<qti-mapping ${attributes}>${entries}</qti-mapping>`;
  const entry = (key: string, value: number, extra = '') => `<qti-map-entry map-key="${key}" mapped-value="${value}" ${extra}/>`;

  it('adds the mapped value of each chosen key once, and the default for keys not in the map', () => {
    const multiple = item(
      response('multiple', 'identifier', mapping('default-value="-0.5"', entry('A', 1) + entry('B', 2) + entry('C', -1))),
      `${V3}/map_response`,
    );
    expect(scoreOne(multiple, ['A', 'B'])).toBe(3);
    expect(scoreOne(multiple, ['A', 'A', 'B', 'B'])).toBe(3);
    expect(scoreOne(multiple, ['A', 'C'])).toBe(0);
    expect(scoreOne(multiple, ['A', 'Z'])).toBe(0.5);
    expect(scoreOne(multiple, null)).toBe(0);
  });

  it('gives sums of decimals without binary noise', () => {
    const decimals = item(response('multiple', 'identifier', mapping('', entry('A', 0.1) + entry('B', 0.2))), `${V3}/map_response`);
    expect(scoreOne(decimals, ['A', 'B'])).toBe(0.3);
  });

  it('keeps the sum within lower-bound and upper-bound', () => {
    const bounded = item(
      response(
        'multiple',
        'identifier',
        mapping('default-value="0" lower-bound="0" upper-bound="2.5"', entry('A', 2) + entry('B', 2) + entry('C', -3)),
      ),
      `${V3}/map_response`,
    );
    expect(scoreOne(bounded, ['A', 'B'])).toBe(2.5);
    expect(scoreOne(bounded, ['C'])).toBe(0);
    expect(scoreOne(bounded, ['A'])).toBe(2);
  });

  it('matches a text entry case-sensitively unless the entry says otherwise', () => {
    const text = item(
      response('single', 'string', mapping('default-value="0"', entry('Roma', 1) + entry('Rome', 0.5, 'case-sensitive="false"'))),
      `${V2}/map_response`,
    );
    expect(scoreOne(text, 'Roma')).toBe(1);
    expect(scoreOne(text, 'roma')).toBe(0);
    expect(scoreOne(text, 'ROME')).toBe(0.5);
    expect(scoreOne(text, '  rome ')).toBe(0.5);
    expect(scoreOne(text, ' Roma')).toBe(1);
    expect(scoreOne(text, '')).toBe(0);
  });

  it('maps pairs either way round (match, associate)', () => {
    const pairs = item(
      response('multiple', 'pair', mapping('default-value="0"', entry('A X', 1) + entry('B Y', 1))),
      `${V3}/map_response.xml`,
    );
    expect(scoreOne(pairs, ['X A', 'B Y'])).toBe(2);
    expect(scoreOne(pairs, ['A Y'])).toBe(0);
  });
});

describe('map_response_point', () => {
  const hotspot = (cardinality: string, entries: string, attributes = 'default-value="0"') =>
    item(response(cardinality, 'point', `<qti-area-mapping ${attributes}>${entries}</qti-area-mapping>`), `${V3}/map_response_point`);
  const area = (shape: string, coords: string, value: number) =>
    `<qti-area-map-entry shape="${shape}" coords="${coords}" mapped-value="${value}"/>`;

  it('maps a point inside a circle, a rectangle, a polygon, or else the default area', () => {
    const one = hotspot(
      'single',
      area('circle', '100,100,20', 3) + area('rect', '0,0,50,40', 2) + area('poly', '200,0,300,0,250,100', 1) + area('default', '', -1),
    );
    expect(scoreOne(one, '110 110')).toBe(3);
    expect(scoreOne(one, '50 40')).toBe(2);
    expect(scoreOne(one, '250 50')).toBe(1);
    expect(scoreOne(one, '210 90')).toBe(-1);
    expect(scoreOne(one, null)).toBe(0);
  });

  it('gives the default value to a point in no area, and counts each area once for several points', () => {
    const several = hotspot(
      'multiple',
      area('circle', '10,10,5', 1) + area('rect', '100,100,120,120', 2),
      'default-value="-0.5" lower-bound="0"',
    );
    expect(scoreOne(several, ['10 10', '12 11', '110 110'])).toBe(3);
    expect(scoreOne(several, ['10 10', '500 500', '600 600'])).toBe(0);
    expect(scoreOne(several, ['10 10', '110 110', '500 500'])).toBe(2.5);
  });

  it('reads a point that is not two numbers as no response', () => {
    const one = hotspot('single', area('circle', '10,10,5', 1), 'default-value="0.25"');
    expect(scoreOne(one, '10,10')).toBe(0);
    expect(scoreOne(one, '10 10')).toBe(1);
    expect(scoreOne(one, '90 90')).toBe(0.25);
  });
});

describe('templates the server cannot run', () => {
  it('refuses an unknown template, and a template without what it needs', () => {
    expect(problemsOf({ Q: item(response('single', 'identifier', correct('A')), 'https://example.com/rptemplates/my_own') })).toEqual([
      'items/Q.xml: qti-response-processing: the template "https://example.com/rptemplates/my_own" is not a standard one the server runs',
    ]);
    expect(problemsOf({ Q: item(response('single', 'identifier', ''), `${V3}/match_correct`) })).toEqual([
      'items/Q.xml: qti-response-processing: the template match_correct needs a qti-correct-response',
    ]);
    expect(problemsOf({ Q: item(response('single', 'identifier', correct('A')), `${V3}/map_response`) })).toEqual([
      'items/Q.xml: qti-response-processing: the template map_response needs a qti-mapping',
    ]);
    expect(problemsOf({ Q: item(response('single', 'point', ''), `${V3}/map_response_point`) })).toEqual([
      'items/Q.xml: qti-response-processing: the template map_response_point needs a qti-area-mapping',
    ]);
  });
});
