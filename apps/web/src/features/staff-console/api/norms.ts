import {
  type CreateNormRequest,
  NORM_PATHS,
  normListResponseSchema,
  normPreviewResponseSchema,
  normResponseSchema,
} from '@prova/contract/norms';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getStaffCampaign } from './get-staff-campaign';
import { staffKeys } from './query-keys';

/** GET /staff/norms: the company's norm groups, with the campaigns that report against each. */
export function useNorms() {
  return useQuery({
    queryKey: staffKeys.norms(),
    queryFn: async ({ signal }) => (await api.get(NORM_PATHS.norms, normListResponseSchema, { signal })).norms,
  });
}

/** POST /staff/norms/preview: n, mean and sd the norm would have, nothing saved. */
export function usePreviewNorm() {
  return useMutation({
    mutationFn: async (body: CreateNormRequest) => (await api.post(NORM_PATHS.preview, body, normPreviewResponseSchema)).norm,
  });
}

/** POST /staff/norms: builds and keeps the norm. */
export function useCreateNorm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateNormRequest) => (await api.post(NORM_PATHS.norms, body, normResponseSchema)).norm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.norms() }),
  });
}

/** PUT /staff/campaigns/{id}/norms: the norms the campaign's reports read against. */
export function useSetCampaignNorms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ campaignId, norms }: { campaignId: number; norms: number[] }) =>
      (await api.put(NORM_PATHS.campaignNorms(campaignId), { norms }, normListResponseSchema)).norms,
    onSuccess: (norms) => queryClient.setQueryData(staffKeys.norms(), norms),
  });
}

/** The tests of a campaign (none asked for before one is chosen). */
export function useCampaignTests(campaignId: number | undefined) {
  return useQuery({
    queryKey: staffKeys.campaign(campaignId ?? 0),
    queryFn: ({ signal }) => getStaffCampaign(campaignId!, { signal }),
    enabled: campaignId !== undefined,
    select: (answer) => answer.tests.filter((test) => !test.assessorTest),
  });
}
