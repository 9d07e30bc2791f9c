import type { AuthoredTest } from '@prova/contract/authored-test';
import type { AuthoredTestSummary } from '@prova/contract/staff-authoring';
import type { AuthoredTestRow } from '../repositories/staff/authored-tests-repository';

// A test written in the console as the staff API answers it (packages/contract/src/staff-authoring.ts).

export function presentAuthoredSummary(
  row: AuthoredTestRow,
  test: AuthoredTest,
  use: { started: boolean; campaignIds: number[] },
): AuthoredTestSummary {
  return {
    id: row.test_id,
    abbreviation: row.abbreviation,
    title: test.title[test.languages[0]] ?? '',
    languages: test.languages,
    items: test.sections.reduce((n, section) => n + section.items.length, 0),
    started: use.started,
    campaignIds: use.campaignIds,
    packageHash: row.package_hash ?? '',
    updatedAt: row.updated_at,
  };
}
