import { MAX_TEST_ATTEMPTS } from '@prova/contract/limits';
import type { TestStatus, UserTest } from '@prova/contract/tests';
import { acceptsAnswers } from '../domain/campaign-window';
import { shownInCampaign } from '../domain/candidate-tests';
import { type ClockRow, effectiveStatus, timingOf } from '../domain/test-clock';
import { HttpError, TestLockedHttpError } from '../http/http-error';
import { callerIsAssessor, type CampaignTestContext, type ParticipationContext } from '../policies/test-access';
import { attemptsExhausted, checkStart, prerequisitesOf, type StartCheck, testLockedMessage } from '../policies/test-start';
import { contentLang } from '../domain/content-language';
import { genderOf } from '@prova/contract/gendered-text';
import { presentUserTest } from '../presenters/present-test';
import type { TestDeliveryRepos } from '../repositories/create-repositories';
import { attemptsMade } from '../repositories/progress-repository';

/**
 * The tests of a campaign as the caller sees them: texts, their status, their clock and whether they
 * may start. Candidates never see the tests assessors fill in about them.
 */
export async function listUserTests(repos: TestDeliveryRepos, context: ParticipationContext, activitiesUrl: string): Promise<UserTest[]> {
  const { participation, user } = context;
  const [tests, progress] = await Promise.all([
    repos.tests.listForCampaign(participation.id),
    repos.progress.listForUser(participation.id, user.id),
  ]);
  const now = new Date();
  const byTest = new Map(progress.map((p) => [p.test_id, p]));
  const statusOf = (id: number) => effectiveStatus(byTest.get(id), now);
  const lang = contentLang(participation, user);
  const assessor = callerIsAssessor(context);
  const open = acceptsAnswers(participation, now);
  // Attempts are counted only at the repeatable tests the person has opened (a query only when there are some).
  const repeatable = tests.filter((t) => t.repeatable === 1 && byTest.has(t.id)).map((t) => t.id);
  const repeats = await repos.progress.repeatsOf(participation.id, user.id, repeatable);
  return tests
    .filter((t) => shownInCampaign(t, participation, assessor))
    .map((test) =>
      presentUserTest({
        test,
        lang,
        firstName: user.first_name,
        gender: genderOf(user.gender),
        extraTimePercent: participation.extra_time_percent,
        status: statusOf(test.id),
        version: byTest.get(test.id)?.version ?? 0,
        start: checkStart(test, statusOf(test.id), statusOf, assessor, attemptsMade(byTest.get(test.id), repeats.get(test.id))),
        campaignOpen: open,
        timing: timingOf(byTest.get(test.id), now),
        activitiesUrl,
      }),
    );
}

/** Start rules for one test of the caller, reading only what the rules need. */
export async function checkUserStart(
  repos: TestDeliveryRepos,
  context: CampaignTestContext,
): Promise<StartCheck & { status: TestStatus; own: { row: ProgressRow | undefined } | null; clock: ClockRow | undefined }> {
  const { participation, user, test } = context;
  const needsAll = prerequisitesOf(test).length > 0;
  const own = needsAll ? null : { row: await repos.progress.find(participation.id, test.id, user.id) };
  const rows = own ? (own.row ? [own.row] : []) : await repos.progress.listForUser(participation.id, user.id);
  const now = new Date();
  const byTest = new Map(rows.map((p) => [p.test_id, p]));
  const statusOf = (id: number) => effectiveStatus(byTest.get(id), now);
  const status = statusOf(test.id);
  const row = byTest.get(test.id);
  const repeats = test.repeatable === 1 && row ? await repos.progress.repeatsOf(participation.id, user.id, [test.id]) : undefined;
  // `own`: the caller's whole row in this test, when the rules read it (null when they read only the statuses).
  // `clock`: the caller's row in this test as far as its clock goes (whether it ran out and is still to be settled).
  return {
    status,
    own,
    clock: byTest.get(test.id),
    ...checkStart(test, status, statusOf, callerIsAssessor(context), attemptsMade(row, repeats?.get(test.id))),
  };
}
type ProgressRow = Awaited<ReturnType<TestDeliveryRepos['progress']['find']>>;

/** 422 TEST_LOCKED naming what is missing, or 422 ATTEMPTS_EXHAUSTED for a repeatable test taken as often as it may be. */
export function testLocked(check: StartCheck & { status: TestStatus }): HttpError {
  if (attemptsExhausted(check, check.status))
    return new HttpError(422, 'ATTEMPTS_EXHAUSTED', `No attempts left: the test may be taken ${MAX_TEST_ATTEMPTS} times`);
  return new TestLockedHttpError(testLockedMessage(check.missingPrerequisites), check.missingPrerequisites);
}

/**
 * Prerequisites lock writes (saves and outcomes) as they lock the start: 422 TEST_LOCKED while one is missing, but
 * for assessors. Answers at once, without a promise, when the test has none (every save passes here).
 */
export function requirePrerequisites(repos: TestDeliveryRepos, context: CampaignTestContext): Promise<void> | undefined {
  if (prerequisitesOf(context.test).length === 0 || callerIsAssessor(context)) return undefined;
  return requireCompleted(repos, context);
}

async function requireCompleted(repos: TestDeliveryRepos, context: CampaignTestContext) {
  const { missingPrerequisites } = await checkUserStart(repos, context);
  if (missingPrerequisites.length > 0) throw new TestLockedHttpError(testLockedMessage(missingPrerequisites), missingPrerequisites);
}
