import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { $ZodType, toJSONSchema } from 'zod/v4/core';

/** Serializers by schema: the error schema alone serves every route and status. */
const compiled = new WeakMap<$ZodType, (data: unknown) => string>();

function serializerOf(schema: $ZodType): (data: unknown) => string {
  let serialize = compiled.get(schema);
  if (!serialize) {
    const json = forSerializer(toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-7' })) as JsonSchema;
    serialize = byBranch(json, json.anyOf ?? json.oneOf) ?? byBranch(json, unionsLifted(json)) ?? compile(json);
    compiled.set(schema, serialize);
  }
  return serialize;
}

/**
 * Answers are written by a serializer compiled from each route's response schema (the contract's zod, as JSON
 * Schema) with fast-json-stringify: only the properties the schema names go out, as with zod, at a fraction
 * of the cost of checking the whole answer with zod first (a report page spent a third of its time there).
 * Compiled at a route's first answer of each status, not at start-up (a fifth of a second for every route).
 */
export const responseSerializerCompiler: FastifySerializerCompiler<$ZodType> = ({ schema }) => {
  let serialize: ((data: unknown) => string) | undefined;
  return (data) => (serialize ??= serializerOf(schema))(data);
};

type JsonSchema = Record<string, unknown>;
/** fast-json-stringify on a schema made here. */
const compile = (schema: JsonSchema) => fastJson(schema as unknown as Parameters<typeof fastJson>[0]);
const isSchema = (node: unknown): node is JsonSchema => !!node && typeof node === 'object' && !Array.isArray(node);
/** Keywords fast-json-stringify does not act on when it writes a scalar. */
const CHECKS_ONLY = new Set(['type', 'minLength', 'maxLength', 'minimum', 'maximum', 'pattern']);
/** A string, number, integer, boolean or null with nothing else than checks on it (no format, const or enum). */
const isPlainScalar = (node: unknown) =>
  isSchema(node) &&
  ['string', 'number', 'integer', 'boolean', 'null'].includes(node.type as string) &&
  Object.keys(node).every((key) => CHECKS_ONLY.has(key));

/**
 * The JSON Schema as fast-json-stringify writes it fastest. It picks a branch of `anyOf` by checking the value
 * against each with ajv, compiled at the route's first answer (the sign-in's took a fifth of a second, with every
 * request held meanwhile) and run at every answer. So:
 * - zod's nullable (`anyOf` of a schema and `{ type: 'null' }`) becomes that schema with `nullable: true`, which
 *   fast-json-stringify writes with a test for null;
 * - a union of scalars of different types (a question's id: a number or a string) becomes a list of types, which
 *   it writes by the value's type;
 * - without `additionalProperties: false`: fast-json-stringify writes only the named properties either way, and
 *   the unions left are checked against the value, which a row with more than the answer's properties would fail.
 */
function forSerializer(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forSerializer);
  if (!isSchema(node)) return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'additionalProperties' && value === false) continue;
    out[key] = forSerializer(value);
  }
  const branches = out.anyOf;
  if (Array.isArray(branches) && Object.keys(out).length === 1 && branches.every(isPlainScalar)) {
    const types = branches.map((b) => (b as JsonSchema).type as string);
    if (new Set(types).size === types.length && !(types.includes('integer') && types.includes('number'))) return { type: types };
  }
  if (Array.isArray(branches) && branches.length === 2 && Object.keys(out).length === 1) {
    const isNull = (b: unknown) => isSchema(b) && b.type === 'null' && Object.keys(b).length === 1;
    const other = isNull(branches[1]) ? branches[0] : isNull(branches[0]) ? branches[1] : undefined;
    // Any value or null is any value. Otherwise only a schema of one type takes `nullable` (ajv, which checks the
    // unions left, refuses it without a type, and wants null among an enum's values).
    if (isSchema(other) && Object.keys(other).length === 0) return {};
    if (
      isSchema(other) &&
      typeof other.type === 'string' &&
      other.const === undefined &&
      Object.keys(other).every((key) => key !== '$ref' && key !== 'anyOf' && key !== 'oneOf')
    ) {
      return Array.isArray(other.enum) ? { ...other, enum: [...other.enum, null], nullable: true } : { ...other, nullable: true };
    }
  }
  return out;
}

/** How deep a value's shape is compared with a branch's: a list's items are one level down. */
const SHAPE_DEPTH = 3;

/**
 * Whether a value has the shape `schema` asks for, `depth` levels down: the required properties of an object,
 * with the values a `const` or `enum` names, and the items of a list. Types are not checked.
 */
