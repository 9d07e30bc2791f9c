// Values that satisfy a JSON Schema (draft 2020-12, as zod's z.toJSONSchema writes it), as fast-check
// arbitraries. Small on purpose: it knows the keywords our schemas use and refuses any other, so a schema
// it cannot honour fails the fuzz test instead of being fuzzed with the wrong values.
import fc from 'fast-check';
import { z } from 'zod';

export type JsonSchema = { [keyword: string]: unknown } | boolean;

export class UnsupportedSchemaError extends Error {}

/** Known values (ids, e-mails, abbreviations) offered often, so requests reach real records. */
export interface Hints {
  numbers: readonly number[];
  strings: readonly string[];
  /** Offered most often of all (the caller's own campaign for a `campaignId`). */
  preferred?: readonly (number | string)[];
  /** The only texts to draw, for a value whose rule no JSON Schema says (a time zone, an endpoint's address). */
  only?: readonly string[];
  /** Hints for the properties of one name, in place of the above. */
  byKey?: (key: string) => Partial<Omit<Hints, 'byKey'>> | undefined;
}

const NO_HINTS: Hints = { numbers: [], strings: [] };

/** Keywords that say nothing about which values are valid. */
const ANNOTATIONS = new Set([
  '$schema',
  '$id',
  '$comment',
  'title',
  'description',
  'examples',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
]);
const KNOWN = new Set([
  ...ANNOTATIONS,
  'type',
  'enum',
  'const',
  'anyOf',
  'oneOf',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'items',
  'prefixItems',
  'minItems',
  'maxItems',
  'properties',
  'required',
  'additionalProperties',
  'propertyNames',
]);

/** Most elements or extra keys a generated array or object gets (a schema's own minimum still wins). */
const MAX_GENERATED_ITEMS = 6;
/** Longest string a schema's maxLength is tried at exactly (beyond it only short strings are made). */
const MAX_BOUNDARY_LENGTH = 100_000;

/**
 * The JSON Schema of a zod schema, or the schema itself. Zod's output side when it has one: it holds the
 * checks of a pipe's second half (an e-mail's pattern) and, without transforms, what it lets out it
 * also lets in. A schema with transforms has only its input side.
 */
export function toJsonSchema(schema: unknown, io: 'input' | 'output' = 'output'): JsonSchema {
  if (schema instanceof z.core.$ZodType) {
    try {
      return z.toJSONSchema(schema, { io, unrepresentable: 'throw' }) as JsonSchema;
    } catch {
      return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'throw' }) as JsonSchema;
    }
  }
  if (typeof schema === 'boolean' || (typeof schema === 'object' && schema !== null)) return schema as JsonSchema;
  throw new UnsupportedSchemaError(`not a schema: ${String(schema)}`);
}

/** Values valid against `schema`, often drawn from `hints` where those fit. */
export function arbitraryFromJsonSchema(schema: JsonSchema, hints: Hints = NO_HINTS, path = '#'): fc.Arbitrary<unknown> {
  if (schema === true) return anyJson;
  if (schema === false) throw new UnsupportedSchemaError(`${path}: allows no value`);
  const unknown = Object.keys(schema).filter((k) => !KNOWN.has(k));
  if (unknown.length > 0) throw new UnsupportedSchemaError(`${path}: unsupported keyword(s) ${unknown.join(', ')}`);

  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if ('const' in schema) return fc.constant(schema.const);
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (alternatives) {
    const rest = Object.keys(schema).filter((k) => !ANNOTATIONS.has(k) && k !== 'anyOf' && k !== 'oneOf');
    if (rest.length > 0) throw new UnsupportedSchemaError(`${path}: anyOf/oneOf beside ${rest.join(', ')}`);
    return fc.oneof(...alternatives.map((s, k) => arbitraryFromJsonSchema(s, hints, `${path}/anyOf/${k}`)));
  }
  const type = schema.type;
  if (Array.isArray(type)) return fc.oneof(...type.map((t: unknown) => arbitraryFromJsonSchema({ ...schema, type: t }, hints, path)));
  switch (type) {
    case undefined:
      if (Object.keys(schema).some((k) => !ANNOTATIONS.has(k))) throw new UnsupportedSchemaError(`${path}: constraints without a type`);
      return anyJson;
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
    case 'number':
      return numberArbitrary(schema, type === 'integer', hints, path);
    case 'string':
      return stringArbitrary(schema, hints, path);
    case 'array':
      return arrayArbitrary(schema, hints, path);
    case 'object':
      return objectArbitrary(schema, hints, path);
    default:
      throw new UnsupportedSchemaError(`${path}: unsupported type ${String(type)}`);
  }
}

/** Any JSON value, a few levels deep. */
export const anyJson: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 3 });

