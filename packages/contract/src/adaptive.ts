import { z } from './zod';

// A computer-adaptive QTI test's settings (bundle `tests[].adaptive`, docs/bundle-format.md "Adaptive tests"): the
// IRT model, the estimator, where it starts, when it stops and every item's parameters. They stay on the server:
// the browser is given one item at a time (the rpc `adaptive.next`), never the bank or its parameters.

export const IRT_MODELS = ['1PL', '2PL', '3PL'] as const;
export const ESTIMATORS = ['EAP', 'MLE'] as const;
/** The bounds of an ability estimate (the EAP grid's). */
export const THETA_BOUND = 4;

const finite = (what: string) =>
  z.number({ error: `Expected ${what} as a number` }).check(z.refine(Number.isFinite, `Expected ${what} as a number`));

export const adaptiveItemParamsSchema = z.object({
  /** Discrimination, above 0 (1PL ignores it: every item has a = 1). */
  a: z._default(finite('a').check(z.positive('a (discrimination) must be above 0')), 1),
  /** Difficulty. */
  b: finite('b'),
  /** Guessing, 0 up to below 1: 3PL only. */
  c: z._default(finite('c').check(z.gte(0, 'c (guessing) must be 0 or more'), z.lt(1, 'c (guessing) must be below 1')), 0),
});

/** An item of an adaptive attempt as its session keeps it (adaptive_sessions.given, in the order given). */
export const adaptiveGivenItemSchema = z.object({
  item: z.string(),
  /** Its share of the item's maximum, for the model. */
  score: z.number(),
  /** The item's SCORE as its response processing gave it. */
  raw: z.number(),
  response: z.nullable(z.record(z.string(), z.unknown())),
  /** The estimate after this answer, for staff reading the attempt (absent in sessions kept before it was). */
  theta: z.optional(z.number()),
  se: z.optional(z.number()),
});
export type AdaptiveGivenItem = z.infer<typeof adaptiveGivenItemSchema>;

export const adaptiveSettingsSchema = z
  .object({
    model: z.enum(IRT_MODELS, { error: 'Expected the model "1PL", "2PL" or "3PL"' }),
    estimator: z._default(z.enum(ESTIMATORS, { error: 'Expected the estimator "EAP" or "MLE"' }), 'EAP'),
    start: z._default(z.object({ theta: z._default(finite('theta').check(z.gte(-THETA_BOUND), z.lte(THETA_BOUND)), 0) }), { theta: 0 }),
    stop: z.object({
      minItems: z.int().check(z.minimum(1, 'minItems must be at least 1')),
      maxItems: z.int().check(z.minimum(1, 'maxItems must be at least 1')),
      se: finite('se').check(z.positive('se must be above 0')),
    }),
    items: z.record(z.string().check(z.minLength(1)), adaptiveItemParamsSchema),
  })
  .check(
    z.superRefine((s, ctx) => {
      if (s.stop.minItems > s.stop.maxItems)
        ctx.addIssue({
          code: 'custom',
          path: ['stop', 'minItems'],
          message: `minItems (${s.stop.minItems}) is above maxItems (${s.stop.maxItems})`,
        });
      if (s.model === '3PL') return;
      for (const [id, item] of Object.entries(s.items)) {
        if (item.c !== 0)
          ctx.addIssue({ code: 'custom', path: ['items', id, 'c'], message: `c (guessing) is for the 3PL model only, not ${s.model}` });
      }
    }),
  );
export type AdaptiveSettings = z.output<typeof adaptiveSettingsSchema>;
export type AdaptiveSettingsInput = z.input<typeof adaptiveSettingsSchema>;

/**
 * What the settings must agree on with the package's items (its bank): each item of the package has parameters,
 * each parameter set is an item of the package, and the test can give maxItems items. Paths relative to `adaptive`.
 */
export function adaptiveBankIssues(settings: AdaptiveSettings, bank: readonly string[]): Array<{ path: string[]; message: string }> {
  const inBank = new Set(bank);
  const issues: Array<{ path: string[]; message: string }> = [];
  for (const id of Object.keys(settings.items)) {
    if (!inBank.has(id)) issues.push({ path: ['items', id], message: `no item "${id}" in the package` });
  }
  for (const id of bank) {
    if (!Object.hasOwn(settings.items, id)) issues.push({ path: ['items', id], message: `the package's item "${id}" has no parameters` });
  }
  if (settings.stop.maxItems > bank.length)
    issues.push({ path: ['stop', 'maxItems'], message: `maxItems (${settings.stop.maxItems}) is above the bank's ${bank.length} items` });
  return issues;
}

/** The rpc `adaptive.next`: how many answers the player holds, and the responses to the item it is on. */
export const adaptiveNextRequestSchema = z.object({
  answered: z.int().check(z.minimum(0)),
  /** The responses to the item the player is on (the one after its `answered` answers): it becomes answer `answered + 1`. */
  response: z.optional(z.record(z.string(), z.union([z.string(), z.array(z.string()), z.null()]))),
});
export type AdaptiveNextRequest = z.infer<typeof adaptiveNextRequestSchema>;

/** What the player is told: the next item (its stripped XML, and its path in the package for the files it loads), or the end. */
export const adaptiveNextResponseSchema = z.union([
  z.object({ done: z.literal(false), answered: z.int(), item: z.object({ identifier: z.string(), href: z.string(), xml: z.string() }) }),
  z.object({ done: z.literal(true), answered: z.int() }),
]);
export type AdaptiveNextResponse = z.infer<typeof adaptiveNextResponseSchema>;
