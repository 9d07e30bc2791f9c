import type { BundleModel } from '@prova/contract/bundle';
import { PROGRESS_DATA_MAX_CHARS, type ProgressWriteResponse, type SyncStateResponse } from '@prova/contract/tests';
import { genderedJson, genderOf } from '@prova/contract/gendered-text';
import { acceptsAnswers, acceptsRatings } from '../domain/campaign-window';
import { contentLang } from '../domain/content-language';
import { asTestStatus, effectiveStatus, endsAtFor, isTimeUp, timingOf } from '../domain/test-clock';
import { HttpError, testComplete, windowSuperseded } from '../http/http-error';
import type { CampaignTestContext, ParticipationContext } from '../policies/test-access';
import { presentTheme } from '../presenters/present-test';
import type { ProgressKey, ProgressWrite } from '../repositories/progress-repository';
import type { TestDeliveryRepos } from '../repositories/create-repositories';
import { inGroups } from './in-groups';
import { ratingCriteria } from './rating/rating-criteria';
import { checkUserStart, requirePrerequisites, testLocked } from './user-tests';

// What an activity's tracking calls do once the route has said who may (policies/test-access.ts): open a test (its
// clock starts once), read where it stands, save versioned progress, and say which tests a browser holds newer
// versions of. The server's clock decides when a timed test ends; a completed server-scored test is queued for scoring.

type Scoring = { enqueue(key: ProgressKey): void };
/** Told of every test that becomes complete here (services/integrations/events.ts). */
type Completions = { testCompleted(key: ProgressKey): void };
type ProgressRow = Awaited<ReturnType<TestDeliveryRepos['progress']['find']>>;
export type ProgressChange = Pick<ProgressWrite, 'version' | 'status' | 'data' | 'windowId'>;

const keyOf = (context: CampaignTestContext): ProgressKey => ({
  campaignId: context.participation.id,
  testId: context.test.id,
  userId: context.user.id,
});

// Most tests' options hold no `[[male|female|neutral]]` words: those are not walked. Told once per options value (the
// repository shares one per distinct settings text).
const choicesIn = new WeakMap<object, boolean>();
const NO_OPTIONS: Readonly<Record<string, unknown>> = Object.freeze({});
function holdsChoices(options: object): boolean {
  let holds = choicesIn.get(options);
  if (holds === undefined) choicesIn.set(options, (holds = JSON.stringify(options).includes('[[')));
  return holds;
}

/**
 * The test's options as the activity gets them, their `[[male|female|neutral]]` words resolved for the person taking
 * it (docs/bundle-format.md). An agenda test's preview (the e-mail or chat that announces it, in the person's
 * language, first name filled in) comes along as `preview`; an assessor test also gets its rating criteria, from the
 * campaign's report model (`model`, read only for those), and `ratingsLocked` once the campaign's ratings are locked.
 */
function testDataOf(context: CampaignTestContext, model: BundleModel | null): string {
  const gender = genderOf(context.user.gender);
  const stored = context.test.json_data.options ?? NO_OPTIONS;
  const options = holdsChoices(stored) ? genderedJson(stored, gender) : stored;
  if (typeof options !== 'object' || Array.isArray(options) || options === null) return JSON.stringify(options);
  const lang = contentLang(context.participation, context.user);
  const preview = presentTheme(context.test.theme, lang, context.user.first_name, gender)?.preview;
  if (context.test.assessor_test !== 1) return JSON.stringify({ ...options, ...(preview ? { preview } : {}) });
  const criteria = ratingCriteria({ model, jsonData: context.test.json_data, testId: context.test.id, lang });
  // The grid shows itself read-only, saying why, once the campaign's ratings are locked (acceptsRatings).
  const locked = !acceptsRatings(context.participation);
  return JSON.stringify({ ...options, ...(preview ? { preview } : {}), criteria, ...(locked ? { ratingsLocked: true } : {}) });
}

/** Progress data is kept as text: a string as sent, any other JSON value as its JSON text. */
export function storedData(data: unknown): string {
  const text = typeof data === 'string' ? data : JSON.stringify(data);
  if (text.length > PROGRESS_DATA_MAX_CHARS) {
    throw new HttpError(413, 'PAYLOAD_TOO_LARGE', `data: longer than ${PROGRESS_DATA_MAX_CHARS} characters`, [
      { path: 'body.data', message: 'too long' },
    ]);
  }
  return text;
}