type Schema = { [keyword: string]: unknown };
const num = (value: unknown) => (typeof value === 'number' ? value : undefined);

/** The preferred values most often, the other known ones often, any valid value otherwise. */
function withHints<T>(preferred: readonly T[], known: readonly T[], random: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return fc.oneof(
    ...(preferred.length > 0 ? [{ weight: 6, arbitrary: fc.constantFrom(...preferred) }] : []),
    ...(known.length > 0 ? [{ weight: 2, arbitrary: fc.constantFrom(...known) }] : []),
    { weight: 2, arbitrary: random },
  );
}

const ofType = <T>(values: readonly unknown[] | undefined, type: 'number' | 'string') =>
  (values ?? []).filter((v) => typeof v === type) as T[];

function numberArbitrary(schema: Schema, integer: boolean, hints: Hints, path: string): fc.Arbitrary<number> {
  if (schema.format !== undefined) throw new UnsupportedSchemaError(`${path}: unsupported number format ${String(schema.format)}`);
  const exclusiveMin = num(schema.exclusiveMinimum);
  const exclusiveMax = num(schema.exclusiveMaximum);
  let min = num(schema.minimum) ?? -Number.MAX_SAFE_INTEGER;
  let max = num(schema.maximum) ?? Number.MAX_SAFE_INTEGER;
  if (exclusiveMin !== undefined) min = Math.max(min, integer ? Math.floor(exclusiveMin) + 1 : exclusiveMin);
  if (exclusiveMax !== undefined) max = Math.min(max, integer ? Math.ceil(exclusiveMax) - 1 : exclusiveMax);
  if (min > max) throw new UnsupportedSchemaError(`${path}: no number between ${min} and ${max}`);
  const fits = (n: number) =>
    (!integer || Number.isInteger(n)) &&
    n >= min &&
    n <= max &&
    (exclusiveMin === undefined || n > exclusiveMin) &&
    (exclusiveMax === undefined || n < exclusiveMax);
  const whole = fc.integer({
    min: Math.ceil(Math.max(min, -Number.MAX_SAFE_INTEGER)),
    max: Math.floor(Math.min(max, Number.MAX_SAFE_INTEGER)),
  });
  const edges = fc.constantFrom(...[min, max, 0, 1, -1].filter(fits));
  const random = integer
    ? fc.oneof({ weight: 4, arbitrary: whole }, { weight: 1, arbitrary: edges })
    : fc.oneof(
        { weight: 2, arbitrary: whole },
        {
          weight: 2,
          arbitrary: fc.double({
            min,
            max,
            minExcluded: exclusiveMin !== undefined && exclusiveMin >= min,
            maxExcluded: exclusiveMax !== undefined && exclusiveMax <= max,
            noNaN: true,
            noDefaultInfinity: true,
          }),
        },
        { weight: 1, arbitrary: edges },
      );
  return withHints(ofType<number>(hints.preferred, 'number').filter(fits), hints.numbers.filter(fits), random.filter(fits));
}

function stringArbitrary(schema: Schema, hints: Hints, path: string): fc.Arbitrary<string> {
  const minLength = num(schema.minLength) ?? 0;
  const maxLength = num(schema.maxLength);
  const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern) : undefined;
  // Many schemas trim a text before its minimum length counts, which the JSON Schema does not say: blank is too short.
  // A hint (a fixture's text) stands for a URL only if it is one.
  const fits = (s: string) =>
    s.trim().length >= minLength &&
    (maxLength === undefined || s.length <= maxLength) &&
    (!pattern || pattern.test(s)) &&
    ((schema.format !== 'uri' && schema.format !== 'url') || /^https?:\/\/[^\s]+$/.test(s));
  let random: fc.Arbitrary<string>;
  if (pattern) {
    random = fc.stringMatching(pattern);
  } else if (schema.format !== undefined) {
    random = formatted(String(schema.format), path);
  } else {
    const max = maxLength === undefined ? undefined : Math.min(maxLength, Math.max(minLength, 40));
    const boundaries = [minLength, ...(maxLength !== undefined && maxLength <= MAX_BOUNDARY_LENGTH ? [maxLength] : [])];
    random = fc.oneof(
      { weight: 3, arbitrary: fc.string({ minLength, maxLength: max }) },
      { weight: 2, arbitrary: fc.string({ minLength, maxLength: max, unit: 'grapheme' }) },
      { weight: 1, arbitrary: fc.constantFrom(...boundaries).map((n) => 'é'.repeat(n)) },
    );
  }
  const only = hints.only?.filter(fits) ?? [];
  if (only.length > 0) return fc.constantFrom(...only);
  return withHints(ofType<string>(hints.preferred, 'string').filter(fits), hints.strings.filter(fits), random.filter(fits));
}

