import { apiErrorSchema } from '@prova/contract/errors';
import { STAFF_PATHS } from '@prova/contract/staff';
import { API_BASE, readJson } from '@/lib/api-client';

export type ReportDownloadResult = 'downloaded' | 'not-available' | 'failed';

/**
 * GET .../participants/{userId}/report.pdf, saved as a file. Fetched rather than linked, so that a
 * report with nothing to show yet (403 REPORT_NOT_AVAILABLE) is said on the page instead of ending
 * as a broken download.
 */
export async function downloadReport(campaignId: number, userId: number, fallbackName: string): Promise<ReportDownloadResult> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${STAFF_PATHS.reportPdf(campaignId, userId)}`, { credentials: 'same-origin' });
  } catch {
    return 'failed';
  }
  if (!response.ok) {
    const body = apiErrorSchema.safeParse(await readJson(response));
    return body.success && body.data.code === 'REPORT_NOT_AVAILABLE' ? 'not-available' : 'failed';
  }
  const blob = await response.blob();
  saveBlob(blob, fileNameOf(response) ?? fallbackName);
  return 'downloaded';
}

/** The name the server gave in Content-Disposition (RFC 5987 `filename*` first). */
export function fileNameOf(response: Response): string | undefined {
  const header = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="?([^";]+)"?/i.exec(header)?.[1];
}

export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