/** One per app: concurrent saves share statements and commits, each answered once its group is durable. */
export function createTestDelivery(repos: TestDeliveryRepos, scoring: Scoring, events: Completions) {
  const saves = inGroups((writes: ProgressWrite[]) => repos.progress.saveProgress(writes, new Date()));

  /** Settles this test if its time ran out (and queues its scoring); true if it did. */
  const settleIfExpired = async (key: ProgressKey, now: Date) => {
    const settled = await repos.progress.settleExpired(now, key);
    for (const k of settled) {
      scoring.enqueue(k);
      events.testCompleted(k);
    }
    return settled.length > 0;
  };

  const syncState = async (context: CampaignTestContext, row: ProgressRow, now: Date): Promise<SyncStateResponse> => ({
    status: true as const,
    data: { version: row?.version ?? 0, data: row?.data ?? null },
    testData: testDataOf(
      context,
      context.test.assessor_test === 1 ? (await repos.campaigns.contentOf(context.participation.id)).model : null,
    ),
    testStatus: effectiveStatus(row, now),
    timing: timingOf(row, now),
  });

  return {
    /** What tracking starts from; reads only (`start` is the opening). A start the rules lock is refused. */
    async read(context: CampaignTestContext, windowId?: string): Promise<SyncStateResponse> {
      const check = await checkUserStart(repos, context);
      if (!check.canStart) throw testLocked(check);
      const row = check.own ? check.own.row : await repos.progress.find(context.participation.id, context.test.id, context.user.id);
      const state = await syncState(context, row, new Date());
      if (windowId === undefined) return state;
      const holder = row?.status === 'complete' ? null : (row?.window_id ?? null);
      return { ...state, heldByOtherWindow: holder !== null && holder !== windowId };
    },

    /**
     * The test is opened: a timed test's clock starts now (once: reloads keep it), a finished repeatable test starts a
     * new attempt. The window it is opened in (`windowId`) holds the attempt from now on; another window's saves are
     * refused. The answer is what the server holds, so a window taking the attempt over starts from the latest state.
     */
    async start(context: CampaignTestContext, windowId?: string): Promise<SyncStateResponse> {
      const key = keyOf(context);
      const now = new Date();
      const check = await checkUserStart(repos, context);
      // A clock that ran out is settled (and the test scored) here if nothing did it yet; the rules above already read
      // such a row as complete. Read first, settled only then: one statement fewer on every other opening.
      if (check.clock?.status === 'incomplete' && isTimeUp(check.clock, now)) await settleIfExpired(key, now);
      if (!check.canStart) throw testLocked(check);
      const endsAt = endsAtFor(context.test.json_data, now, context.participation.extra_time_percent);
      // The language the attempt is delivered in, kept with it for the exports.
      const lang = contentLang(context.participation, context.user);
      const row =
        check.status === 'complete'
          ? await repos.progress.reopen(key, endsAt, now, lang)
          : await repos.progress.start(key, endsAt, now, lang);
      // Another opening took the last attempt meanwhile.
      if (!row) throw testLocked({ ...check, attemptsLeft: 0 });
      if (windowId !== undefined && row.window_id !== windowId) await repos.progress.claimWindow(key, windowId);
      return syncState(context, row, now);
    },

    /**
     * A versioned write. The answer always says what the server holds; a write into a complete test, or past a timed
     * test's end and grace, is refused with 409 and changes nothing; so is one from a window that no longer holds the
     * attempt (WINDOW_SUPERSEDED).
     */
    async write(context: CampaignTestContext, change: ProgressChange): Promise<ProgressWriteResponse> {
      await requirePrerequisites(repos, context);
      const key = keyOf(context);
      const now = new Date();
      const scored = context.test.server_scored === 1;
      const endsAt = endsAtFor(context.test.json_data, now, context.participation.extra_time_percent);
      const lang = contentLang(context.participation, context.user);
      const state = await saves.run({ ...key, ...change, endsAt, scored, at: now, lang });
      if (state.refused === 'otherWindow') throw windowSuperseded();
      if (state.refused) {
        if (state.refused === 'timeUp') await settleIfExpired(key, now);
        throw testComplete(state.refused === 'timeUp');
      }
      if (state.completeNow && scored) scoring.enqueue(key);
      if (state.completeNow) events.testCompleted(key);
      return { status: true as const, version: state.version, stored: state.stored, testStatus: asTestStatus(state.status) };
    },

    /** Which of the tests a browser holds versions of it should send: newer than the server's, in a test still open. */
    async needPushing({ participation, user }: ParticipationContext, held: ReadonlyArray<{ testId: number; version: number }>) {
      // A campaign that is over takes no more saves: nothing to push, whatever a browser still holds.
      if (!acceptsAnswers(participation)) return [];
      const [inCampaign, progress] = await Promise.all([
        repos.tests.listForCampaign(participation.id),
        repos.progress.listForUser(participation.id, user.id),
      ]);
      const known = new Set(inCampaign.map((t) => t.id));
      const stored = new Map(progress.map((p) => [p.test_id, p]));
      const now = new Date();
      // A finished test takes no more saves either.
      const pushing = held.filter(
        (t) =>
          known.has(t.testId) &&
          effectiveStatus(stored.get(t.testId), now) !== 'complete' &&
          t.version > (stored.get(t.testId)?.version ?? 0),
      );
      return [...new Set(pushing.map((t) => t.testId))];
    },
  };
}
