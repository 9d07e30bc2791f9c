// Ways to spoil a valid JSON value, as a careless or hostile client would: a field of the wrong type,
// a number past every limit, odd text, deep nesting, a field dropped, one added, a list item repeated,
// one value copied where another belongs.
import fc from 'fast-check';

const NUMBERS = [-1, 0, -0, 0.5, -1.5, 1e-7, 2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 53, 2 ** 53 + 2, -(2 ** 63), 1e21, 1e308, -1e308];
const STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  '\u202e',
  '\ufeff',
  '😀',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '%00',
  '%ZZ',
  'null',
  'undefined',
  'true',
  '0',
  '-1',
  '1e400',
  'NaN',
  '2147483648',
  '9'.repeat(400),
  '__proto__',
  'constructor',
  'toString',
];
/** Edge values by JSON type. */
const EDGES: Partial<Record<string, readonly unknown[]>> = {
  string: [...STRINGS, 'x'.repeat(70_000), '😀\u0301'.repeat(500)],
  number: NUMBERS,
  boolean: [true, false],
};
/** Nesting depths around the API's limit (JSON_MAX_DEPTH is 100), and well past it. */
const DEPTHS = [99, 100, 101, 1_000];

/** Nested arrays and objects `depth` levels deep. */
export function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level += 1) value = level % 2 === 0 ? [value] : { a: value };
  return value;
}

/** Keys that pollute prototypes when merged carelessly, as JSON.parse makes them (own keys). */
const prototypeKeys = () => JSON.parse('{"__proto__":{"admin":true},"constructor":{"prototype":{"polluted":true}}}') as unknown;

/** A value that has broken servers before. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...NUMBERS),
  fc.constantFrom(...STRINGS),
  fc.constantFrom(null, true, false),
  fc.constantFrom('{}', '[]', '[null]').map((text) => JSON.parse(text) as unknown),
  fc.constantFrom(1_000, 70_000, 300_000).map((n) => 'x'.repeat(n)),
  fc.constantFrom(500, 20_000).map((n) => '😀\u0301'.repeat(n)),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom(...DEPTHS).map(nested),
  fc.jsonValue({ maxDepth: 2 }),
  fc.constant(null).map(prototypeKeys),
);

export type Mutation =
  /** The value at one place becomes another. */
  | { kind: 'replace'; at: number; value: unknown }
  /** A text, number or flag becomes an edge value of the same type: the rest stays valid, so it reaches the writes. */
  | { kind: 'edge'; at: number; pick: number }
  /** A key or list item goes. */
  | { kind: 'drop'; at: number }
  /** An object gets one more key, or a list one more item. */
  | { kind: 'add'; at: number; key: string; value: unknown }
  /** A list item is repeated (the same id twice). */
  | { kind: 'duplicate'; at: number }
  /** The value at one place is copied to another (a reference to the wrong record). */
  | { kind: 'copy'; from: number; at: number };

/** Records with a prototype, so that a counterexample prints as plain JSON. */
export const PLAIN = { noNullPrototype: true } as const;

/** Mutations whose new values come from `values` (nasty ones by default). Places are indexes, taken modulo. */
export function mutationArbitrary(values: fc.Arbitrary<unknown> = nastyValue): fc.Arbitrary<Mutation> {
  const at = fc.nat();
  return fc.oneof(
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('replace' as const), at, value: values }, PLAIN) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('edge' as const), at, pick: fc.nat() }, PLAIN) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('drop' as const), at }, PLAIN) },
    {
      weight: 2,
      arbitrary: fc.record(
        {
          kind: fc.constant('add' as const),
          at,
          key: fc.oneof(fc.string(), fc.constantFrom(...STRINGS)),
          value: values,
        },
        PLAIN,
      ),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('duplicate' as const), at }, PLAIN) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('copy' as const), from: fc.nat(), at }, PLAIN) },
  );
}

type Container = Record<string, unknown> | unknown[];
interface Place {
  parent: Container | null;
  key: string | number;
  value: unknown;
}

const isContainer = (value: unknown): value is Container => typeof value === 'object' && value !== null;
const clone = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));

/** Every place in a value, the whole value first, in a fixed order. */
function places(root: unknown): Place[] {
  const out: Place[] = [{ parent: null, key: '', value: root }];
  for (let k = 0; k < out.length; k += 1) {
    const { value } = out[k];
    if (!isContainer(value)) continue;
    const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
    for (const [key, child] of entries) out.push({ parent: value, key, value: child });
  }
  return out;
}

/** Sets an own key, `__proto__` included (plain assignment would change the prototype instead). */
function put(parent: Container, key: string | number, value: unknown) {
  Object.defineProperty(parent, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A copy of `value` with the mutations applied in order; `undefined` once the whole value is dropped. */
export function mutate(value: unknown, mutations: readonly Mutation[]): unknown {
  let root = clone(value);
  for (const m of mutations) {
    const all = places(root);
    const place = all[m.at % all.length];
    const set = (v: unknown) => {
      if (place.parent === null) root = v;
      else put(place.parent, place.key, v);
    };
    switch (m.kind) {
      case 'replace':
        set(clone(m.value));
        break;
      case 'copy':
        set(clone(all[m.from % all.length].value));
        break;
      case 'edge': {
        const scalars = all.filter((p) => p.parent !== null && EDGES[typeof p.value] !== undefined);
        if (scalars.length === 0) break;
        const target = scalars[m.at % scalars.length];
        const edges = EDGES[typeof target.value]!;
        put(target.parent!, target.key, edges[m.pick % edges.length]);
        break;
      }
      case 'drop':
        if (place.parent === null) root = undefined;
        else if (Array.isArray(place.parent)) place.parent.splice(Number(place.key), 1);
        else delete place.parent[place.key];
        break;
      case 'add': {
        const containers = all.filter((p) => isContainer(p.value));
        if (containers.length === 0) break;
        const target = containers[m.at % containers.length].value as Container;
        if (Array.isArray(target)) target.push(clone(m.value));
        else put(target, m.key, clone(m.value));
        break;
      }
      case 'duplicate': {
        const lists = all.filter((p) => Array.isArray(p.value) && p.value.length > 0);
        if (lists.length === 0) break;
        const list = lists[m.at % lists.length].value as unknown[];
        list.push(clone(list[m.at % list.length]));
        break;
      }
    }
    if (root === undefined) break;
  }
  return root;
}
