import { DOMParser, onErrorStopParsing, type Element } from '@xmldom/xmldom';
import { RATED_BY_ASSESSOR } from '@prova/contract/authored-test';
import type { QtiScoringSources } from '../package';
import {
  BASE_TYPES,
  CARDINALITIES,
  type AreaMapping,
  type Atom,
  type BaseType,
  type Cardinality,
  type Expression,
  type ItemCount,
  type ItemModel,
  type ItemSubset,
  type LookupTable,
  type Mapping,
  type Operator,
  type OutcomeDeclaration,
  type QtiScoringModel,
  type QtiValue,
  type ResponseDeclaration,
  type Rule,
  type Shape,
} from './model';
import { container, isNumeric, parseAtom } from './values';

// compileScoring: the test's and items' QTI 3 XML read once, at import, into the scoring model (model.ts).
// What the server could not run is a problem now (`<file>: <element>: message`), not a candidate's zero later.

export type CompiledScoring = { ok: true; model: QtiScoringModel } | { ok: false; problems: string[] };

const TEMPLATES = new Set(['match_correct', 'map_response', 'map_response_point']);
/** The standard templates' names from their URIs (QTI 3 purl.imsglobal.org, QTI 2.x www.imsglobal.org). */
function templateName(uri: string): string | undefined {
  const match = /^https?:\/\/(purl|www)\.imsglobal\.org\/.*\/rptemplates\/([a-z_]+?)(\.xml)?$/.exec(uri.trim());
  return match && TEMPLATES.has(match[2]) ? match[2] : undefined;
}

/** A template-location alone naming a standard template's file (`rptemplates/match_correct.xml`). */
const STANDARD_LOCATION = /(?:^|\/)(match_correct|map_response|map_response_point)\.xml$/;

/** The variables every item has without declaring them (QTI's built-in ones). */
const BUILT_IN: OutcomeDeclaration[] = [
  {
    identifier: 'numAttempts',
    cardinality: 'single',
    baseType: 'integer',
    defaultValue: null,
    normalMaximum: null,
    normalMinimum: null,
    lookup: null,
  },
  {
    identifier: 'duration',
    cardinality: 'single',
    baseType: 'float',
    defaultValue: null,
    normalMaximum: null,
    normalMinimum: null,
    lookup: null,
  },
  {
    identifier: 'completionStatus',
    cardinality: 'single',
    baseType: 'identifier',
    defaultValue: null,
    normalMaximum: null,
    normalMinimum: null,
    lookup: null,
  },
];

const GENERIC: Record<string, { op: Operator; min: number; max: number }> = {
  'qti-and': { op: 'and', min: 1, max: Infinity },
  'qti-or': { op: 'or', min: 1, max: Infinity },
  'qti-not': { op: 'not', min: 1, max: 1 },
  'qti-is-null': { op: 'isNull', min: 1, max: 1 },
  'qti-match': { op: 'match', min: 2, max: 2 },
  'qti-member': { op: 'member', min: 2, max: 2 },
  'qti-sum': { op: 'sum', min: 1, max: Infinity },
  'qti-product': { op: 'product', min: 1, max: Infinity },
  'qti-subtract': { op: 'subtract', min: 2, max: 2 },
  'qti-divide': { op: 'divide', min: 2, max: 2 },
  'qti-gte': { op: 'gte', min: 2, max: 2 },
  'qti-lte': { op: 'lte', min: 2, max: 2 },
  'qti-gt': { op: 'gt', min: 2, max: 2 },
  'qti-lt': { op: 'lt', min: 2, max: 2 },
  'qti-multiple': { op: 'multiple', min: 0, max: Infinity },
  'qti-ordered': { op: 'ordered', min: 0, max: Infinity },
  'qti-container-size': { op: 'containerSize', min: 1, max: 1 },
  'qti-round': { op: 'round', min: 1, max: 1 },
  'qti-delete': { op: 'delete', min: 2, max: 2 },
};

const COUNTS: Record<string, ItemCount> = {
  'qti-number-correct': 'numberCorrect',
  'qti-number-incorrect': 'numberIncorrect',
  'qti-number-responded': 'numberResponded',
  'qti-number-presented': 'numberPresented',
  'qti-number-selected': 'numberSelected',
};

