import { STAFF_PATHS } from '@prova/contract/staff';
import { invitationResponseSchema, type InvitationRequest } from '@prova/contract/staff-participants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys } from './query-keys';

/** POST /staff/campaigns/{campaignId}/invitations: everyone not invited yet, or the people named. */
export function inviteParticipants(campaignId: number, body: InvitationRequest) {
  return api.post(STAFF_PATHS.invitations(campaignId), body, invitationResponseSchema);
}

export function useInviteParticipants(campaignId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvitationRequest) => inviteParticipants(campaignId, body),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: staffKeys.progressAll(campaignId) }),
        queryClient.invalidateQueries({ queryKey: staffKeys.campaign(campaignId) }),
      ]);
    },
  });
}
