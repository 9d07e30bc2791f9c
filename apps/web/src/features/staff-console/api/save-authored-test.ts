import { authoredTestResponseSchema, type AuthoredTestResponse, type AuthoredTestWrite } from '@prova/contract/staff-authoring';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { AUTHORED_PATHS } from './authored-paths';
import { staffKeys } from './query-keys';

/** POST /staff/authored-tests (a new test, 201) or PUT /staff/authored-tests/{testId} (a new version; 409 once started). */
export function saveAuthoredTest(testId: number | undefined, body: AuthoredTestWrite): Promise<AuthoredTestResponse> {
  return testId === undefined
    ? apiRequest(AUTHORED_PATHS.tests, { method: 'POST', body, schema: authoredTestResponseSchema })
    : apiRequest(AUTHORED_PATHS.test(testId), { method: 'PUT', body, schema: authoredTestResponseSchema });
}

export function useSaveAuthoredTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ testId, body }: { testId?: number; body: AuthoredTestWrite }) => saveAuthoredTest(testId, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(staffKeys.authoredTest(saved.summary.id), saved);
      void queryClient.invalidateQueries({ queryKey: staffKeys.authoredTests() });
      // The campaigns it joined count one test more.
      void queryClient.invalidateQueries({ queryKey: staffKeys.campaigns() });
    },
  });
}