class Problem extends Error {}

const elements = (el: Element): Element[] => {
  const out: Element[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 1) out.push(n as Element);
  return out;
};
const named = (el: Element, name: string) => elements(el).filter((c) => c.localName === name);
const attr = (el: Element, name: string): string | null => (el.hasAttribute(name) ? el.getAttribute(name) : null);
const words = (text: string | null) => (text ?? '').split(/\s+/).filter(Boolean);

function parseXml(xml: string): Element {
  let root: Element | null;
  try {
    root = new DOMParser({ onError: onErrorStopParsing }).parseFromString(xml.replace(/^\uFEFF/, ''), 'text/xml').documentElement;
  } catch (error) {
    throw new Problem(`not well-formed XML (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`);
  }
  if (!root) throw new Problem('not XML');
  return root;
}

/** Reads one file; every problem is `<file>: <element>: message`. */
class Reader {
  readonly problems: string[] = [];
  constructor(readonly file: string) {}

  fail(el: Element, message: string): never {
    throw new Problem(`${el.localName}: ${message}`);
  }

  /** Runs `read`, keeping its problem and going on with the next part of the file. */
  keep<T>(read: () => T): T | undefined {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof Problem)) throw error;
      this.problems.push(`${this.file}: ${error.message}`);
      return undefined;
    }
  }

  number(el: Element, name: string, fallback: number | null): number | null {
    const raw = attr(el, name);
    if (raw === null || raw.trim() === '') return fallback;
    const value = parseAtom('float', raw);
    if (typeof value !== 'number') this.fail(el, `${name} "${raw}" is not a number`);
    return value;
  }

  flag(el: Element, name: string, fallback: boolean): boolean {
    const raw = attr(el, name);
    if (raw === null) return fallback;
    if (raw !== 'true' && raw !== 'false') this.fail(el, `${name} "${raw}" is neither true nor false`);
    return raw === 'true';
  }

  cardinality(el: Element): Cardinality {
    const raw = attr(el, 'cardinality') ?? 'single';
    if (!(CARDINALITIES as readonly string[]).includes(raw)) this.fail(el, `cardinality "${raw}" cannot be scored on the server`);
    return raw as Cardinality;
  }

  baseType(el: Element, required: boolean): BaseType | null {
    const raw = attr(el, 'base-type');
    if (raw === null) {
      if (required) this.fail(el, 'base-type is missing');
      return null;
    }
    if (!(BASE_TYPES as readonly string[]).includes(raw)) this.fail(el, `base-type "${raw}" is not a QTI base type`);
    return raw as BaseType;
  }

  atom(el: Element, baseType: BaseType, text: string): Atom {
    const value = parseAtom(baseType, text.trim());
    if (value === undefined) this.fail(el, `"${text.trim()}" is not a value of base-type ${baseType}`);
    return value;
  }

  /** The qti-value children of a qti-correct-response or qti-default-value. */
  values(el: Element, cardinality: Cardinality, baseType: BaseType | null): QtiValue {
    const values = named(el, 'qti-value');
    if (baseType === null) this.fail(el, 'a value needs a base-type');
    if (cardinality === 'single' && values.length > 1) this.fail(el, 'a single value has more than one qti-value');
    return container(
      cardinality,
      baseType,
      values.map((v) => this.atom(v, baseType, v.textContent ?? '')),
    );
  }

  mapping(el: Element, baseType: BaseType): Mapping {
    return {
      defaultValue: this.number(el, 'default-value', 0)!,
      lowerBound: this.number(el, 'lower-bound', null),
      upperBound: this.number(el, 'upper-bound', null),
      entries: named(el, 'qti-map-entry').map((entry) => ({
        key: this.atom(entry, baseType, attr(entry, 'map-key') ?? ''),
        value: this.number(entry, 'mapped-value', null) ?? this.fail(entry, 'mapped-value is missing'),
        caseSensitive: this.flag(entry, 'case-sensitive', true),
      })),
    };
  }

  areaMapping(el: Element): AreaMapping {
    return {
      defaultValue: this.number(el, 'default-value', 0)!,
      lowerBound: this.number(el, 'lower-bound', null),
      upperBound: this.number(el, 'upper-bound', null),
      entries: named(el, 'qti-area-map-entry').map((entry) => {
        const shape = attr(entry, 'shape') ?? '';
        if (!['circle', 'rect', 'poly', 'ellipse', 'default'].includes(shape)) this.fail(entry, `shape "${shape}" is not a QTI shape`);
        const coords = (attr(entry, 'coords') ?? '')
          .split(',')
          .filter((c) => c.trim() !== '')
          .map(Number);
        const needed = { circle: 3, rect: 4, ellipse: 4, poly: 6, default: 0 }[shape as Shape];
        if (coords.some((c) => !Number.isFinite(c)) || coords.length < needed || (shape === 'poly' && coords.length % 2))
          this.fail(entry, `coords "${attr(entry, 'coords') ?? ''}" do not describe a ${shape}`);
        return {
          shape: shape as Shape,
          coords,
          value: this.number(entry, 'mapped-value', null) ?? this.fail(entry, 'mapped-value is missing'),
        };
      }),
    };
  }

  response(el: Element): ResponseDeclaration {
    const identifier = attr(el, 'identifier') ?? this.fail(el, 'identifier is missing');
    const cardinality = this.cardinality(el);
    const baseType = this.baseType(el, true)!;
    const correct = named(el, 'qti-correct-response')[0];
    const mapping = named(el, 'qti-mapping')[0];
    const areaMapping = named(el, 'qti-area-mapping')[0];
    return {
      identifier,
      cardinality,
      baseType,
      correct: correct ? this.values(correct, cardinality, baseType) : null,
      mapping: mapping ? this.mapping(mapping, baseType) : null,
      areaMapping: areaMapping ? this.areaMapping(areaMapping) : null,
    };
  }

  lookup(el: Element, baseType: BaseType | null): LookupTable | null {
    const match = named(el, 'qti-match-table')[0];
    const interpolation = named(el, 'qti-interpolation-table')[0];
    const table = match ?? interpolation;
    if (!table) return null;
    if (baseType === null) this.fail(table, 'a lookup table needs the outcome to have a base-type');
    const target = (entry: Element) => this.atom(entry, baseType, attr(entry, 'target-value') ?? '');
    const defaultRaw = attr(table, 'default-value');
    const defaultValue = defaultRaw === null ? null : this.atom(table, baseType, defaultRaw);
    if (match)
      return {
        kind: 'match',
        defaultValue,
        entries: named(match, 'qti-match-table-entry').map((entry) => ({
          source: this.number(entry, 'source-value', null) ?? this.fail(entry, 'source-value is missing'),
          target: target(entry),
        })),
      };
    return {
      kind: 'interpolation',
      defaultValue,
      entries: named(interpolation, 'qti-interpolation-table-entry').map((entry) => ({
        source: this.number(entry, 'source-value', null) ?? this.fail(entry, 'source-value is missing'),
        target: target(entry),
        includeBoundary: this.flag(entry, 'include-boundary', true),
      })),
    };
  }

  outcome(el: Element): OutcomeDeclaration {
    const identifier = attr(el, 'identifier') ?? this.fail(el, 'identifier is missing');
    const cardinality = this.cardinality(el);
    const baseType = this.baseType(el, false);
    const declared = named(el, 'qti-default-value')[0];
    // Numeric single outcomes without a default start at 0, as QTI says; the others at NULL.
    const defaultValue = declared
      ? this.values(declared, cardinality, baseType)
      : cardinality === 'single' && isNumeric(baseType)
        ? { cardinality, baseType: baseType!, values: [0] }
        : null;
    return {
      identifier,
      cardinality,
      baseType,
      defaultValue,
      normalMaximum: this.number(el, 'normal-maximum', null),
      normalMinimum: this.number(el, 'normal-minimum', null),
      lookup: this.lookup(el, baseType),
    };
  }
}

