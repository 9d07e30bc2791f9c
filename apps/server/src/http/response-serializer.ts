import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { $ZodType, toJSONSchema } from 'zod/v4/core';

/**
 * Answers are written by a serializer compiled from each route's response schema (the contract's zod, as JSON
 * Schema) with fast-json-stringify: only the properties the schema names go out, as with zod, at a fraction
 * of the cost of checking the whole answer with zod first (a report page spent a third of its time there).
 */
export const responseSerializerCompiler: FastifySerializerCompiler<$ZodType> = ({ schema }) => {
  const json = toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-7' });
  return fastJson(openObjects(json) as Parameters<typeof fastJson>[0]);
};

/**
 * Without `additionalProperties: false`: fast-json-stringify writes only the named properties either way,
 * and picks a union's branch by checking the value against each, which a row with more than the answer's
 * properties would then fail.
 */
function openObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(openObjects);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'additionalProperties' && value === false))
      .map(([key, value]) => [key, openObjects(value)]),
  );
}
