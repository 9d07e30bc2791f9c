import { managedTestResponseSchema } from '@prova/contract/staff-tests';
import { TEST_LIBRARY_PATHS, type TestTextsWrite } from '@prova/contract/staff-test-library';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys } from './query-keys';

/** PUT /staff/tests/{testId}/texts: the test's name, description and instructions in every language. */
export function saveTestTexts(testId: number, texts: TestTextsWrite) {
  return api.put(TEST_LIBRARY_PATHS.texts(testId), texts, managedTestResponseSchema);
}

export function useSaveTestTexts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ testId, texts }: { testId: number; texts: TestTextsWrite }) => saveTestTexts(testId, texts),
    onSuccess: () => client.invalidateQueries({ queryKey: staffKeys.managedTests() }),
  });
}