/** What the rules and expressions of one processing may name. */
interface Scope {
  level: 'item' | 'test';
  responses: Map<string, ResponseDeclaration>;
  outcomes: Map<string, OutcomeDeclaration>;
  /** The test's items (outcome processing names their variables `ITEM.VARIABLE`). */
  items?: Set<string>;
}

class RuleReader {
  constructor(
    private readonly r: Reader,
    private readonly scope: Scope,
  ) {}

  private prefix = () => (this.scope.level === 'item' ? 'qti-response' : 'qti-outcome');

  rules(parent: Element): Rule[] {
    return elements(parent).map((el) => this.rule(el));
  }

  private outcomeTarget(el: Element): OutcomeDeclaration {
    const identifier = attr(el, 'identifier') ?? this.r.fail(el, 'identifier is missing');
    return this.scope.outcomes.get(identifier) ?? this.r.fail(el, `no outcome "${identifier}" is declared`);
  }

  private only(el: Element): Expression {
    const children = elements(el);
    if (children.length !== 1) this.r.fail(el, 'needs exactly one expression');
    return this.expression(children[0]);
  }

  rule(el: Element): Rule {
    const p = this.prefix();
    switch (el.localName) {
      case 'qti-set-outcome-value':
        return { rule: 'set', identifier: this.outcomeTarget(el).identifier, expression: this.only(el) };
      case 'qti-lookup-outcome-value': {
        const outcome = this.outcomeTarget(el);
        if (!outcome.lookup) this.r.fail(el, `the outcome "${outcome.identifier}" has no match or interpolation table`);
        return { rule: 'lookup', identifier: outcome.identifier, expression: this.only(el) };
      }
      case `${p}-condition`: {
        const parts = elements(el);
        const branches: Array<{ when: Expression; then: Rule[] }> = [];
        let otherwise: Rule[] = [];
        parts.forEach((part, i) => {
          const kind = part.localName;
          if ((kind === `${p}-if` && i === 0) || (kind === `${p}-else-if` && i > 0 && !otherwise.length)) {
            const [test, ...body] = elements(part);
            if (!test) this.r.fail(part, 'has no condition');
            branches.push({ when: this.expression(test), then: body.map((b) => this.rule(b)) });
          } else if (kind === `${p}-else` && i === parts.length - 1 && i > 0) {
            otherwise = this.rules(part);
          } else this.r.fail(part, `is out of place in ${el.localName}`);
        });
        if (!branches.length) this.r.fail(el, `has no ${p}-if`);
        return { rule: 'condition', branches, otherwise };
      }
      case 'qti-exit-response':
      case 'qti-exit-test':
        return { rule: 'exit' };
      default:
        return this.r.fail(el, 'this rule cannot be run on the server');
    }
  }

