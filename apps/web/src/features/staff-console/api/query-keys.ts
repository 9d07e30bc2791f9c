import type { ProgressQuery } from '@prova/contract/staff-campaigns';
import type { PersonQuery } from '@prova/contract/staff-people';

/** Every cache key of the console, under one root so that signing out (which clears the cache) drops them all. */
export const staffKeys = {
  all: ['staff'] as const,
  company: () => ['staff', 'company'] as const,
  people: (query: PersonQuery) => ['staff', 'people', query] as const,
  peopleAll: () => ['staff', 'people'] as const,
  campaigns: () => ['staff', 'campaigns'] as const,
  campaign: (campaignId: number) => ['staff', 'campaign', campaignId] as const,
  progress: (campaignId: number, query: ProgressQuery) => ['staff', 'progress', campaignId, query] as const,
  progressAll: (campaignId: number) => ['staff', 'progress', campaignId] as const,
  job: (jobId: string) => ['staff', 'job', jobId] as const,
  languages: () => ['staff', 'languages'] as const,
  authoredTests: () => ['staff', 'authored-tests'] as const,
  authoredTest: (testId: number) => ['staff', 'authored-test', testId] as const,
  itemAnalysis: (testId: number, campaignIds: readonly number[]) => ['staff', 'item-analysis', testId, campaignIds.join(',')] as const,
  agreement: (campaignId: number) => ['staff', 'agreement', campaignId] as const,
  norms: () => ['staff', 'norms'] as const,
  retention: () => ['staff', 'retention'] as const,
  responses: (campaignId: number, userId: number, testId: number) => ['staff', 'responses', campaignId, userId, testId] as const,
};

/** `?a=1&b=x` from the defined, non-empty values of a query object. */
export function toSearch(query: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}
