import type {
  AreaMapping,
  Atom,
  BaseType,
  Expression,
  ItemModel,
  ItemSubset,
  LookupTable,
  Mapping,
  OutcomeDeclaration,
  QtiValue,
  Rule,
} from './model';
import { atomsEqual, container, isNull, single, valuesMatch } from './values';

// Runs the scoring model's rules and expressions: an item's response processing over its variables, or
// the test's outcome processing over its own variables and its items'. NULL goes through as QTI says
// (an operator with a NULL operand is NULL, and/or excepted); a condition that is NULL is false. Nothing
// here throws on a candidate's values: what does not fit an operator is NULL.

/** An item once its responses are read and its response processing has run. */
export interface ItemRun {
  model: ItemModel;
  variables: Map<string, QtiValue>;
  presented: boolean;
}

export interface Context {
  variables: Map<string, QtiValue>;
  /** The item whose response processing runs (its responses' correct values and mappings). */
  item?: ItemModel;
  /** The test's items, for outcome processing. */
  items?: ItemRun[];
}

const bool = (b: boolean): QtiValue => single('boolean', b);
const numberOf = (v: QtiValue): number | null =>
  !isNull(v) && v.cardinality === 'single' && typeof v.values[0] === 'number' ? v.values[0] : null;
const stringOf = (v: QtiValue): string | null =>
  !isNull(v) && v.cardinality === 'single' && typeof v.values[0] === 'string' ? v.values[0] : null;

/** Every number of the operands (singles or containers), or null if one is NULL or not numeric. */
function numbersOf(values: QtiValue[]): { numbers: number[]; integer: boolean } | null {
  const numbers: number[] = [];
  let integer = true;
  for (const v of values) {
    if (isNull(v)) return null;
    for (const atom of v.values) {
      if (typeof atom !== 'number') return null;
      numbers.push(atom);
    }
    if (v.baseType !== 'integer') integer = false;
  }
  return { numbers, integer };
}

function inShape(shape: AreaMapping['entries'][number], [x, y]: [number, number]): boolean {
  const c = shape.coords;
  switch (shape.shape) {
    case 'default':
      return true;
    case 'circle':
      return (x - c[0]) ** 2 + (y - c[1]) ** 2 <= c[2] ** 2;
    case 'rect':
      return x >= Math.min(c[0], c[2]) && x <= Math.max(c[0], c[2]) && y >= Math.min(c[1], c[3]) && y <= Math.max(c[1], c[3]);
    case 'ellipse':
      return ((x - c[0]) / c[2]) ** 2 + ((y - c[1]) / c[3]) ** 2 <= 1;
    case 'poly': {
      let inside = false;
      for (let i = 0, j = c.length - 2; i < c.length; j = i, i += 2) {
        const [xi, yi, xj, yj] = [c[i], c[i + 1], c[j], c[j + 1]];
        if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
      }
      return inside;
    }
  }
}

const bounded = (sum: number, m: Mapping | AreaMapping) => Math.min(m.upperBound ?? Infinity, Math.max(m.lowerBound ?? -Infinity, sum));

/** The distinct atoms of a value (a container's repeated value counts once). */
function distinct(v: QtiValue): Atom[] {
  if (isNull(v)) return [];
  const out: Atom[] = [];
  for (const atom of v.values) if (!out.some((a) => atomsEqual(v.baseType, a, atom))) out.push(atom);
  return out;
}

export function mapResponse(v: QtiValue, baseType: BaseType, mapping: Mapping): number {
  const used = new Set<number>();
  let sum = 0;
  for (const atom of distinct(v)) {
    const at = mapping.entries.findIndex((e) => atomsEqual(baseType, e.key, atom, e.caseSensitive));
    if (at < 0) sum += mapping.defaultValue;
    else if (!used.has(at)) {
      used.add(at);
      sum += mapping.entries[at].value;
    }
  }
  return bounded(sum, mapping);
}