  private subset(el: Element): ItemSubset {
    return {
      section: attr(el, 'section-identifier'),
      include: words(attr(el, 'include-category')),
      exclude: words(attr(el, 'exclude-category')),
    };
  }

  private testOnly(el: Element) {
    if (this.scope.level !== 'test') this.r.fail(el, 'is only for the outcome processing of a test');
  }

  private response(el: Element): ResponseDeclaration {
    if (this.scope.level !== 'item') this.r.fail(el, "is only for an item's response processing");
    const identifier = attr(el, 'identifier') ?? this.r.fail(el, 'identifier is missing');
    return this.scope.responses.get(identifier) ?? this.r.fail(el, `no response "${identifier}" is declared`);
  }

  expression(el: Element): Expression {
    const name = el.localName ?? '';
    const generic = GENERIC[name];
    if (generic) {
      const args = elements(el).map((c) => this.expression(c));
      if (args.length < generic.min || args.length > generic.max) this.r.fail(el, 'has the wrong number of expressions');
      return { op: generic.op, args };
    }
    const args = () => elements(el).map((c) => this.expression(c));
    const two = () => {
      const a = args();
      if (a.length !== 2) this.r.fail(el, 'needs two expressions');
      return a;
    };
    if (COUNTS[name]) {
      this.testOnly(el);
      return { op: COUNTS[name], subset: this.subset(el) };
    }
    switch (name) {
      case 'qti-base-value': {
        const baseType = this.r.baseType(el, true)!;
        return { op: 'baseValue', value: { cardinality: 'single', baseType, values: [this.r.atom(el, baseType, el.textContent ?? '')] } };
      }
      case 'qti-variable': {
        const identifier = attr(el, 'identifier') ?? this.r.fail(el, 'identifier is missing');
        const known =
          this.scope.outcomes.has(identifier) ||
          this.scope.responses.has(identifier) ||
          (this.scope.items?.has(identifier.slice(0, identifier.indexOf('.'))) ?? false);
        if (!known) this.r.fail(el, `no variable "${identifier}" is declared`);
        return { op: 'variable', identifier, weight: attr(el, 'weight-identifier') };
      }
      case 'qti-correct':
        return { op: 'correct', identifier: this.response(el).identifier };
      case 'qti-map-response': {
        const response = this.response(el);
        if (!response.mapping) this.r.fail(el, `the response "${response.identifier}" has no qti-mapping`);
        return { op: 'mapResponse', identifier: response.identifier };
      }
      case 'qti-map-response-point': {
        const response = this.response(el);
        if (!response.areaMapping || response.baseType !== 'point')
          this.r.fail(el, `the response "${response.identifier}" is not a point with a qti-area-mapping`);
        return { op: 'mapResponsePoint', identifier: response.identifier };
      }
      case 'qti-null':
        return { op: 'null' };
      case 'qti-equal': {
        const mode = attr(el, 'tolerance-mode') ?? 'exact';
        if (mode !== 'exact' && mode !== 'absolute' && mode !== 'relative') this.r.fail(el, `tolerance-mode "${mode}" is not a QTI one`);
        const tolerance = words(attr(el, 'tolerance')).map(Number);
        if (mode !== 'exact' && (tolerance.length < 1 || tolerance.length > 2 || tolerance.some((t) => !Number.isFinite(t) || t < 0)))
          this.r.fail(el, `tolerance "${attr(el, 'tolerance') ?? ''}" must be one or two numbers`);
        return {
          op: 'equal',
          args: two(),
          toleranceMode: mode,
          tolerance: [tolerance[0] ?? 0, tolerance[1] ?? tolerance[0] ?? 0],
          includeLowerBound: this.r.flag(el, 'include-lower-bound', true),
          includeUpperBound: this.r.flag(el, 'include-upper-bound', true),
        };
      }
      case 'qti-string-match':
        return {
          op: 'stringMatch',
          args: two(),
          caseSensitive: this.r.flag(el, 'case-sensitive', true),
          substring: this.r.flag(el, 'substring', false),
        };
      case 'qti-substring':
        return { op: 'substring', args: two(), caseSensitive: this.r.flag(el, 'case-sensitive', true) };
      case 'qti-index': {
        const raw = attr(el, 'n') ?? this.r.fail(el, 'n is missing');
        const a = args();
        if (a.length !== 1) this.r.fail(el, 'needs one expression');
        const n = INTEGER_TEXT.test(raw.trim()) ? Number(raw) : raw.trim();
        if (typeof n === 'string' && !this.scope.outcomes.has(n) && !this.scope.responses.has(n))
          this.r.fail(el, `no variable "${n}" is declared`);
        return { op: 'index', args: a, n };
      }
      case 'qti-test-variables': {
        this.testOnly(el);
        return {
          op: 'testVariables',
          variable: attr(el, 'variable-identifier') ?? this.r.fail(el, 'variable-identifier is missing'),
          weight: attr(el, 'weight-identifier'),
          baseType: this.r.baseType(el, false),
          subset: this.subset(el),
        };
      }
      case 'qti-outcome-maximum':
      case 'qti-outcome-minimum':
        this.testOnly(el);
        return {
          op: name === 'qti-outcome-maximum' ? 'outcomeMaximum' : 'outcomeMinimum',
          outcome: attr(el, 'outcome-identifier') ?? this.r.fail(el, 'outcome-identifier is missing'),
          weight: attr(el, 'weight-identifier'),
          subset: this.subset(el),
        };
      default:
        return this.r.fail(el, 'this expression cannot be run on the server');
    }
  }
}

