import type { QtiResponseValue } from '@prova/contract/content';
import type { QtiScoringSources } from '../package';
import { compileScoring } from './compile';
import type { QtiScoringModel } from './model';
import { scoreQti } from './score';

// The scoring tests' short hand: QTI 3 XML written in the tests, compiled, stored as JSON and read back (as
// the server does), then scored.

const NS = 'xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0"';

export const itemXml = (identifier: string, body: string) =>
  `<qti-assessment-item ${NS} identifier="${identifier}" title="${identifier}" adaptive="false" time-dependent="false">${body}</qti-assessment-item>`;

export const testXml = (refs: string, rest = '') =>
  `<qti-assessment-test ${NS} identifier="T" title="T">${rest}<qti-test-part identifier="P" navigation-mode="nonlinear" submission-mode="simultaneous"><qti-assessment-section identifier="S" title="S" visible="true">${refs}</qti-assessment-section></qti-test-part></qti-assessment-test>`;

/** Sources for items given by identifier, with a test that refers to each of them (or the test given). */
export function sources(items: Record<string, string>, test?: string): QtiScoringSources {
  const ids = Object.keys(items);
  return {
    test: {
      href: 'test.xml',
      xml: test ?? testXml(ids.map((id) => `<qti-assessment-item-ref identifier="${id}" href="items/${id}.xml"/>`).join('')),
    },
    items: ids.map((id) => ({ identifier: id, href: `items/${id}.xml`, xml: items[id] })),
  };
}

/** Compiles, or throws with the problems; the model comes back through JSON as it is stored. */
export function compile(items: Record<string, string>, test?: string): QtiScoringModel {
  const compiled = compileScoring(sources(items, test));
  if (!compiled.ok) throw new Error(compiled.problems.join('\n'));
  return JSON.parse(JSON.stringify(compiled.model)) as QtiScoringModel;
}

export const problemsOf = (items: Record<string, string>, test?: string) => {
  const compiled = compileScoring(sources(items, test));
  return compiled.ok ? [] : compiled.problems;
};

export const progress = (responses: Record<string, Record<string, QtiResponseValue>>, flagged: string[] = []) => ({
  qti: 1,
  position: null,
  responses,
  flagged,
});

/** The outcomes as a record questionId -> value. */
export function scores(model: QtiScoringModel, responses: Record<string, Record<string, QtiResponseValue>>) {
  return Object.fromEntries(scoreQti(model, progress(responses)).map((o) => [o.questionId, o.value]));
}

/** One item's SCORE for one response of its RESPONSE (null: no response). */
export function scoreOne(item: string, response: QtiResponseValue | undefined) {
  const model = compile({ Q: item });
  return scores(model, { Q: response === undefined ? {} : { RESPONSE: response } }).Q;
}

export const SCORE_FLOAT = '<qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float"/>';

/**
 * An item whose SCORE (of the type given) is set to one expression, over the declarations given: its
 * value is what the expression evaluates to (null: NULL).
 */
export const expressionItem = (expression: string, declarations = '', scoreType = 'float', cardinality = 'single') =>
  itemXml(
    'Q',
    `${declarations}<qti-outcome-declaration identifier="SCORE" cardinality="${cardinality}" base-type="${scoreType}"/>` +
      `<qti-response-processing><qti-set-outcome-value identifier="SCORE">${expression}</qti-set-outcome-value></qti-response-processing>`,
  );

/** What an expression evaluates to, with the responses given (by response identifier). */
export function evaluateIn(
  expression: string,
  options: { declarations?: string; type?: string; cardinality?: string; responses?: Record<string, QtiResponseValue> } = {},
) {
  const model = compile({ Q: expressionItem(expression, options.declarations, options.type, options.cardinality) });
  return scores(model, { Q: options.responses ?? {} }).Q;
}

export const base = (type: string, value: string | number | boolean) => `<qti-base-value base-type="${type}">${value}</qti-base-value>`;
export const variable = (id: string) => `<qti-variable identifier="${id}"/>`;
