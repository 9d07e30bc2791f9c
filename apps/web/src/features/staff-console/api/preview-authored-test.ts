import { authoredPreviewResponseSchema, type AuthoredPreviewResponse } from '@prova/contract/staff-authoring';
import type { AuthoredTestInput } from '@prova/contract/authored-test';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { AUTHORED_PATHS } from './authored-paths';

/** POST /staff/authored-tests/preview: the form as it is, made a package, and the player's url to frame it in. */
export function previewAuthoredTest(test: AuthoredTestInput): Promise<AuthoredPreviewResponse> {
  return api.post(AUTHORED_PATHS.preview, { test }, authoredPreviewResponseSchema);
}

export function usePreviewAuthoredTest() {
  return useMutation({ mutationFn: previewAuthoredTest });
}