const INTEGER_TEXT = /^[+-]?\d+$/;

const setScore = (value: Expression): Rule => ({ rule: 'set', identifier: 'SCORE', expression: value });
const float = (n: number): Expression => ({ op: 'baseValue', value: { cardinality: 'single', baseType: 'float', values: [n] } });
const response = (): Expression => ({ op: 'variable', identifier: 'RESPONSE', weight: null });

/** A standard template as the rules it stands for (RESPONSE scored into SCORE). */
function template(r: Reader, el: Element, name: string, scope: Scope): Rule[] {
  const declared = scope.responses.get('RESPONSE');
  if (!declared) r.fail(el, `the template ${name} needs a response "RESPONSE"`);
  if (!scope.outcomes.has('SCORE')) r.fail(el, `the template ${name} needs an outcome "SCORE"`);
  if (name === 'match_correct') {
    if (!declared.correct) r.fail(el, 'the template match_correct needs a qti-correct-response');
    return [
      {
        rule: 'condition',
        branches: [{ when: { op: 'match', args: [response(), { op: 'correct', identifier: 'RESPONSE' }] }, then: [setScore(float(1))] }],
        otherwise: [setScore(float(0))],
      },
    ];
  }
  const point = name === 'map_response_point';
  if (point ? !declared.areaMapping : !declared.mapping)
    r.fail(el, `the template ${name} needs a ${point ? 'qti-area-mapping' : 'qti-mapping'}`);
  return [
    {
      rule: 'condition',
      branches: [{ when: { op: 'isNull', args: [response()] }, then: [setScore(float(0))] }],
      otherwise: [setScore({ op: point ? 'mapResponsePoint' : 'mapResponse', identifier: 'RESPONSE' })],
    },
  ];
}

