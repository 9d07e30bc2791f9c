import { API_BASE } from '@/lib/api-client';
import { AUTHORED_PATHS } from './authored-paths';
import { fileNameOf, saveBlob } from './download-report';

/** GET /staff/authored-tests/{testId}/package: the test as a QTI 3 package (a zip), saved as a file. */
export async function downloadAuthoredPackage(testId: number, fallbackName: string): Promise<boolean> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${AUTHORED_PATHS.package(testId)}`, { credentials: 'same-origin' });
  } catch {
    return false;
  }
  if (!response.ok) return false;
  saveBlob(await response.blob(), fileNameOf(response) ?? fallbackName);
  return true;
}