export function mapResponsePoint(v: QtiValue, mapping: AreaMapping): number {
  const used = new Set<number>();
  let sum = 0;
  for (const atom of distinct(v)) {
    if (!Array.isArray(atom) || typeof atom[0] !== 'number') continue;
    const at = mapping.entries.findIndex((e) => inShape(e, atom as [number, number]));
    if (at < 0) sum += mapping.defaultValue;
    else if (!used.has(at)) {
      used.add(at);
      sum += mapping.entries[at].value;
    }
  }
  return bounded(sum, mapping);
}

function inSubset(item: ItemModel, subset: ItemSubset): boolean {
  if (subset.section !== null && !item.sections.includes(subset.section)) return false;
  if (subset.include.length && !subset.include.some((c) => item.categories.includes(c))) return false;
  return !subset.exclude.some((c) => item.categories.includes(c));
}

/** Whether an item counts for numberCorrect/numberIncorrect (every response has a correct value), and if it is correct. */
function correctness(run: ItemRun): { considered: boolean; correct: boolean } {
  const responses = run.model.responses;
  const considered = responses.length > 0 && responses.every((r) => r.correct !== null);
  return { considered, correct: considered && responses.every((r) => valuesMatch(run.variables.get(r.identifier) ?? null, r.correct)) };
}

const responded = (run: ItemRun) => run.model.responses.some((r) => !isNull(run.variables.get(r.identifier) ?? null));

function weighted(v: QtiValue, weight: number | undefined): QtiValue {
  if (weight === undefined || isNull(v) || (v.baseType !== 'integer' && v.baseType !== 'float')) return v;
  return { cardinality: v.cardinality, baseType: 'float', values: v.values.map((a) => (a as number) * weight) };
}

