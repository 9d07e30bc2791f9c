import { personalDataFileName } from '@prova/contract/personal-data';
import { API_BASE } from '@/lib/api-client';
import { fileNameOf, saveBlob } from './download-report';

/** GET /people/{id}/data-export: the person's data export (issue 52), produced by staff at their request, saved as a file. */
export async function downloadPersonalData(userId: number): Promise<boolean> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/people/${userId}/data-export`, { credentials: 'same-origin' });
  } catch {
    return false;
  }
  if (!response.ok) return false;
  saveBlob(await response.blob(), fileNameOf(response) ?? personalDataFileName(userId));
  return true;
}
