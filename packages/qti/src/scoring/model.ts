// The scoring model of a QTI package: what compileScoring reads out of the test's and items' XML, kept as
// plain JSON (stored with the package), so that scoring a candidate never parses XML.

export const BASE_TYPES = [
  'identifier',
  'string',
  'integer',
  'float',
  'boolean',
  'point',
  'pair',
  'directedPair',
  'uri',
  'duration',
  'file',
] as const;
export type BaseType = (typeof BASE_TYPES)[number];
export const CARDINALITIES = ['single', 'multiple', 'ordered'] as const;
export type Cardinality = (typeof CARDINALITIES)[number];

/** One value of a base type: a number (integer, float), a boolean, `[x, y]` (point), `[a, b]` (pair, directed pair), else a string. */
export type Atom = string | number | boolean | [number, number] | [string, string];

/** A QTI value: null is NULL; single cardinality holds exactly one atom. */
export type QtiValue = { cardinality: Cardinality; baseType: BaseType; values: Atom[] } | null;

export interface MapEntry {
  key: Atom;
  value: number;
  caseSensitive: boolean;
}
export interface Mapping {
  defaultValue: number;
  lowerBound: number | null;
  upperBound: number | null;
  entries: MapEntry[];
}
export type Shape = 'circle' | 'rect' | 'poly' | 'ellipse' | 'default';
export interface AreaMapping {
  defaultValue: number;
  lowerBound: number | null;
  upperBound: number | null;
  entries: Array<{ shape: Shape; coords: number[]; value: number }>;
}

export interface ResponseDeclaration {
  identifier: string;
  cardinality: Cardinality;
  baseType: BaseType;
  correct: QtiValue;
  mapping: Mapping | null;
  areaMapping: AreaMapping | null;
}

export type LookupTable =
  | { kind: 'match'; defaultValue: Atom | null; entries: Array<{ source: number; target: Atom }> }
  | {
      kind: 'interpolation';
      defaultValue: Atom | null;
      entries: Array<{ source: number; target: Atom; includeBoundary: boolean }>;
    };

export interface OutcomeDeclaration {
  identifier: string;
  cardinality: Cardinality;
  baseType: BaseType | null;
  defaultValue: QtiValue;
  normalMaximum: number | null;
  normalMinimum: number | null;
  lookup: LookupTable | null;
}

/** Which items of the test an expression of outcome processing reads. */
export interface ItemSubset {
  section: string | null;
  include: string[];
  exclude: string[];
}

export type Operator =
  | 'and'
  | 'or'
  | 'not'
  | 'isNull'
  | 'match'
  | 'member'
  | 'sum'
  | 'product'
  | 'subtract'
  | 'divide'
  | 'gte'
  | 'lte'
  | 'gt'
  | 'lt'
  | 'multiple'
  | 'ordered'
  | 'containerSize'
  | 'round'
  | 'delete';

export type ItemCount = 'numberCorrect' | 'numberIncorrect' | 'numberResponded' | 'numberPresented' | 'numberSelected';

export type Expression =
  | { op: 'baseValue'; value: QtiValue }
  | { op: 'variable'; identifier: string; weight: string | null }
  | { op: 'correct'; identifier: string }
  | { op: 'null' }
  | { op: 'mapResponse'; identifier: string }
  | { op: 'mapResponsePoint'; identifier: string }
  | { op: Operator; args: Expression[] }
  | {
      op: 'equal';
      args: Expression[];
      toleranceMode: 'exact' | 'absolute' | 'relative';
      tolerance: [number, number];
      includeLowerBound: boolean;
      includeUpperBound: boolean;
    }
  | { op: 'stringMatch'; args: Expression[]; caseSensitive: boolean; substring: boolean }
  | { op: 'substring'; args: Expression[]; caseSensitive: boolean }
  | { op: 'index'; args: Expression[]; n: number | string }
  | { op: 'testVariables'; variable: string; weight: string | null; baseType: BaseType | null; subset: ItemSubset }
  | { op: ItemCount; subset: ItemSubset }
  | { op: 'outcomeMaximum' | 'outcomeMinimum'; outcome: string; weight: string | null; subset: ItemSubset };

export type Rule =
  | { rule: 'set'; identifier: string; expression: Expression }
  | { rule: 'lookup'; identifier: string; expression: Expression }
  | { rule: 'condition'; branches: Array<{ when: Expression; then: Rule[] }>; otherwise: Rule[] }
  | { rule: 'exit' };

export interface ItemModel {
  /** The item's identifier in the test (the outcome's questionId). */
  identifier: string;
  /** The item ref's categories and weights (qti-weight), and the sections it is in, outermost first. */
  categories: string[];
  weights: Record<string, number>;
  sections: string[];
  responses: ResponseDeclaration[];
  outcomes: OutcomeDeclaration[];
  processing: Rule[];
  /**
   * Rated by an assessor (the ref's category `rated-by-assessor`, or an extended-text interaction with no
   * correct response, mapping or processing): the rating, 0 to `maxScore` (the item's MAXSCORE, else 1), is its
   * SCORE. `prompt` is the interaction's prompt as plain text, what the assessor reads. Absent: scored by its rules.
   */
  rated?: { maxScore: number; prompt: string };
}

export interface QtiScoringModel {
  version: 1;
  items: ItemModel[];
  test: {
    identifier: string;
    outcomes: OutcomeDeclaration[];
    /** null: the test has no outcome processing, and its SCORE is the sum of its items' SCORE. */
    processing: Rule[] | null;
  };
}