export function evaluate(e: Expression, ctx: Context): QtiValue {
  const args = 'args' in e ? e.args : [];
  const arg = (i: number) => evaluate(args[i], ctx);
  switch (e.op) {
    case 'baseValue':
      return e.value;
    case 'null':
      return null;
    case 'variable': {
      const dot = ctx.items && !ctx.variables.has(e.identifier) ? e.identifier.indexOf('.') : -1;
      if (dot < 0) return ctx.variables.get(e.identifier) ?? null;
      const run = ctx.items!.find((r) => r.model.identifier === e.identifier.slice(0, dot));
      if (!run) return null;
      const v = run.variables.get(e.identifier.slice(dot + 1)) ?? null;
      return e.weight === null ? v : weighted(v, run.model.weights[e.weight]);
    }
    case 'correct':
      return ctx.item?.responses.find((r) => r.identifier === e.identifier)?.correct ?? null;
    case 'mapResponse': {
      const declaration = ctx.item?.responses.find((r) => r.identifier === e.identifier);
      if (!declaration?.mapping) return null;
      return single('float', mapResponse(ctx.variables.get(e.identifier) ?? null, declaration.baseType, declaration.mapping));
    }
    case 'mapResponsePoint': {
      const declaration = ctx.item?.responses.find((r) => r.identifier === e.identifier);
      if (!declaration?.areaMapping) return null;
      return single('float', mapResponsePoint(ctx.variables.get(e.identifier) ?? null, declaration.areaMapping));
    }
    case 'and':
    case 'or': {
      // false decides an and, true an or, whatever else is NULL; otherwise NULL wins.
      const decisive = e.op === 'or';
      let sawNull = false;
      for (const a of args) {
        const v = evaluate(a, ctx);
        if (isNull(v) || typeof v.values[0] !== 'boolean') sawNull = true;
        else if (v.values[0] === decisive) return bool(decisive);
      }
      return sawNull ? null : bool(!decisive);
    }
    case 'not': {
      const v = arg(0);
      return isNull(v) || typeof v.values[0] !== 'boolean' ? null : bool(!v.values[0]);
    }
    case 'isNull':
      return bool(isNull(arg(0)));
    case 'match': {
      const [a, b] = [arg(0), arg(1)];
      return isNull(a) || isNull(b) ? null : bool(valuesMatch(a, b));
    }
    case 'member': {
      const [a, b] = [arg(0), arg(1)];
      if (isNull(a) || isNull(b) || a.cardinality !== 'single') return null;
      return bool(b.values.some((atom) => atomsEqual(b.baseType, a.values[0], atom)));
    }
    case 'sum':
    case 'product': {
      const all = numbersOf(args.map((a) => evaluate(a, ctx)));
      if (!all) return null;
      const total = e.op === 'sum' ? all.numbers.reduce((s, n) => s + n, 0) : all.numbers.reduce((s, n) => s * n, 1);
      return single(all.integer ? 'integer' : 'float', total);
    }
    case 'subtract':
    case 'divide':
    case 'gte':
    case 'lte':
    case 'gt':
    case 'lt': {
      const [av, bv] = [arg(0), arg(1)];
      const [a, b] = [numberOf(av), numberOf(bv)];
      if (a === null || b === null) return null;
      switch (e.op) {
        case 'subtract':
          return single(av!.baseType === 'integer' && bv!.baseType === 'integer' ? 'integer' : 'float', a - b);
        case 'divide':
          return b === 0 ? null : single('float', a / b);
        case 'gte':
          return bool(a >= b);
        case 'lte':
          return bool(a <= b);
        case 'gt':
          return bool(a > b);
        default:
          return bool(a < b);
      }
    }
    case 'equal': {
      const [x, y] = [numberOf(arg(0)), numberOf(arg(1))];
      if (x === null || y === null) return null;
      if (e.toleranceMode === 'exact') return bool(x === y);
      const [t0, t1] = e.tolerance;
      const [low, high] = e.toleranceMode === 'absolute' ? [y - t0, y + t1] : [y * (1 - t0 / 100), y * (1 + t1 / 100)];
      const [lower, upper] = [Math.min(low, high), Math.max(low, high)];
      // Bounds are decimals written by an author (3.14 ± 0.01): in binary floating point 3.14 - 0.01 is just above
      // 3.13, so a bound is taken to within a few units of the last place, as the decimal it stands for.
      const slack = 4 * Number.EPSILON * Math.max(Math.abs(lower), Math.abs(upper), Math.abs(x));
      const aboveLower = e.includeLowerBound ? x >= lower - slack : x > lower + slack;
      const belowUpper = e.includeUpperBound ? x <= upper + slack : x < upper - slack;
      return bool(aboveLower && belowUpper);
    }
    case 'stringMatch':
    case 'substring': {
      let [a, b] = [stringOf(arg(0)), stringOf(arg(1))];
      if (a === null || b === null) return null;
      if (!e.caseSensitive) [a, b] = [a.toLowerCase(), b.toLowerCase()];
      if (e.op === 'substring') return bool(b.includes(a));
      return bool(e.substring ? a.includes(b) : a === b);
    }
    case 'multiple':
    case 'ordered': {
      const values = args.map((a) => evaluate(a, ctx)).filter((v): v is NonNullable<QtiValue> => !isNull(v));
      if (!values.length) return null;
      return container(
        e.op,
        values[0].baseType,
        values.flatMap((v) => v.values),
      );
    }
    case 'containerSize': {
      const v = arg(0);
      return single('integer', isNull(v) ? 0 : v.values.length);
    }
    case 'round': {
      const n = numberOf(arg(0));
      return n === null || !Number.isFinite(n) ? null : single('integer', Math.floor(n + 0.5));
    }
    case 'delete': {
      const [a, b] = [arg(0), arg(1)];
      if (isNull(a) || isNull(b) || a.cardinality !== 'single') return null;
      return container(
        b.cardinality,
        b.baseType,
        b.values.filter((atom) => !atomsEqual(b.baseType, a.values[0], atom)),
      );
    }
    case 'index': {
      const v = arg(0);
      const n = typeof e.n === 'number' ? e.n : numberOf(ctx.variables.get(e.n) ?? null);
      if (isNull(v) || n === null || !Number.isInteger(n) || n < 1 || n > v.values.length) return null;
      return single(v.baseType, v.values[n - 1]);
    }
    case 'testVariables': {
      const runs = (ctx.items ?? []).filter((r) => inSubset(r.model, e.subset));
      const values: Atom[] = [];
      let integer = e.weight === null;
      for (const run of runs) {
        const v = run.variables.get(e.variable) ?? null;
        if (isNull(v) || v.cardinality !== 'single') continue;
        if (e.baseType ? v.baseType !== e.baseType : v.baseType !== 'integer' && v.baseType !== 'float') continue;
        const w = weighted(v, e.weight === null ? undefined : run.model.weights[e.weight]);
        if (w!.baseType !== 'integer') integer = false;
        values.push(w!.values[0]);
      }
      const baseType: BaseType =
        e.baseType && e.baseType !== 'integer' && e.baseType !== 'float' ? e.baseType : integer ? 'integer' : 'float';
      return container('multiple', baseType, values);
    }
    case 'outcomeMaximum':
    case 'outcomeMinimum': {
      const values: number[] = [];
      for (const run of (ctx.items ?? []).filter((r) => inSubset(r.model, e.subset))) {
        const declaration = run.model.outcomes.find((o) => o.identifier === e.outcome);
        const bound = e.op === 'outcomeMaximum' ? declaration?.normalMaximum : declaration?.normalMinimum;
        if (bound === undefined || bound === null) return null;
        values.push(bound * (e.weight === null ? 1 : (run.model.weights[e.weight] ?? 1)));
      }
      return container('multiple', 'float', values);
    }
    default: {
      const runs = (ctx.items ?? []).filter((r) => inSubset(r.model, e.subset));
      const counted = runs.filter((run) => {
        switch (e.op) {
          case 'numberSelected':
            return true;
          case 'numberPresented':
            return run.presented;
          case 'numberResponded':
            return responded(run);
          case 'numberCorrect':
            return correctness(run).correct;
          default: {
            const { considered, correct } = correctness(run);
            return run.presented && considered && !correct;
          }
        }
      });
      return single('integer', counted.length);
    }
  }
}