function formatted(format: string, path: string): fc.Arbitrary<string> {
  switch (format) {
    case 'email':
      return fc.emailAddress();
    case 'uri':
    case 'url':
      return fc.webUrl();
    case 'uuid':
      return fc.uuid();
    case 'date-time':
      return fc.date({ noInvalidDate: true, min: new Date('0001-01-01'), max: new Date('9999-12-31') }).map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ noInvalidDate: true, min: new Date('0001-01-01'), max: new Date('9999-12-31') })
        .map((d) => d.toISOString().slice(0, 10));
    default:
      throw new UnsupportedSchemaError(`${path}: unsupported string format ${format}`);
  }
}

function arrayArbitrary(schema: Schema, hints: Hints, path: string): fc.Arbitrary<unknown[]> {
  const minItems = num(schema.minItems) ?? 0;
  const maxItems = num(schema.maxItems);
  const prefix =
    (schema.prefixItems as JsonSchema[] | undefined)?.map((s, k) => arbitraryFromJsonSchema(s, hints, `${path}/prefixItems/${k}`)) ?? [];
  const items =
    schema.items === undefined
      ? anyJson
      : schema.items === false
        ? null
        : arbitraryFromJsonSchema(schema.items as JsonSchema, hints, `${path}/items`);
  // A list of an enum's values is a set of choices (scopes, events): drawn without repeats, which schemas often refuse.
  const choices = (schema.items as Schema | undefined)?.enum;
  const arrayOf = <T>(of: fc.Arbitrary<T>, limits: { minLength: number; maxLength: number }) =>
    Array.isArray(choices) && limits.minLength <= choices.length
      ? fc.uniqueArray(of, { ...limits, maxLength: Math.min(limits.maxLength, choices.length) })
      : fc.array(of, limits);
  const restMin = Math.max(0, minItems - prefix.length);
  const restMax =
    items === null ? 0 : Math.max(restMin, Math.min(maxItems === undefined ? Infinity : maxItems - prefix.length, MAX_GENERATED_ITEMS));
  if (items === null && restMin > 0) throw new UnsupportedSchemaError(`${path}: minItems beyond prefixItems`);
  // Empty often: an empty list is both an edge and, in a larger body, what lets the rest be valid.
  const rest =
    items === null
      ? fc.constant([])
      : restMin > 0
        ? arrayOf(items, { minLength: restMin, maxLength: restMax })
        : fc.oneof(fc.constant([]), arrayOf(items, { minLength: 1, maxLength: Math.max(1, restMax) }));
  const full = fc.tuple(fc.tuple(...prefix), rest).map(([head, tail]) => [...head, ...tail]);
  // Now and then exactly as many items as allowed: the limits are where handlers are tested hardest.
  if (items === null || maxItems === undefined || maxItems <= restMax || maxItems > 5_000) return full;
  const atMost = fc.tuple(
    fc.tuple(...prefix),
    arrayOf(items, { minLength: maxItems - prefix.length, maxLength: maxItems - prefix.length }),
  );
  return fc.oneof({ weight: 9, arbitrary: full }, { weight: 1, arbitrary: atMost.map(([head, tail]) => [...head, ...tail]) });
}

function objectArbitrary(schema: Schema, hints: Hints, path: string): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const missing = [...required].filter((key) => !(key in properties));
  if (missing.length > 0) throw new UnsupportedSchemaError(`${path}: required without a schema: ${missing.join(', ')}`);
  const model = Object.fromEntries(
    Object.entries(properties).map(([key, s]) => [
      key,
      arbitraryFromJsonSchema(s, { ...hints, ...hints.byKey?.(key) }, `${path}/properties/${key}`),
    ]),
  );
  const known = fc.record(model, { requiredKeys: [...required], noNullPrototype: true });
  const additional = schema.additionalProperties;
  if (additional === false || (additional === undefined && schema.propertyNames === undefined)) return known;
  const keys = schema.propertyNames
    ? (arbitraryFromJsonSchema(schema.propertyNames as JsonSchema, hints, `${path}/propertyNames`) as fc.Arbitrary<string>)
    : fc.string();
  const values =
    additional === undefined ? anyJson : arbitraryFromJsonSchema(additional as JsonSchema, hints, `${path}/additionalProperties`);
  const extra = fc.oneof(
    fc.constant({}),
    fc.dictionary(
      keys.filter((key) => !(key in properties)),
      values,
      { minKeys: 1, maxKeys: MAX_GENERATED_ITEMS, noNullPrototype: true },
    ),
  );
  return fc.tuple(known, extra).map(([k, e]) => ({ ...e, ...k }));
}
