import { z } from '@prova/contract/zod';
import {
  BASE_TYPES,
  CARDINALITIES,
  type Atom,
  type Expression,
  type ItemSubset,
  type OutcomeDeclaration,
  type QtiScoringModel,
  type QtiValue,
  type ResponseDeclaration,
  type Rule,
} from './model';

// The one schema of the stored scoring model (model.ts): what the server reads back from the database, checked
// before it scores with it and before staff are shown its key. compileScoring writes only models that pass it.

const baseType = z.enum(BASE_TYPES);
const cardinality = z.enum(CARDINALITIES);
const atom: z.ZodMiniType<Atom> = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.tuple([z.number(), z.number()]),
  z.tuple([z.string(), z.string()]),
]);
const value: z.ZodMiniType<QtiValue> = z.nullable(z.object({ cardinality, baseType, values: z.array(atom) }));
const bounds = { defaultValue: z.number(), lowerBound: z.nullable(z.number()), upperBound: z.nullable(z.number()) };

export const responseDeclarationSchema: z.ZodMiniType<ResponseDeclaration> = z.object({
  identifier: z.string(),
  cardinality,
  baseType,
  correct: value,
  mapping: z.nullable(z.object({ ...bounds, entries: z.array(z.object({ key: atom, value: z.number(), caseSensitive: z.boolean() })) })),
  areaMapping: z.nullable(
    z.object({
      ...bounds,
      entries: z.array(
        z.object({ shape: z.enum(['circle', 'rect', 'poly', 'ellipse', 'default']), coords: z.array(z.number()), value: z.number() }),
      ),
    }),
  ),
});

const lookup = z.union([
  z.object({ kind: z.literal('match'), defaultValue: z.nullable(atom), entries: z.array(z.object({ source: z.number(), target: atom })) }),
  z.object({
    kind: z.literal('interpolation'),
    defaultValue: z.nullable(atom),
    entries: z.array(z.object({ source: z.number(), target: atom, includeBoundary: z.boolean() })),
  }),
]);
const outcomeDeclaration: z.ZodMiniType<OutcomeDeclaration> = z.object({
  identifier: z.string(),
  cardinality,
  baseType: z.nullable(baseType),
  defaultValue: value,
  normalMaximum: z.nullable(z.number()),
  normalMinimum: z.nullable(z.number()),
  lookup: z.nullable(lookup),
});

const subset: z.ZodMiniType<ItemSubset> = z.object({
  section: z.nullable(z.string()),
  include: z.array(z.string()),
  exclude: z.array(z.string()),
});
const OPERATORS = [
  'and',
  'or',
  'not',
  'isNull',
  'match',
  'member',
  'sum',
  'product',
  'subtract',
  'divide',
  'gte',
  'lte',
  'gt',
  'lt',
  'multiple',
  'ordered',
  'containerSize',
  'round',
  'delete',
] as const;
const ITEM_COUNTS = ['numberCorrect', 'numberIncorrect', 'numberResponded', 'numberPresented', 'numberSelected'] as const;

const expression: z.ZodMiniType<Expression> = z.lazy(() => {
  const args = z.array(expression);
  return z.union([
    z.object({ op: z.literal('baseValue'), value }),
    z.object({ op: z.literal('variable'), identifier: z.string(), weight: z.nullable(z.string()) }),
    z.object({ op: z.enum(['correct', 'mapResponse', 'mapResponsePoint']), identifier: z.string() }),
    z.object({ op: z.literal('null') }),
    z.object({ op: z.enum(OPERATORS), args }),
    z.object({
      op: z.literal('equal'),
      args,
      toleranceMode: z.enum(['exact', 'absolute', 'relative']),
      tolerance: z.tuple([z.number(), z.number()]),
      includeLowerBound: z.boolean(),
      includeUpperBound: z.boolean(),
    }),
    z.object({ op: z.literal('stringMatch'), args, caseSensitive: z.boolean(), substring: z.boolean() }),
    z.object({ op: z.literal('substring'), args, caseSensitive: z.boolean() }),
    z.object({ op: z.literal('index'), args, n: z.union([z.number(), z.string()]) }),
    z.object({
      op: z.literal('testVariables'),
      variable: z.string(),
      weight: z.nullable(z.string()),
      baseType: z.nullable(baseType),
      subset,
    }),
    z.object({ op: z.enum(ITEM_COUNTS), subset }),
    z.object({ op: z.enum(['outcomeMaximum', 'outcomeMinimum']), outcome: z.string(), weight: z.nullable(z.string()), subset }),
  ]);
});

const rule: z.ZodMiniType<Rule> = z.lazy(() =>
  z.union([
    z.object({ rule: z.enum(['set', 'lookup']), identifier: z.string(), expression }),
    z.object({
      rule: z.literal('condition'),
      branches: z.array(z.object({ when: expression, then: z.array(rule) })),
      otherwise: z.array(rule),
    }),
    z.object({ rule: z.literal('exit') }),
  ]),
);

export const qtiScoringModelSchema: z.ZodMiniType<QtiScoringModel> = z.object({
  version: z.literal(1),
  items: z.array(
    z.object({
      identifier: z.string(),
      categories: z.array(z.string()),
      weights: z.record(z.string(), z.number()),
      sections: z.array(z.string()),
      responses: z.array(responseDeclarationSchema),
      outcomes: z.array(outcomeDeclaration),
      processing: z.array(rule),
      rated: z.optional(z.object({ maxScore: z.number(), prompt: z.string() })),
    }),
  ),
  test: z.object({ identifier: z.string(), outcomes: z.array(outcomeDeclaration), processing: z.nullable(z.array(rule)) }),
});

/** A stored scoring model (its JSON text) read and checked; throws, saying where, when it is not one. */
export function parseQtiScoringModel(json: string): QtiScoringModel {
  const checked = qtiScoringModelSchema.safeParse(JSON.parse(json));
  if (!checked.success) throw new Error(`not a QTI scoring model: ${z.prettifyError(checked.error)}`);
  return checked.data;
}
