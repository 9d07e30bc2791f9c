import { type AgreementAnswer, agreementSchema, type ItemAnalysisAnswer, itemAnalysisSchema } from '@prova/contract/item-analysis';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys } from './query-keys';

export const ANALYSIS_PATHS = {
  analysis: (testId: number, campaignIds?: readonly number[]) =>
    `/staff/tests/${testId}/analysis${campaignIds?.length ? `?campaigns=${campaignIds.join(',')}` : ''}`,
  csv: (testId: number, campaignIds?: readonly number[]) =>
    `/staff/tests/${testId}/analysis.csv${campaignIds?.length ? `?campaigns=${campaignIds.join(',')}` : ''}`,
  agreement: (campaignId: number) => `/staff/campaigns/${campaignId}/agreement`,
};

/** GET /staff/tests/{testId}/analysis: a QTI test's item analysis over the company's completed attempts. */
export function useItemAnalysis(testId: number, campaignIds?: readonly number[]) {
  return useQuery({
    queryKey: staffKeys.itemAnalysis(testId, campaignIds ?? []),
    queryFn: ({ signal }): Promise<ItemAnalysisAnswer> =>
      api.get(ANALYSIS_PATHS.analysis(testId, campaignIds), itemAnalysisSchema, { signal }),
  });
}

/** GET /staff/campaigns/{campaignId}/agreement: a 360 campaign's rater agreement by relation group. */
export function useRaterAgreement(campaignId: number, enabled: boolean) {
  return useQuery({
    queryKey: staffKeys.agreement(campaignId),
    queryFn: ({ signal }): Promise<AgreementAnswer> => api.get(ANALYSIS_PATHS.agreement(campaignId), agreementSchema, { signal }),
    enabled,
  });
}
