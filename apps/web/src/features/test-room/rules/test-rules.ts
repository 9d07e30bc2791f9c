import type { User } from '@prova/contract/auth';
import type { Campaign } from '@prova/contract/campaigns';
import { TEST_360_ID } from '@prova/contract/limits';
import type { UserTest } from '@prova/contract/tests';
import { isLegacyUnsupportedBrowser } from '@/lib/user-tests';

/** The default test colour is a red (the app's primary). */
export const DEFAULT_TEST_COLOR = '#c62828';

/**
 * The avatar shows the abbreviation, or the first two letters of the name when
 * there is no abbreviation.
 */
export function testAvatarLetters(test: Pick<UserTest, 'abbreviation' | 'name'>): string {
  const abbreviation = test.abbreviation.trim();
  if (abbreviation) return abbreviation.slice(0, 3).toUpperCase();
  return test.name.trim().slice(0, 2).toUpperCase() || '?';
}

/** The test's colour (jsonData.color), or the default red. */
export function testColor(test: Pick<UserTest, 'jsonData'>): string {
  return test.jsonData.color ?? DEFAULT_TEST_COLOR;
}

/** Black or white, whichever reads better on the given hex background (WCAG contrast). */
export function textColorOn(background: string): '#000000' | '#ffffff' {
  let hex = background.replace('#', '');
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join('');
  const channel = (i: number) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  const onWhite = 1.05 / (luminance + 0.05);
  const onBlack = (luminance + 0.05) / 0.05;
  return onWhite >= onBlack ? '#ffffff' : '#000000';
}

/** The picture of the test: `img`, else jsonData.image under the test's base URL. */
export function testImageUrl(test: Pick<UserTest, 'img' | 'url' | 'jsonData'>): string | undefined {
  if (test.img) return test.img;
  const image = test.jsonData.image;
  if (typeof image !== 'string' || !image) return undefined;
  if (/^(?:https?:)?\/\//.test(image) || image.startsWith('/')) return image;
  const base = test.url.endsWith('/') ? test.url : `${test.url}/`;
  return `${base}images/${image}`;
}

/** Prerequisites block the test (assessors may open tests with unmet prerequisites). */
export function isLocked(test: Pick<UserTest, 'missingPrerequisites'>, user: Pick<User, 'isAssessor'>): boolean {
  return !user.isAssessor && test.missingPrerequisites.length > 0;
}

/**
 * What the start button does for this test (test status and start rules):
 * - `startable`: the start button is shown;
 * - `complete`: done and not repeatable, no start;
 * - `closed`: the campaign is over and takes no more answers (the server's acceptsAnswers);
 * - `locked`: prerequisites still to finish;
 * - `exhausted`: a repeatable test taken as many times as it may be;
 * - `legacy`: a legacy test in an unsupported browser;
 * - `unavailable`: the server says no for another reason.
 */
export type StartState = 'startable' | 'complete' | 'closed' | 'locked' | 'exhausted' | 'legacy' | 'unavailable';

export function startStateOf(
  test: Pick<UserTest, 'canStart' | 'status' | 'repeatable' | 'legacy' | 'missingPrerequisites' | 'attemptsLeft'>,
  user: Pick<User, 'isAssessor'>,
  campaign: Pick<Campaign, 'acceptsAnswers'>,
  legacyUnsupported = isLegacyUnsupportedBrowser(),
): StartState {
  if (test.status === 'complete' && !test.repeatable) return 'complete';
  if (!campaign.acceptsAnswers) return 'closed';
  if (isLocked(test, user)) return 'locked';
  if (test.status === 'complete' && test.attemptsLeft === 0) return 'exhausted';
  if (!test.canStart) return 'unavailable';
  if (test.legacy && legacyUnsupported) return 'legacy';
  return 'startable';
}

/** Names of the prerequisites still to finish, in campaign order; unknown ids are given by number. */
export function missingPrerequisiteNames(test: Pick<UserTest, 'missingPrerequisites'>, tests: UserTest[]): string[] {
  return test.missingPrerequisites.map((id) => tests.find((t) => t.id === id)?.name ?? `#${id}`);
}

/** The tests the room lists: the 360 test only in a 360 campaign. */
export function visibleTests(tests: UserTest[], campaign: Pick<Campaign, 'is360'>): UserTest[] {
  return campaign.is360 ? tests : tests.filter((t) => t.id !== TEST_360_ID);
}

/** Completed over total, rounded. */
export function completionPercent(tests: Pick<UserTest, 'status'>[]): number {
  if (tests.length === 0) return 0;
  return Math.round((tests.filter((t) => t.status === 'complete').length / tests.length) * 100);
}
