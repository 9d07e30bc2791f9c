import { STAFF_PATHS } from '@prova/contract/staff';
import { companyStaffListResponseSchema, type StaffAppointment, staffAppointmentResponseSchema } from '@prova/contract/staff-companies';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '@/lib/api-client';
import { staffKeys } from './query-keys';

// A company's staff as the operator appoints them.

export function useCompanyStaff(companyId: number) {
  return useQuery({
    queryKey: staffKeys.companyStaff(companyId),
    queryFn: async ({ signal }) => (await api.get(STAFF_PATHS.companyStaff(companyId), companyStaffListResponseSchema, { signal })).staff,
  });
}

/** POST /companies/{id}/staff: the person is created (or given the role) and mailed how to get in. */
export function useAppointStaff(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffAppointment) =>
      apiRequest(STAFF_PATHS.companyStaff(companyId), { method: 'POST', body, schema: staffAppointmentResponseSchema }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: staffKeys.companyStaff(companyId) });
      void queryClient.invalidateQueries({ queryKey: staffKeys.companies() });
    },
  });
}