/** Every descendant element of that name, in document order. */
function descendantsNamed(el: Element, name: string, out: Element[] = []): Element[] {
  for (const child of elements(el)) {
    if (child.localName === name) out.push(child);
    descendantsNamed(child, name, out);
  }
  return out;
}
const flatText = (el: Element | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

/**
 * Whether an assessor rates the item, and out of how much: the test says so (category `rated-by-assessor`), or
 * the item asks for a long answer and nothing in it scores one (no correct response, mapping or processing).
 */
function ratedBy(
  root: Element,
  categories: string[],
  responses: ResponseDeclaration[],
  rules: Rule[],
  outcomes: OutcomeDeclaration[],
): ItemModel['rated'] {
  const extended = descendantsNamed(root, 'qti-extended-text-interaction');
  const unscored = rules.length === 0 && responses.every((d) => !d.correct && !d.mapping && !d.areaMapping);
  if (!categories.includes(RATED_BY_ASSESSOR) && !(extended.length > 0 && unscored)) return undefined;
  const declared = outcomes.find((o) => o.identifier === 'MAXSCORE')?.defaultValue?.values[0];
  const maxScore = typeof declared === 'number' && declared > 0 ? declared : 1;
  const prompt = flatText(descendantsNamed(extended[0] ?? root, 'qti-prompt')[0]) || flatText(named(root, 'qti-item-body')[0]);
  return { maxScore, prompt };
}

interface ItemRef {
  identifier: string;
  href: string;
  categories: string[];
  weights: Record<string, number>;
  sections: string[];
}

function itemRefs(r: Reader, el: Element, sections: string[], out: ItemRef[]) {
  for (const child of elements(el)) {
    if (child.localName === 'qti-assessment-item-ref') {
      const weights: Record<string, number> = {};
      for (const w of named(child, 'qti-weight')) {
        const id = attr(w, 'identifier') ?? r.fail(w, 'identifier is missing');
        weights[id] = r.number(w, 'value', null) ?? r.fail(w, 'value is missing');
      }
      out.push({
        identifier: attr(child, 'identifier') ?? '',
        href: attr(child, 'href') ?? '',
        categories: words(attr(child, 'category')),
        weights,
        sections,
      });
    } else if (child.localName === 'qti-assessment-section') {
      itemRefs(r, child, [...sections, attr(child, 'identifier') ?? ''], out);
    } else if (child.localName === 'qti-test-part') {
      itemRefs(r, child, sections, out);
    }
  }
}

function compileItem(source: QtiScoringSources['items'][number], ref: ItemRef | undefined): { item?: ItemModel; problems: string[] } {
  const r = new Reader(source.href);
  const item = r.keep((): ItemModel => {
    const root = parseXml(source.xml);
    if (root.localName !== 'qti-assessment-item') r.fail(root, 'is not a qti-assessment-item');
    const responses = named(root, 'qti-response-declaration').flatMap((el) => r.keep(() => r.response(el)) ?? []);
    const outcomes = named(root, 'qti-outcome-declaration').flatMap((el) => r.keep(() => r.outcome(el)) ?? []);
    const scope: Scope = {
      level: 'item',
      responses: new Map(responses.map((d) => [d.identifier, d])),
      outcomes: new Map([...BUILT_IN, ...outcomes].map((d) => [d.identifier, d])),
    };
    const processing = named(root, 'qti-response-processing')[0];
    let rules: Rule[] = [];
    if (processing) {
      const uri = attr(processing, 'template');
      const location = attr(processing, 'template-location');
      if (elements(processing).length > 0) {
        const reader = new RuleReader(r, scope);
        rules = elements(processing).flatMap((el) => r.keep(() => reader.rule(el)) ?? []);
      } else if (uri !== null || location !== null) {
        const name =
          (uri === null ? undefined : templateName(uri)) ??
          (uri === null && location !== null ? STANDARD_LOCATION.exec(location)?.[1] : undefined) ??
          r.fail(processing, `the template "${uri ?? location}" is not a standard one the server runs`);
        rules = r.keep(() => template(r, processing, name, scope)) ?? [];
      }
    }
    const categories = ref?.categories ?? [];
    const rated = ratedBy(root, categories, responses, rules, outcomes);
    return {
      identifier: source.identifier,
      categories,
      weights: ref?.weights ?? {},
      sections: ref?.sections ?? [],
      responses,
      outcomes,
      processing: rules,
      ...(rated ? { rated } : {}),
    };
  });
  return { item, problems: r.problems };
}

/** Reads the test's and items' XML into the scoring model, or says what in them the server cannot run. */
export function compileScoring(sources: QtiScoringSources): CompiledScoring {
  const problems: string[] = [];
  const r = new Reader(sources.test.href);
  const test = r.keep(() => {
    const root = parseXml(sources.test.xml);
    if (root.localName !== 'qti-assessment-test') r.fail(root, 'is not a qti-assessment-test');
    const refs: ItemRef[] = [];
    itemRefs(r, root, [], refs);
    const outcomes = named(root, 'qti-outcome-declaration').flatMap((el) => r.keep(() => r.outcome(el)) ?? []);
    const processing = named(root, 'qti-outcome-processing')[0];
    let rules: Rule[] | null = null;
    if (processing) {
      const reader = new RuleReader(r, {
        level: 'test',
        responses: new Map(),
        outcomes: new Map(outcomes.map((d) => [d.identifier, d])),
        items: new Set([...refs.map((ref) => ref.identifier), ...sources.items.map((item) => item.identifier)]),
      });
      rules = elements(processing).flatMap((el) => r.keep(() => reader.rule(el)) ?? []);
    }
    return { identifier: attr(root, 'identifier') ?? '', refs, outcomes, processing: rules };
  });
  problems.push(...r.problems);
  const items: ItemModel[] = [];
  for (const source of sources.items) {
    const ref =
      test?.refs.find((x) => x.identifier === source.identifier) ?? test?.refs.find((x) => x.href && source.href.endsWith(x.href));
    const compiled = compileItem(source, ref);
    problems.push(...compiled.problems);
    if (compiled.item) items.push(compiled.item);
  }
  if (problems.length || !test) return { ok: false, problems };
  return {
    ok: true,
    model: { version: 1, items, test: { identifier: test.identifier, outcomes: test.outcomes, processing: test.processing } },
  };
}
