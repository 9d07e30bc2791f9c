import {
  type RatingAnswer,
  ratingAnswerSchema,
  type RatingList,
  ratingListSchema,
  type RatingSheet,
  ratingSheetSchema,
} from '@prova/contract/item-ratings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const ratingsQueryKey = (campaignId: number) => ['ratings', campaignId] as const;
export const ratingSheetQueryKey = (campaignId: number, testId: number, userId: number) => ['ratings', campaignId, testId, userId] as const;

/** GET /ratings/{campaignId}: the QTI tests with answers the assessor rates, and the people in each. */
export async function getRatings(campaignId: number, { signal }: { signal?: AbortSignal } = {}): Promise<RatingList['tests']> {
  const { tests } = await api.get(`/ratings/${campaignId}`, ratingListSchema, { signal });
  return tests;
}

/** Read afresh whenever the home mounts: candidates hand tests in meanwhile. */
export function useRatings(campaignId: number) {
  return useQuery({
    queryKey: ratingsQueryKey(campaignId),
    queryFn: ({ signal }) => getRatings(campaignId, { signal }),
    refetchOnMount: 'always',
  });
}

/** GET /ratings/{campaignId}/{testId}/{userId}: one candidate's answers to rate. */
export function useRatingSheet(campaignId: number, testId: number, userId: number) {
  return useQuery({
    queryKey: ratingSheetQueryKey(campaignId, testId, userId),
    queryFn: ({ signal }) => api.get<RatingSheet>(`/ratings/${campaignId}/${testId}/${userId}`, ratingSheetSchema, { signal }),
    refetchOnMount: 'always',
  });
}

/** PUT /ratings/{campaignId}/{testId}/{userId}/{itemId}: a rating; the sheet and the list are read again once stored. */
export function useRateItem(campaignId: number, testId: number, userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, points }: { itemId: string; points: number }) =>
      api.put<RatingAnswer>(`/ratings/${campaignId}/${testId}/${userId}/${encodeURIComponent(itemId)}`, { points }, ratingAnswerSchema),
    onSuccess: (answer) => {
      client.setQueryData<RatingSheet>(ratingSheetQueryKey(campaignId, testId, userId), (sheet) =>
        sheet
          ? {
              ...sheet,
              final: answer.final,
              score: answer.score,
              items: sheet.items.map((item) => (item.identifier === answer.item.identifier ? answer.item : item)),
            }
          : sheet,
      );
      void client.invalidateQueries({ queryKey: ratingsQueryKey(campaignId), exact: true });
    },
  });
}
