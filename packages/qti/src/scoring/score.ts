import { type QtiProgress, qtiProgressSchema } from '@prova/contract/content';
import type { Outcome } from '@prova/contract/tests';
import { type Context, type ItemRun, run } from './evaluate';
import type { Cardinality, ItemModel, OutcomeDeclaration, QtiScoringModel, QtiValue, ResponseDeclaration } from './model';
import { container, outcomeScalar, parseAtom, single } from './values';

// scoreQti: a candidate's QTI progress scored with the package's model, on the server, once the test is
// complete. A response that is not what its declaration says (or a progress that is not a QTI progress)
// is no response: the candidate's data never makes scoring fail.

/**
 * A candidate's text as a response atom. A typed answer is taken without the spaces around it (" Roma " is "Roma",
 * spaces only are no answer): a space typed by habit is not a wrong answer. The saved progress keeps what was typed.
 */
const responseAtom = (baseType: ResponseDeclaration['baseType'], raw: string) =>
  parseAtom(baseType, baseType === 'string' ? raw.trim() : raw);

/** A saved response as its declaration reads it; NULL when absent or of another shape. */
export function readResponse(declaration: Pick<ResponseDeclaration, 'cardinality' | 'baseType'>, raw: unknown): QtiValue {
  const { cardinality, baseType } = declaration;
  if (cardinality === 'single') {
    if (typeof raw !== 'string') return null;
    const atom = responseAtom(baseType, raw);
    return atom === undefined ? null : single(baseType, atom);
  }
  if (!Array.isArray(raw)) return null;
  const atoms = raw.map((r) => (typeof r === 'string' ? responseAtom(baseType, r) : undefined));
  if (atoms.some((a) => a === undefined)) return null;
  return container(cardinality as Cardinality, baseType, atoms as NonNullable<(typeof atoms)[number]>[]);
}

const defaults = (declarations: OutcomeDeclaration[]) => new Map<string, QtiValue>(declarations.map((d) => [d.identifier, d.defaultValue]));
const byIdentifier = (declarations: OutcomeDeclaration[]) => new Map(declarations.map((d) => [d.identifier, d]));

function scoreItem(
  item: ItemModel,
  responses: Record<string, unknown> | undefined,
  presented: boolean,
  rating: number | undefined,
): ItemRun {
  const variables = defaults(item.outcomes);
  variables.set('numAttempts', single('integer', presented ? 1 : 0));
  variables.set('completionStatus', single('identifier', 'completed'));
  for (const declaration of item.responses)
    variables.set(declaration.identifier, readResponse(declaration, responses?.[declaration.identifier]));
  const ctx: Context = { variables, item };
  run(item.processing, ctx, byIdentifier(item.outcomes));
  // An item an assessor rates scores what they gave (within 0..its maximum), and nothing until then.
  if (item.rated && rating !== undefined) variables.set('SCORE', single('float', Math.min(Math.max(rating, 0), item.rated.maxScore)));
  return { model: item, variables, presented };
}

/** The items an assessor rates (ItemModel.rated), in the model's order. */
export const ratedItems = (model: QtiScoringModel) =>
  model.items.flatMap((item) => (item.rated ? [{ identifier: item.identifier, ...item.rated }] : []));

/**
 * The outcomes of a candidate's QTI progress: `{questionId: <item>, value: <its SCORE>}` for every item of
 * the model, then one for every outcome variable of the test, SCORE first. `ratings` (points by item) are the
 * SCORE of the items an assessor rates, set before the test's outcome processing runs.
 */
export function scoreQti(model: QtiScoringModel, progress: unknown, ratings: Readonly<Record<string, number>> = {}): Outcome[] {
  const parsed = qtiProgressSchema.safeParse(progress);
  const saved: QtiProgress = parsed.success ? parsed.data : { qti: 1, responses: {}, position: null, flagged: [] };
  // Presented: the player saved something for the item, or the candidate was on it or flagged it.
  const presented = (id: string) => Object.hasOwn(saved.responses, id) || saved.position === id || saved.flagged.includes(id);
  const items = model.items.map((item) =>
    scoreItem(
      item,
      Object.hasOwn(saved.responses, item.identifier) ? saved.responses[item.identifier] : undefined,
      presented(item.identifier),
      Object.hasOwn(ratings, item.identifier) ? ratings[item.identifier] : undefined,
    ),
  );

  const test = model.test;
  const variables = defaults(test.outcomes);
  const names = test.outcomes.map((o) => o.identifier);
  if (test.processing === null) {
    // No outcome processing: the test's SCORE is the sum of its items' (an item's NULL adds nothing).
    let sum = 0;
    for (const item of items) {
      const v = item.variables.get('SCORE');
      if (v && typeof v.values[0] === 'number') sum += v.values[0];
    }
    variables.set('SCORE', single('float', sum));
    if (!names.includes('SCORE')) names.unshift('SCORE');
  } else {
    run(test.processing, { variables, items }, byIdentifier(test.outcomes));
  }
  names.sort((a, b) => Number(b === 'SCORE') - Number(a === 'SCORE'));

  return [
    ...items.map((item) => ({ questionId: item.model.identifier, value: outcomeScalar(item.variables.get('SCORE') ?? null) })),
    ...names.map((name) => ({ questionId: name, value: outcomeScalar(variables.get(name) ?? null) })),
  ];
}

/**
 * One item's SCORE for these responses (its response processing alone, as in scoreQti), and its MAXSCORE where it
 * declares one: what an adaptive test scores an answer with, before choosing the next item. Undefined: no such item.
 */
export function scoreOneItem(
  model: QtiScoringModel,
  identifier: string,
  responses: Record<string, unknown> | undefined,
): { score: number; maxScore: number | null } | undefined {
  const item = model.items.find((i) => i.identifier === identifier);
  if (!item) return undefined;
  const run = scoreItem(item, responses, true, undefined);
  const score = outcomeScalar(run.variables.get('SCORE') ?? null);
  const max = outcomeScalar(run.variables.get('MAXSCORE') ?? null);
  return { score: typeof score === 'number' ? score : 0, maxScore: typeof max === 'number' && max > 0 ? max : null };
}
