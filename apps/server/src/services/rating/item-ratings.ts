import { qtiProgressSchema } from '@prova/contract/content';
import { pointsOutOf, type RatedItem, type RatingList, type RatingSheet } from '@prova/contract/item-ratings';
import { toFieldIssues } from '@prova/contract/errors';
import type { Outcome } from '@prova/contract/tests';
import { parseQtiScoringModel, ratedItems, scoreQti, type QtiScoringModel } from '@prova/qti/scoring';
import { acceptsRatings } from '../../domain/campaign-window';
import { contentLang } from '../../domain/content-language';
import { forbidden, HttpError, notFound } from '../../http/http-error';
import type { CampaignTestContext, ParticipationContext } from '../../policies/test-access';
import { localize } from '../../presenters/localize';
import type { Repositories } from '../../repositories/create-repositories';
import type { ItemRating } from '../../repositories/ratings-repository';
import { scriptInput } from '../scoring/run-algorithm';
import { pointsByItem } from '../scoring/score-progress';

// Items an assessor rates (packages/qti: ItemModel.rated): the assessors assigned to a candidate in a QTI package
// test (the campaign's assessments) read the candidate's answers once the test is complete and give each item 0 to
// its maximum. Each rating is kept (who, when) and the test is scored again at once with them, its outcome processing
// included, so the report, the model's tasks and the exports read the rated score. Ratings are taken, and changed,
// while the campaign takes answers (until it is finished or past its end), as the other assessor outcomes are, and
// after only while staff have reopened its assessments (acceptsRatings).

type Repos = Pick<Repositories, 'tests' | 'progress' | 'outcomes' | 'ratings'>;

interface RatedTest {
  model: QtiScoringModel;
  items: ReturnType<typeof ratedItems>;
}

/** The test's QTI scoring model, read and checked; null for a test that is not a QTI package. Ratings are rare: no cache. */
async function modelOf(repos: Repos, testId: number): Promise<QtiScoringModel | null> {
  const scoring = await repos.tests.findScoring(testId);
  if (!scoring || !('qtiPackage' in scoring)) return null;
  const json = await repos.tests.qtiScoringModel(scoring.qtiPackage);
  return json === undefined ? null : parseQtiScoringModel(json);
}

/** The test's scoring model, if it is a QTI package test with items an assessor rates. */
async function ratedTest(repos: Repos, testId: number): Promise<RatedTest | null> {
  const model = await modelOf(repos, testId);
  if (!model) return null;
  const items = ratedItems(model);
  return items.length ? { model, items } : null;
}

/** The caller is an assessor assigned to the person in this test, and the test has items to rate. */
async function requireRating(repos: Repos, context: CampaignTestContext, userId: number) {
  const person = (await repos.tests.listAssessed(context.participation.id, context.user.id, context.test.id)).find((p) => p.id === userId);
  if (!person) throw forbidden('Not someone you assess in this test');
  const test = await ratedTest(repos, context.test.id);
  if (!test) throw notFound('Items to rate');
  return { person, test };
}

/** The candidate's answer to a rated item, as text: the item's string response (or its lines), else none. */
function answerOf(model: QtiScoringModel, itemId: string, data: string | null): string | null {
  const saved = qtiProgressSchema.safeParse(scriptInput(data));
  if (!saved.success || !Object.hasOwn(saved.data.responses, itemId)) return null;
  const given = saved.data.responses[itemId];
  const declarations = model.items.find((i) => i.identifier === itemId)?.responses ?? [];
  const declaration = declarations.find((d) => d.baseType === 'string') ?? declarations[0];
  const value = declaration && Object.hasOwn(given, declaration.identifier) ? given[declaration.identifier] : null;
  if (typeof value === 'string') return value;
  return Array.isArray(value) ? value.join('\n') : null;
}

const scoreIn = (outcomes: Outcome[]) => {
  const value = outcomes.find((o) => o.questionId === 'SCORE')?.value;
  return typeof value === 'number' ? value : null;
};

function itemsOf(test: RatedTest, ratings: ItemRating[], data: string | null, complete: boolean): RatedItem[] {
  const byItem = new Map(ratings.map((r) => [r.itemId, r]));
  return test.items.map((item) => {
    const rating = byItem.get(item.identifier);
    return {
      identifier: item.identifier,
      prompt: item.prompt,
      // Read only once the test is complete: an assessor rates what was handed in, not a draft.
      response: complete ? answerOf(test.model, item.identifier, data) : null,
      maxScore: item.maxScore,
      points: rating ? rating.points : null,
      ratedAt: rating ? rating.ratedAt : null,
    };
  });
}