function lookup(table: LookupTable, x: number | null): Atom | null {
  if (x !== null) {
    for (const entry of table.entries) {
      if (
        table.kind === 'match'
          ? entry.source === x
          : 'includeBoundary' in entry && (entry.includeBoundary ? x >= entry.source : x > entry.source)
      )
        return entry.target;
    }
  }
  return table.defaultValue;
}

/** A number set into a numeric outcome takes the outcome's base type (an integral float into an integer). */
function coerce(v: QtiValue, declaration: OutcomeDeclaration | undefined): QtiValue {
  const target = declaration?.baseType;
  if (isNull(v) || v.baseType === target || (target !== 'float' && target !== 'integer')) return v;
  if (v.baseType !== 'integer' && v.baseType !== 'float') return v;
  if (target === 'integer' && !v.values.every((n) => Number.isInteger(n))) return v;
  return { cardinality: v.cardinality, baseType: target, values: v.values };
}

/** Runs rules in order; answers true when one of them exits the processing. */
export function run(rules: Rule[], ctx: Context, outcomes: Map<string, OutcomeDeclaration>): boolean {
  for (const rule of rules) {
    switch (rule.rule) {
      case 'set':
        ctx.variables.set(rule.identifier, coerce(evaluate(rule.expression, ctx), outcomes.get(rule.identifier)));
        break;
      case 'lookup': {
        const declaration = outcomes.get(rule.identifier);
        if (!declaration?.lookup || !declaration.baseType) break;
        const target = lookup(declaration.lookup, numberOf(evaluate(rule.expression, ctx)));
        ctx.variables.set(rule.identifier, target === null ? null : single(declaration.baseType, target));
        break;
      }
      case 'condition': {
        const branch = rule.branches.find((b) => {
          const v = evaluate(b.when, ctx);
          return !isNull(v) && v.values[0] === true;
        });
        if (run(branch ? branch.then : rule.otherwise, ctx, outcomes)) return true;
        break;
      }
      case 'exit':
        return true;
    }
  }
  return false;
}
