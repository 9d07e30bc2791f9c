import { STAFF_PATHS } from '@prova/contract/staff';
import { resetResponseSchema } from '@prova/contract/staff-participants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys } from './query-keys';

export interface ResetInput {
  userId: number;
  testId: number;
  reason?: string;
}

/** POST .../participants/{userId}/tests/{testId}/reset: the attempt goes to the history, the test starts over. */
export function resetTest(campaignId: number, { userId, testId, reason }: ResetInput) {
  return api.post(STAFF_PATHS.reset(campaignId, userId, testId), reason ? { reason } : {}, resetResponseSchema);
}

export function useResetTest(campaignId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ResetInput) => resetTest(campaignId, input),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: staffKeys.progressAll(campaignId) }),
        queryClient.invalidateQueries({ queryKey: staffKeys.campaign(campaignId) }),
      ]);
    },
  });
}