function fitsShapeOf(schema: JsonSchema, depth: number): (value: unknown) => boolean {
  const nullable = schema.nullable === true || (Array.isArray(schema.type) && schema.type.includes('null'));
  const orNull = (check: (value: unknown) => boolean) => (nullable ? (value: unknown) => value === null || check(value) : check);
  const { const: only, enum: allowed } = schema;
  if (only !== undefined) return (value) => value === only;
  if (schema.type === 'null') return (value) => value === null;
  if (Array.isArray(allowed)) return orNull((value) => allowed.includes(value));
  if (depth > 0 && schema.type === 'array' && isSchema(schema.items)) {
    const item = fitsShapeOf(schema.items, depth - 1);
    return orNull((value) => Array.isArray(value) && value.every(item));
  }
  if (depth > 0 && schema.type === 'object' && isSchema(schema.properties)) {
    const properties = schema.properties as Record<string, JsonSchema>;
    const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
    const checks = required.map((key) => (isSchema(properties[key]) ? fitsShapeOf(properties[key], depth - 1) : () => true));
    return orNull(
      (value) =>
        isSchema(value) && required.every((key, i) => (value as JsonSchema)[key] !== undefined && checks[i]((value as JsonSchema)[key])),
    );
  }
  return () => true;
}

/** Most answers' shapes a union inside an answer is lifted into (unionsLifted). */
const MOST_LIFTED = 8;

/** The branches of a union of objects, and of null, however nested (zod's nullable union is a union in a union). */
function objectBranchesOf(schema: JsonSchema): JsonSchema[] | undefined {
  const union = schema.anyOf ?? schema.oneOf;
  if (!Array.isArray(union) || Object.keys(schema).length !== 1) return undefined;
  const branches: JsonSchema[] = [];
  for (const branch of union) {
    if (!isSchema(branch)) return undefined;
    const inner = objectBranchesOf(branch);
    if (inner) branches.push(...inner);
    else if (branch.type === 'null' || (branch.type === 'object' && isSchema(branch.properties))) branches.push(branch);
    else return undefined;
  }
  return branches;
}

/**
 * An object answer with a union of objects in it (a campaign's layout: the agenda's, the challenge's, or none), as
 * the answers it can be, one per branch, each without a union: those byBranch tells apart by their shape. Through
 * objects only (not a list's items), and only while they stay few.
 */
function unionsLifted(schema: JsonSchema): JsonSchema[] {
  if (schema.type !== 'object' || !isSchema(schema.properties)) return [schema];
  let shapes: JsonSchema[] = [schema];
  for (const [key, property] of Object.entries(schema.properties as Record<string, JsonSchema>)) {
    const variants = objectBranchesOf(property) ?? unionsLifted(property);
    if (variants.length === 1) continue;
    if (shapes.length * variants.length > MOST_LIFTED) return [schema];
    shapes = shapes.flatMap((shape) =>
      variants.map((variant) => ({ ...shape, properties: { ...(shape.properties as JsonSchema), [key]: variant } })),
    );
  }
  return shapes;
}

/**
 * An answer that is one of several objects (a union at the top, as the sign-in's: signed in, or a password to set;
 * a candidate's tests or a manager's; or one lifted from inside it, unionsLifted) is written by its branch's own
 * serializer when exactly one branch can be it by its shape (fitsShapeOf). Any branch the value passes has its shape,
 * so this is the branch a full check would choose. A value that more than one branch, or none, can be goes to
 * fast-json-stringify's own choice (its check with ajv).
 */
function byBranch(json: JsonSchema, branches: unknown): ((data: unknown) => string) | undefined {
  if (
    !Array.isArray(branches) ||
    branches.length < 2 ||
    !branches.every((b) => isSchema(b) && b.type === 'object' && isSchema(b.properties))
  ) {
    return undefined;
  }
  const tests = (branches as JsonSchema[]).map((branch) => ({
    fits: fitsShapeOf(branch, SHAPE_DEPTH),
    serialize: compile({ ...json, anyOf: undefined, oneOf: undefined, ...branch }),
  }));
  let fallback: ((data: unknown) => string) | undefined;
  return (data) => {
    if (isSchema(data)) {
      let only: (typeof tests)[number] | undefined;
      for (const test of tests) {
        if (!test.fits(data)) continue;
        if (only) {
          only = undefined;
          break;
        }
        only = test;
      }
      if (only) return only.serialize(data);
    }
    return (fallback ??= compile(json))(data);
  };
}
