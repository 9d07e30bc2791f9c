import { TEST_LIBRARY_PATHS, testPackageResponseSchema, type TestPackageQuery } from '@prova/contract/staff-test-library';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys, toSearch } from './query-keys';

/** A package of tens of megabytes takes a while to send on a slow line. */
const UPLOAD_TIMEOUT_MS = 120_000;

/** POST /staff/test-packages: a QTI or SCORM package's zip becomes a test of the company. */
export function uploadTestPackage(file: Blob, query: TestPackageQuery) {
  const zip = file.type === 'application/zip' ? file : new Blob([file], { type: 'application/zip' });
  return api.post(`${TEST_LIBRARY_PATHS.packages}${toSearch(query)}`, zip, testPackageResponseSchema, { timeoutMs: UPLOAD_TIMEOUT_MS });
}

export function useUploadTestPackage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, query }: { file: Blob; query: TestPackageQuery }) => uploadTestPackage(file, query),
    onSuccess: () => client.invalidateQueries({ queryKey: staffKeys.managedTests() }),
  });
}
