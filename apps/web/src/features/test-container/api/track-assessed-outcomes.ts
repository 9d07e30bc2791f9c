import { statusOk } from '@prova/contract/common';
import type { Outcome } from '@prova/contract/tests';
import { api, API_BASE } from '@/lib/api-client';

/** Assessor: POST /tests/{testId}/assessedOutcomes/{campaignId}/{userId} with the outcomes about that person. */
export async function trackAssessedOutcomes(campaignId: number, testId: number, userId: number, values: Outcome[]) {
  await api.post(`/tests/${testId}/assessedOutcomes/${campaignId}/${userId}`, { values }, statusOk);
}

/** The same POST by navigator.sendBeacon, for page unload; false when it could not go. */
export function beaconAssessedOutcomes(campaignId: number, testId: number, userId: number, values: Outcome[]): boolean {
  if (typeof navigator === 'undefined' || !navigator.sendBeacon) return false;
  const body = new Blob([JSON.stringify({ values })], { type: 'application/json' });
  try {
    return navigator.sendBeacon(`${API_BASE}/tests/${testId}/assessedOutcomes/${campaignId}/${userId}`, body);
  } catch {
    return false;
  }
}
