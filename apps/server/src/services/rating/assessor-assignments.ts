import type { AssessmentState, AssessorTest } from '@prova/contract/assessments';
import type { Outcome } from '@prova/contract/tests';
import type { ParticipationContext } from '../../policies/test-access';
import { contentLang } from '../../domain/content-language';
import { localize } from '../../presenters/localize';
import type { TestDeliveryRepos } from '../../repositories/create-repositories';
import { ratingCriteria } from './rating-criteria';

/**
 * How far an assessor is with one person: how many criteria have a rating, a level or "non osservato" (null: judged,
 * though left out of every mean and score).
 */
export function assessmentState(criteria: string[], recorded: Outcome[]): { state: AssessmentState; rated: number } {
  const rated = criteria.filter((id) =>
    recorded.some((o) => String(o.questionId) === id && o.answerId === undefined && (typeof o.value === 'number' || o.value === null)),
  ).length;
  if (criteria.length > 0 && rated === criteria.length) return { state: 'rated', rated };
  return { state: recorded.length > 0 ? 'in progress' : 'not started', rated };
}

/** The assessor's home: the tests they rate in the campaign, with the people assigned in each and their state. */
export async function listAssessorTests(repos: TestDeliveryRepos, context: ParticipationContext): Promise<AssessorTest[]> {
  const { participation, user } = context;
  const [rows, recorded, { model }] = await Promise.all([
    repos.tests.listAssignments(participation.id, user.id),
    repos.outcomes.listByAssessorInCampaign(participation.id, user.id),
    repos.campaigns.contentOf(participation.id),
  ]);
  const lang = contentLang(participation, user);
  const tests = new Map<number, AssessorTest & { criteriaIds: string[] }>();
  for (const row of rows) {
    let test = tests.get(row.test_id);
    if (!test) {
      const criteria = ratingCriteria({ model, jsonData: row.json_data, testId: row.test_id, lang });
      test = {
        testId: row.test_id,
        name: localize(row.name, lang),
        abbreviation: row.abbreviation,
        description: localize(row.description, lang),
        criteria: criteria.length,
        criteriaIds: criteria.map((c) => c.id),
        people: [],
      };
      tests.set(row.test_id, test);
    }
    const outcomes = recorded.get(row.test_id)?.get(row.user_id) ?? [];
    test.people.push({
      id: row.user_id,
      firstName: row.first_name,
      lastName: row.last_name,
      ...assessmentState(test.criteriaIds, outcomes),
    });
  }
  return [...tests.values()].map(({ criteriaIds: _ids, ...test }) => test);
}
