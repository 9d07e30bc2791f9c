import { STAFF_PATHS } from '@prova/contract/staff';
import { jobResponseSchema, type Job } from '@prova/contract/staff-jobs';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A bundle of several megabytes takes a while to send on a slow line. */
const UPLOAD_TIMEOUT_MS = 120_000;

/**
 * POST /staff/imports: the bundle as the body (its JSON, or a zip of it and its packages as
 * `application/zip`); answers 202 with a job that validates without writing anything.
 */
export async function uploadBundle(bundle: Record<string, unknown> | Blob): Promise<Job> {
  const { job } = await api.post(STAFF_PATHS.imports, bundle, jobResponseSchema, { timeoutMs: UPLOAD_TIMEOUT_MS });
  return job;
}

export function useUploadBundle() {
  return useMutation({ mutationFn: uploadBundle });
}
