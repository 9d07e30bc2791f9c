import { TEST_LIBRARY_PATHS, testPreviewResponseSchema } from '@prova/contract/staff-test-library';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /staff/tests/{testId}/preview: where the test is played, asked for when staff open its preview. */
export function getTestPreview(testId: number) {
  return api.get(TEST_LIBRARY_PATHS.preview(testId), testPreviewResponseSchema);
}

export function useTestPreview() {
  return useMutation({ mutationFn: getTestPreview });
}
