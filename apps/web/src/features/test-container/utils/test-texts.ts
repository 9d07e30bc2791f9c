import type { UserTest } from '@prova/contract/tests';

/** The test's own exit message (the server gives it in the person's language), if it has one. */
export function ownExitMessage(test: Pick<UserTest, 'jsonData'>): string | undefined {
  return test.jsonData.exitMessage?.trim() || undefined;
}

/** Valid data for the container needs integer campaign, test and user ids. */
export function hasValidTrackingIds(campaignId: unknown, testId: unknown, userId: unknown): boolean {
  return Number.isInteger(campaignId) && Number.isInteger(testId) && Number.isInteger(userId);
}
