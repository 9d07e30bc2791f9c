import type { ProgressQuery } from '@prova/contract/staff-campaigns';
import type { AuditQuery } from '@prova/contract/staff-audit';
import type { PersonQuery } from '@prova/contract/staff-people';
import type { SampleQuery } from '@prova/contract/staff-samples';

/** Every cache key of the console, under one root so that signing out (which clears the cache) drops them all. */
export const staffKeys = {
  all: ['staff'] as const,
  company: () => ['staff', 'company'] as const,
  /** The operator's list of every company, and one company's single sign-on and staff. */
  companies: () => ['staff', 'companies'] as const,
  companySso: (companyId: number) => ['staff', 'companies', companyId, 'sso'] as const,
  companyStaff: (companyId: number) => ['staff', 'companies', companyId, 'staff'] as const,
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
  tokens: () => ['staff', 'tokens'] as const,
  webhooks: () => ['staff', 'webhooks'] as const,
  deliveries: (webhookId: number) => ['staff', 'webhooks', webhookId, 'deliveries'] as const,
  managedTests: () => ['staff', 'managed-tests'] as const,
  samples: (query: SampleQuery) => ['staff', 'samples', query] as const,
  samplesAll: () => ['staff', 'samples'] as const,
  audit: (query: AuditQuery) => ['staff', 'audit', query] as const,
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
