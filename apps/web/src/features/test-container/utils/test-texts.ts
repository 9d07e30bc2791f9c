import type { UserTest } from '@prova/contract/tests';

/** A timed test: jsonData.hasTimer. */
export function isTimedTest(test: Pick<UserTest, 'jsonData'>): boolean {
  return test.jsonData.hasTimer === true;
}

/** The test's own exit message (jsonData.exitMessage: a text, or texts keyed by language code). */
export function ownExitMessage(test: Pick<UserTest, 'jsonData'>, lang: string): string | undefined {
  const message = test.jsonData.exitMessage;
  if (typeof message === 'string') return message.trim() || undefined;
  if (message && typeof message === 'object') {
    const byLang = message as Record<string, unknown>;
    const text = byLang[lang] ?? byLang.IT_it ?? Object.values(byLang)[0];
    return typeof text === 'string' && text.trim() ? text : undefined;
  }
  return undefined;
}

/**
 * Legacy tests support only up-to-date browsers (spec sections 3 and 8): a browser without
 * structuredClone or Intl.Segmenter predates the 2022-2024 releases of Chrome, Firefox, Edge and Safari.
 */
export function isLegacyUnsupportedBrowser(): boolean {
  return typeof globalThis.structuredClone !== 'function' || typeof Intl === 'undefined' || typeof Intl.Segmenter !== 'function';
}

/** Spec section 5: valid data for the container needs integer campaign, test and user ids. */
export function hasValidTrackingIds(campaignId: unknown, testId: unknown, userId: unknown): boolean {
  return Number.isInteger(campaignId) && Number.isInteger(testId) && Number.isInteger(userId);
}
