import { testJsonDataSchema, type UserTest } from '@prova/contract/tests';
import { describe, expect, it } from 'vitest';
import {
  completionPercent,
  DEFAULT_TEST_COLOR,
  missingPrerequisiteNames,
  startStateOf,
  testAvatarLetters,
  testColor,
  testImageUrl,
  textColorOn,
  visibleTests,
} from './test-rules';
import { isTimedTest } from '@/lib/user-tests';

function userTest(overrides: Partial<UserTest> = {}): UserTest {
  return {
    id: 1,
    abbreviation: 'RAG',
    name: 'Ragionamento numerico',
    description: '',
    instructions: '',
    url: '/activities/numerical/',
    img: null,
    label: null,
    repeatable: false,
    legacy: false,
    jsonData: {},
    timing: null,
    assessorTest: false,
    theme: null,
    labels360: null,
    prerequisites: [],
    missingPrerequisites: [],
    canStart: true,
    attemptsLeft: null,
    status: 'not attempted',
    version: 0,
    startDate: null,
    section: null,
    ...overrides,
  };
}

const candidate = { isAssessor: false };
const open = { acceptsAnswers: true };
const assessor = { isAssessor: true };

describe('avatar and colour', () => {
  it('shows the abbreviation, or the first two letters of the name without one', () => {
    expect(testAvatarLetters(userTest())).toBe('RAG');
    expect(testAvatarLetters(userTest({ abbreviation: ' ', name: 'stili di lavoro' }))).toBe('ST');
  });

  it('uses jsonData.color, else the default red', () => {
    expect(testColor(userTest({ jsonData: { color: '#1565c0' } }))).toBe('#1565c0');
    expect(testColor(userTest())).toBe(DEFAULT_TEST_COLOR);
    // A colour that is not one reads as absent once the answer is parsed.
    expect(testColor(userTest({ jsonData: testJsonDataSchema.parse({ color: 'url(x)' }) }))).toBe(DEFAULT_TEST_COLOR);
  });

  it('picks the readable text colour', () => {
    expect(textColorOn('#1565c0')).toBe('#ffffff');
    expect(textColorOn('#f9a825')).toBe('#000000');
  });

  it('finds the image under the test base URL', () => {
    expect(testImageUrl(userTest({ jsonData: { image: 'numerical.png' } }))).toBe('/activities/numerical/images/numerical.png');
    expect(testImageUrl(userTest({ img: '/img/x.png', jsonData: { image: 'y.png' } }))).toBe('/img/x.png');
    expect(testImageUrl(userTest())).toBeUndefined();
  });
});

describe('start rules', () => {
  it('a complete test starts again only when repeatable', () => {
    expect(startStateOf(userTest({ status: 'complete', canStart: false }), candidate, open, false)).toBe('complete');
    expect(startStateOf(userTest({ status: 'complete', repeatable: true, attemptsLeft: 3 }), candidate, open, false)).toBe('startable');
  });

  it('a repeatable test taken as many times as it may be starts no more', () => {
    const done = userTest({ status: 'complete', repeatable: true, attemptsLeft: 0, canStart: false });
    expect(startStateOf(done, candidate, open, false)).toBe('exhausted');
    // The attempt under way goes on.
    expect(startStateOf({ ...done, status: 'incomplete', canStart: true }, candidate, open, false)).toBe('startable');
  });

  it('a campaign that is over starts nothing, though a finished test still reads as finished', () => {
    const over = { acceptsAnswers: false };
    expect(startStateOf(userTest({ canStart: false }), candidate, over, false)).toBe('closed');
    expect(startStateOf(userTest({ status: 'incomplete', canStart: false }), assessor, over, false)).toBe('closed');
    expect(startStateOf(userTest({ status: 'complete', canStart: false }), candidate, over, false)).toBe('complete');
  });

  it('missing prerequisites lock the test, except for assessors', () => {
    const locked = userTest({ missingPrerequisites: [7], canStart: false });
    expect(startStateOf(locked, candidate, open, false)).toBe('locked');
    expect(startStateOf({ ...locked, canStart: true }, assessor, open, false)).toBe('startable');
  });

  it('a legacy test needs a supported browser', () => {
    expect(startStateOf(userTest({ legacy: true }), candidate, open, true)).toBe('legacy');
    expect(startStateOf(userTest({ legacy: true }), candidate, open, false)).toBe('startable');
    expect(startStateOf(userTest(), candidate, open, true)).toBe('startable');
  });

  it('names the prerequisites still to finish', () => {
    const tests = [userTest({ id: 7, name: 'Primo' }), userTest({ id: 8, missingPrerequisites: [7, 99] })];
    expect(missingPrerequisiteNames(tests[1], tests)).toEqual(['Primo', '#99']);
  });

  it('is timed only with a timer and a duration', () => {
    expect(isTimedTest(userTest({ jsonData: { hasTimer: true, duration: 20 } }))).toBe(true);
    expect(isTimedTest(userTest({ jsonData: { hasTimer: false, duration: 20 } }))).toBe(false);
    expect(isTimedTest(userTest({ jsonData: { hasTimer: true } }))).toBe(false);
  });

  it('lists the 360 test only in a 360 campaign', () => {
    const tests = [userTest(), userTest({ id: 360 })];
    expect(visibleTests(tests, { is360: false }).map((t) => t.id)).toEqual([1]);
    expect(visibleTests(tests, { is360: true }).map((t) => t.id)).toEqual([1, 360]);
  });
});

describe('dashboard figures', () => {
  it('rounds the completion percentage', () => {
    expect(completionPercent([])).toBe(0);
    expect(completionPercent([{ status: 'complete' }, { status: 'incomplete' }, { status: 'not attempted' }])).toBe(33);
    expect(completionPercent([{ status: 'complete' }, { status: 'complete' }, { status: 'incomplete' }])).toBe(67);
  });
});
