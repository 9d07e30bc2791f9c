import { type Compilable, CompiledQuery } from 'kysely';

/** A value that reaches a query as one parameter: on PostgreSQL that may be an array (`= any(...)`, `unnest(...)`). */
type Value = string | number | null | readonly (string | number | null)[];

/** Stands for the n-th value while the query is built: text no caller sends (it starts with a NUL). */
const STAND_IN = '\u0000compiled-once:';

interface Template {
  sql: string;
  /** Per parameter: the index of the value it takes, or -1 for a constant of the query (in `constants`). */
  slots: number[];
  constants: readonly unknown[];
}

function compileTemplate(build: (...values: Value[]) => Compilable<unknown>, count: number): Template {
  const standIns = Array.from({ length: count }, (_, i) => `${STAND_IN}${i}`);
  const { sql, parameters } = build(...standIns).compile();
  // By text: a group's upsert has ten parameters a row, and a search of the list for each was quadratic.
  const indexOf = new Map(standIns.map((standIn, i) => [standIn, i]));
  const used = new Set<number>();
  const slots = parameters.map((parameter) => {
    if (typeof parameter === 'string' && parameter.includes(STAND_IN)) {
      const index = indexOf.get(parameter);
      // A value changed on its way into the query (trimmed, quoted, part of a pattern) cannot be filled in later.
      if (index === undefined) throw new Error(`compiledOnce: a value reaches the query changed (${JSON.stringify(parameter)})`);
      used.add(index);
      return index;
    }
    return -1;
  });
  // Nor can one that shapes the SQL (a list's length, a branch taken on it) or never reaches it.
  if (used.size !== count) throw new Error(`compiledOnce: ${count - used.size} of ${count} values are not parameters of the query`);
  return { sql, slots, constants: parameters };
}

/**
 * A query whose SQL does not change with its values, built and compiled once. Kysely builds and compiles each
 * query anew, which on the hot paths costs more than running the query (the person's open campaigns, a join of
 * three tables, took about as long to build as to run). `build` is called once, with stand-ins for the values,
 * and must pass each value unchanged into the query as a parameter (an array too, as one parameter: the stand-in
 * is text); each call then puts its values in their places. A builder that changes a value, or shapes the SQL on
 * one, fails at its first call.
 */
export function compiledOnce<A extends Value[], R>(build: (...values: A) => Compilable<R>): (...values: A) => CompiledQuery<R> {
  let template: Template | undefined;
  return (...values) => {
    template ??= compileTemplate(build as (...values: Value[]) => Compilable<unknown>, values.length);
    const { sql, slots, constants } = template;
    const parameters = new Array<unknown>(slots.length);
    for (let i = 0; i < slots.length; i++) parameters[i] = slots[i] < 0 ? constants[i] : values[slots[i]];
    return CompiledQuery.raw(sql, parameters) as CompiledQuery<R>;
  };
}

/** Shapes a `compiledByShape` keeps: a freak run's many shapes must not pile up (the cache starts over past it). */
const MOST_SHAPES = 500;

/**
 * Queries whose SQL changes only with a shape (a list's length, a kind of write): one `compiledOnce` query per
 * shape, built at its first use. Shapes are bounded by what comes together at once (the rows of one group).
 */
export function compiledByShape<S extends string | number, A extends Value[], R>(
  build: (shape: S) => (...values: A) => Compilable<R>,
): (shape: S) => (...values: A) => CompiledQuery<R> {
  const byShape = new Map<S, (...values: A) => CompiledQuery<R>>();
  return (shape) => {
    let query = byShape.get(shape);
    if (!query) {
      if (byShape.size >= MOST_SHAPES) byShape.clear();
      query = compiledOnce(build(shape));
      byShape.set(shape, query);
    }
    return query;
  };
}
