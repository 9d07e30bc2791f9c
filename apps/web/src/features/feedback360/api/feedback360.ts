import {
  type EvaluationResponse,
  evaluationResponseSchema,
  type QuestionsResponse,
  questionsResponseSchema,
  type RelationsResponse,
  relationsResponseSchema,
} from '@prova/contract/feedback360';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

type Options = { signal?: AbortSignal };

export const relationsQueryKey = (campaignId: number) => ['feedback360', campaignId, 'relations'] as const;

/** GET /usercampaign/{campaignId}/userrelation: whom the caller evaluates, and how far each evaluation is. */
export async function getRelations(campaignId: number, { signal }: Options = {}): Promise<RelationsResponse> {
  return api.get(`/usercampaign/${campaignId}/userrelation`, relationsResponseSchema, { signal });
}

/** GET /usercampaign/{campaignId}/questions/{evaluee}. */
export async function getQuestions(campaignId: number, evaluee: number, { signal }: Options = {}): Promise<QuestionsResponse> {
  return api.get(`/usercampaign/${campaignId}/questions/${evaluee}`, questionsResponseSchema, { signal });
}

/** GET /tests/360/data/{campaignId}/{evaluee}: the answers the server holds, with their version. */
export async function getEvaluation(campaignId: number, evaluee: number, { signal }: Options = {}): Promise<EvaluationResponse['data']> {
  const { data } = await api.get(`/tests/360/data/${campaignId}/${evaluee}`, evaluationResponseSchema, { signal });
  return data;
}

/** Read afresh on every visit: answers travel in the background and the states change. */
export function useRelations(campaignId: number) {
  return useQuery({
    queryKey: relationsQueryKey(campaignId),
    queryFn: ({ signal }) => getRelations(campaignId, { signal }),
    refetchOnMount: 'always',
  });
}

export function useQuestionnaire(campaignId: number, evaluee: number) {
  const questions = useQuery({
    queryKey: ['feedback360', campaignId, 'questions', evaluee],
    queryFn: ({ signal }) => getQuestions(campaignId, evaluee, { signal }),
  });
  const evaluation = useQuery({
    queryKey: ['feedback360', campaignId, 'evaluation', evaluee],
    queryFn: ({ signal }) => getEvaluation(campaignId, evaluee, { signal }),
    gcTime: 0,
  });
  return { questions, evaluation };
}