/** One candidate's answers to rate in one test, for an assessor assigned to them there. */
export async function ratingSheet(repos: Repos, context: CampaignTestContext, userId: number): Promise<RatingSheet> {
  const { person, test } = await requireRating(repos, context, userId);
  const key = { campaignId: context.participation.id, testId: context.test.id, userId };
  const [progress, ratings, outcomes] = await Promise.all([
    repos.progress.find(key.campaignId, key.testId, userId),
    repos.ratings.list(key),
    repos.outcomes.find({ ...key, source: 'server' }),
  ]);
  const complete = progress?.status === 'complete';
  const items = itemsOf(test, ratings, progress?.data ?? null, complete);
  return {
    status: true,
    test: { id: context.test.id, name: localize(context.test.name, contentLang(context.participation, context.user)) },
    person: { id: person.id, firstName: person.first_name, lastName: person.last_name },
    complete,
    open: acceptsRatings(context.participation),
    final: items.every((i) => i.points !== null),
    items,
    score: scoreIn(outcomes),
  };
}

/**
 * Rates one item (the route asked for a campaign that takes ratings: a finished or ended one not reopened refuses with 409 CAMPAIGN_CLOSED)
 * and scores the test again with every rating, in one transaction under the attempt's lock: two ratings at once
 * each score with the other's.
 */
export async function rateItem(
  repos: Repos & { withTransaction: <T>(work: (repos: Repositories) => Promise<T>) => Promise<T> },
  context: CampaignTestContext,
  userId: number,
  itemId: string,
  points: number,
  now = new Date(),
) {
  const { test } = await requireRating(repos, context, userId);
  const item = test.items.find((i) => i.identifier === itemId);
  if (!item) throw notFound('Item to rate');
  const checked = pointsOutOf(item.maxScore).safeParse(points);
  if (!checked.success)
    throw new HttpError(422, 'VALIDATION', `points: from 0 to ${item.maxScore}`, toFieldIssues(checked.error, 'points'));
  const key = { campaignId: context.participation.id, testId: context.test.id, userId };
  return repos.withTransaction(async (trx) => {
    await trx.ratings.lockAttempt(key);
    const progress = await trx.progress.find(key.campaignId, key.testId, userId);
    if (progress?.status !== 'complete') throw new HttpError(409, 'CONFLICT', 'The test is not complete yet: there is nothing to rate');
    await trx.ratings.put(key, { itemId, points, assessorId: context.user.id, ratedAt: now.toISOString() });
    const ratings = await trx.ratings.list(key);
    const outcomes = scoreQti(test.model, scriptInput(progress.data), pointsByItem(ratings));
    await trx.outcomes.replace({ ...key, source: 'server' }, outcomes);
    const items = itemsOf(test, ratings, progress.data, true);
    return {
      status: true as const,
      item: items.find((i) => i.identifier === itemId)!,
      final: items.every((i) => i.points !== null),
      score: scoreIn(outcomes),
    };
  });
}

/** The QTI package tests with items to rate in which the caller assesses people, with how far each person is. */
export async function listRatings(repos: Repos, context: ParticipationContext): Promise<RatingList['tests']> {
  const { participation, user } = context;
  const rows = await repos.tests.listRatingAssignments(participation.id, user.id);
  const lang = contentLang(participation, user);
  const tests: RatingList['tests'] = [];
  for (const testId of new Set(rows.map((r) => r.test_id))) {
    const rated = await ratedTest(repos, testId);
    if (!rated) continue;
    const people = rows.filter((r) => r.test_id === testId);
    const counts = await repos.ratings.countByPerson(
      participation.id,
      testId,
      people.map((p) => p.user_id),
    );
    tests.push({
      testId,
      name: localize(people[0]!.name, lang),
      people: people.map((p) => {
        const count = counts.get(p.user_id) ?? 0;
        const total = rated.items.length;
        const state = p.status !== 'complete' ? 'waiting' : count >= total ? 'rated' : 'to rate';
        return { id: p.user_id, firstName: p.first_name, lastName: p.last_name, state, rated: Math.min(count, total), total };
      }),
    });
  }
  return tests;
}
